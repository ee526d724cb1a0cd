import { anywherePanelCommand, panelCommand } from '../../commands/panel-actions';
import { bindCommands, type Command, type CommandContextSource } from '../../commands/registry';
import type { UiState } from '../../state/ui-store';
import { useBrowserStore, type BrowserState } from './state';

const browserContext: CommandContextSource<{ ui: UiState; browser: BrowserState }> = {
  current: (ui) => ({ ui, browser: useBrowserStore.getState() }),
  subscribe: (listener) => useBrowserStore.subscribe(listener),
};

/** The Trajectories workspace's operations that are not a key of their own, for the palette and menus. */
export const TRAJECTORY_COMMANDS: readonly Command[] = [
  anywherePanelCommand('importTrajectories', 'trajectories', {
    id: 'trajectories.import',
    label: 'Import Trajectories…',
    category: 'Workspace',
  }),
  panelCommand('checkAll', 'trajectories', {
    id: 'trajectories.checkAll',
    label: 'Run Checks on All Trajectories',
    category: 'Run',
  }),
  ...bindCommands('trajectories', browserContext, [
    {
      // Datasets keeps a filter of its own: this carries the browser's over, on purpose.
      id: 'trajectories.showInDatasets',
      label: 'Review This Selection in Datasets',
      category: 'Go',
      perform: ({ ui, browser }) => ui.openIn('datasets', { filter: browser.filter }),
    },
  ]),
];
