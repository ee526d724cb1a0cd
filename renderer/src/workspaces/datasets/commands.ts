import type { Command } from '../../commands/registry';
import type { UiState } from '../../state/ui-store';
import { usePanelActions, type DatasetAction } from './panel-actions';

const panelCommand = (action: DatasetAction, id: string, label: string): Command => ({
  id,
  label,
  category: 'Dataset',
  enabled: (ui: UiState) => ui.workspace === 'datasets' && usePanelActions.getState().handlers[action] !== undefined,
  perform: () => usePanelActions.getState().handlers[action]?.(),
});

/**
 * The Datasets workspace's operations, for the palette and the Dataset menu: each does what its
 * button does, and one whose form needs a value first opens the form at that field.
 */
export const DATASET_COMMANDS: readonly Command[] = [
  panelCommand('export', 'dataset.export', 'Export Dataset to SFT Files (JSONL)…'),
  panelCommand('findDuplicates', 'dataset.findDuplicates', 'Find Duplicates in Dataset'),
  panelCommand('newDataset', 'dataset.new', 'New Dataset from Selection…'),
  panelCommand('synthesize', 'dataset.synthesize', 'Synthesize Trajectories from a Graph…'),
];
