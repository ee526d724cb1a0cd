import { panelCommand } from '../../commands/panel-actions';
import { bindCommands, type Command, type CommandContextSource } from '../../commands/registry';
import type { UiState } from '../../state/ui-store';
import { useBrowserStore, type BrowserState, type TrajectoryPane } from './state';

const browserContext: CommandContextSource<{ ui: UiState; browser: BrowserState }> = {
  current: (ui) => ({ ui, browser: useBrowserStore.getState() }),
  subscribe: (listener) => useBrowserStore.subscribe(listener),
};

/** Why a command on the selected trajectory is off. */
const NO_TRAJECTORY = 'Select a trajectory in the list first.';

/** Shows `pane` in the right-hand pane, or the trajectory again when `pane` is showing (as its toolbar button toggles). */
const togglePane = ({ browser }: { browser: BrowserState }, pane: TrajectoryPane) =>
  browser.showPane(browser.pane === pane ? 'inspect' : pane);

/** The Trajectories workspace's operations, for its toolbar, the palette and menus. */
export const TRAJECTORY_COMMANDS: readonly Command[] = [
  panelCommand('importTrajectories', 'trajectories', {
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
      id: 'trajectories.replayRuntimes',
      label: 'Make Replay Runtimes from the Selection…',
      category: 'Workspace',
      perform: ({ browser }) => browser.openDrawer('replay'),
    },
    {
      id: 'trajectories.evaluate',
      label: 'Evaluate Predictions…',
      category: 'Run',
      perform: (context) => togglePane(context, 'evaluate'),
    },
    {
      id: 'trajectories.scores',
      label: 'Score Selection…',
      category: 'Run',
      perform: (context) => togglePane(context, 'scores'),
    },
    {
      id: 'trajectories.experiments',
      label: 'Experiments: Re-run the Selection with a Candidate Model or Prompt…',
      category: 'Run',
      perform: (context) => togglePane(context, 'experiments'),
    },
    {
      id: 'trajectories.openInDebugger',
      label: 'Open Trajectory in Debugger',
      category: 'Go',
      enabled: ({ browser }) => browser.selectedId !== null,
      disabledReason: () => NO_TRAJECTORY,
      perform: ({ ui, browser }) => ui.openIn('runs', { trajectoryId: browser.selectedId! }),
    },
    {
      id: 'trajectories.compareWith',
      label: 'Compare Trajectory with…',
      category: 'Workspace',
      enabled: ({ browser }) => browser.selectedId !== null,
      disabledReason: () => NO_TRAJECTORY,
      perform: ({ browser }) => browser.pickCompare(true),
    },
    {
      // Datasets keeps a filter of its own: this carries the browser's over, on purpose.
      id: 'trajectories.showInDatasets',
      label: 'Review This Selection in Datasets',
      category: 'Go',
      perform: ({ ui, browser }) => ui.openIn('datasets', { filter: browser.filter }),
    },
  ]),
];
