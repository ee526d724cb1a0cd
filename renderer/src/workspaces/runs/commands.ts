import { api } from '../../api/api';
import { useRuns } from '../../state/runs-store';
import type { UiState } from '../../state/ui-store';
import type { Command } from '../../commands/registry';

/** A run is open in Plans & Runs and can still advance. */
const canAdvance = (ui: UiState) => {
  const run = useRuns.getState().run;
  return ui.workspace === 'runs' && run !== null && run.status !== 'finished' && run.status !== 'stopped';
};

/** The debugger's keys, as in code debuggers: F10 step, F5 continue, F6 pause, Shift+F5 stop. */
export const RUN_COMMANDS: Command[] = [
  {
    id: 'run.step',
    label: 'Step',
    category: 'Run',
    keybinding: 'F10',
    enabled: (ui) => canAdvance(ui) && !useRuns.getState().busy,
    perform: () => useRuns.getState().act((runId) => api.invoke('runs.step', { runId })),
  },
  {
    id: 'run.continue',
    label: 'Continue',
    category: 'Run',
    keybinding: 'F5',
    enabled: (ui) => canAdvance(ui) && !useRuns.getState().busy,
    perform: () => useRuns.getState().act((runId) => api.invoke('runs.continue', { runId })),
  },
  {
    id: 'run.pause',
    label: 'Pause',
    category: 'Run',
    keybinding: 'F6',
    enabled: () => useRuns.getState().busy,
    perform: async () => {
      const run = useRuns.getState().run;
      if (run) await api.invoke('runs.pause', { runId: run.id });
    },
  },
  {
    id: 'run.stop',
    label: 'Stop',
    category: 'Run',
    keybinding: 'Shift+F5',
    enabled: canAdvance,
    perform: () => useRuns.getState().act((runId) => api.invoke('runs.stop', { runId })),
  },
];
