import { panelCommand } from '../../commands/panel-actions';
import type { Command } from '../../commands/registry';

const dataset = (action: Parameters<typeof panelCommand>[0], id: string, label: string) =>
  panelCommand(action, 'datasets', { id, label, category: 'Dataset' });

/**
 * The Datasets workspace's operations, for the palette and the Dataset menu: each does what its
 * button does, and one whose form needs a value first opens the form at that field.
 */
export const DATASET_COMMANDS: readonly Command[] = [
  dataset('export', 'dataset.export', 'Export Dataset to SFT Files (JSONL)…'),
  dataset('findDuplicates', 'dataset.findDuplicates', 'Find Duplicates in Dataset'),
  dataset('newDataset', 'dataset.new', 'New Dataset from Selection…'),
  dataset('synthesize', 'dataset.synthesize', 'Synthesize Trajectories from a Graph…'),
];
