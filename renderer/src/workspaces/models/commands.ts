import { panelCommand, type PanelAction } from '../../commands/panel-actions';
import type { Command } from '../../commands/registry';

/** A command that runs what a Models panel registered as `action`, on while the panel can. */
const model = (action: PanelAction, id: string, label: string) =>
  panelCommand(action, 'models', { id, label, category: 'Run' });

/** The Models workspace's buttons as commands, for the palette and the Run menu. */
export const MODEL_COMMANDS: readonly Command[] = [
  model('inspectModel', 'model.inspect', 'Inspect Model File'),
  model('loadModel', 'model.load', 'Load Model'),
  model('unloadModel', 'model.unload', 'Unload Model'),
  model('buildBinding', 'model.buildBinding', 'Build llama.cpp Binding for This Machine'),
];
