import { api } from '../../api/api';
import { panelCommand } from '../../commands/panel-actions';
import { bindCommands, type Command, type CommandContextSource } from '../../commands/registry';
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

/** Why a debugger key is off: no run to act on, a step under way, or the run is over. */
function debuggerOff(): string {
  const { run, busy } = useRuns.getState();
  if (!run) return 'No run is open: run a plan (Run plan) or open a trajectory in Plans & Runs first.';
  if (busy) return 'The run is taking its turn: wait for it, or Pause it.';
  return `The run has ${run.status}: start another with Run plan.`;
}

/** The plan editor's operations: each does what its button does, on the plan open in Plans & Runs. */
const PLAN_COMMANDS: readonly Command[] = [
  panelCommand('generatePlan', 'runs', { id: 'plan.generate', label: 'Generate Plan from Intent', category: 'Run' }),
  panelCommand('addStep', 'runs', { id: 'plan.addStep', label: 'Add Step to Plan', category: 'Run' }),
  panelCommand('savePlan', 'runs', { id: 'plan.save', label: 'Save Plan', category: 'Run' }),
  panelCommand('runPlan', 'runs', { id: 'plan.run', label: 'Run Plan', category: 'Run' }),
  panelCommand('runAsAgent', 'runs', { id: 'plan.runAsAgent', label: 'Run Intent as Agent', category: 'Run' }),
];

/** The debugger's keys, as in code debuggers: F10 step, F5 continue, F6 pause, Shift+F5 stop. */
const DEBUGGER_COMMANDS = bindCommands<RunsContext>('runs', runsContext, [
  {
    id: 'run.step',
    label: 'Step',
    category: 'Run',
    keybinding: 'F10',
    disabledReason: debuggerOff,
    enabled: (c) => canAdvance(c) && !c.runs.busy,
    perform: ({ runs }) => runs.act((runId) => api.invoke('runs.step', { runId })),
  },
  {
    id: 'run.continue',
    label: 'Continue',
    category: 'Run',
    keybinding: 'F5',
    disabledReason: debuggerOff,
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
    disabledReason: debuggerOff,
    enabled: canAdvance,
    perform: ({ runs }) => runs.act((runId) => api.invoke('runs.stop', { runId })),
  },
]);

/** Plans & Runs' commands: the plan editor's, then the debugger's. */
export const RUN_COMMANDS: readonly Command[] = [...PLAN_COMMANDS, ...DEBUGGER_COMMANDS];
