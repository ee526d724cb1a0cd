import { api } from '../../api/api';
import { bindCommands, type CommandContextSource } from '../../commands/registry';
import { useRuns, type RunsState } from './state';

/** What a Plans & Runs command works on: the run in the debugger. */
interface RunsContext {
  runs: RunsState;
}

const runsContext: CommandContextSource<RunsContext> = {
  current: () => ({ runs: useRuns.getState() }),
  subscribe: (listener) => useRuns.subscribe(listener),
};

/** A run is open and can still advance. */
const canAdvance = ({ runs: { run } }: RunsContext) =>
  run !== null && run.status !== 'finished' && run.status !== 'stopped';

/** The debugger's keys, as in code debuggers: F10 step, F5 continue, F6 pause, Shift+F5 stop. */
export const RUN_COMMANDS = bindCommands<RunsContext>('runs', runsContext, [
  {
    id: 'run.step',
    label: 'Step',
    category: 'Run',
    keybinding: 'F10',
    enabled: (c) => canAdvance(c) && !c.runs.busy,
    perform: ({ runs }) => runs.act((runId) => api.invoke('runs.step', { runId })),
  },
  {
    id: 'run.continue',
    label: 'Continue',
    category: 'Run',
    keybinding: 'F5',
    enabled: (c) => canAdvance(c) && !c.runs.busy,
    perform: ({ runs }) => runs.act((runId) => api.invoke('runs.continue', { runId })),
  },
  {
    id: 'run.pause',
    label: 'Pause',
    category: 'Run',
    keybinding: 'F6',
    // A run continuing while the user looks elsewhere can still be paused.
    whileHidden: true,
    enabled: ({ runs }) => runs.busy,
    perform: async ({ runs: { run } }) => {
      if (run) await api.invoke('runs.pause', { runId: run.id });
    },
  },
  {
    id: 'run.stop',
    label: 'Stop',
    category: 'Run',
    keybinding: 'Shift+F5',
    enabled: canAdvance,
    perform: ({ runs }) => runs.act((runId) => api.invoke('runs.stop', { runId })),
  },
]);
