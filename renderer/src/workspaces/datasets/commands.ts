import { panelCommand } from '../../commands/panel-actions';
import { bindCommands, formatKeybinding, type Command, type CommandContextSource } from '../../commands/registry';
import type { FilterSlice } from '../../state/trajectory-filter';
import type { UiState } from '../../state/ui-store';
import { useDatasetsFilter } from './state';

/** What a Dataset command off outside Datasets says: where it works, and how to get there. */
const IN_DATASETS = `Works in Datasets (${formatKeybinding('Mod+4')}), on the selection under review there.`;

const dataset = (
  action: Parameters<typeof panelCommand>[0],
  id: string,
  label: string,
  reason = IN_DATASETS,
  offElsewhere = false,
) => panelCommand(action, 'datasets', { id, label, category: 'Dataset', disabledReason: () => reason, offElsewhere });

const selectionContext: CommandContextSource<{ ui: UiState; selection: FilterSlice }> = {
  current: (ui) => ({ ui, selection: useDatasetsFilter.getState() }),
  subscribe: (listener) => useDatasetsFilter.subscribe(listener),
};

/**
 * The Datasets workspace's operations, for the palette and the Dataset menu: each does what its
 * button does, and one whose form needs a value first opens the form at that field.
 */
export const DATASET_COMMANDS: readonly Command[] = [
  dataset(
    'export',
    'dataset.export',
    'Export Dataset to SFT Files (JSONL)…',
    `${IN_DATASETS} It needs a dataset: make one from the selection first (New dataset from selection).`,
  ),
  dataset('findDuplicates', 'dataset.findDuplicates', 'Find Duplicates in Dataset'),
  dataset(
    'newDataset',
    'dataset.new',
    'New Dataset from Selection…',
    `${IN_DATASETS} From Trajectories, Go › Review This Selection in Datasets carries the selection over; name the dataset there.`,
    // Made from Datasets' own selection, not the one in sight elsewhere: the user carries it over first.
    true,
  ),
  dataset('synthesize', 'dataset.synthesize', 'Synthesize Trajectories from a Graph…'),
  ...bindCommands('datasets', selectionContext, [
    {
      // Trajectories keeps a filter of its own: this carries the review selection over, on purpose.
      id: 'dataset.openInTrajectories',
      label: 'Browse This Selection in Trajectories',
      category: 'Go',
      perform: ({ ui, selection }) => ui.openIn('trajectories', { filter: selection.filter }),
    },
  ]),
];
