import { create } from 'zustand';
import type { Result } from '../../../shared/contract';
import type { RunView } from '../../../shared/contract/runs';
import type { PlanStep } from '../../../shared/domain';
import { api } from '../api/api';

type Candidates = Result<'plans.generate'>['candidates'];
export type PlanProblems = Result<'plans.validate'>;

interface RunsData {
  graphId: string | null;
  intent: string;
  /** The planner chosen; saved with the plan. */
  planner: 'deterministic' | 'model';
  candidates: Candidates;
  /** The plan being edited (a candidate once picked); validated on every change. */
  steps: PlanStep[];
  problems: PlanProblems;
  /** The run the debugger shows. */
  run: RunView | null;
  busy: boolean;
  error: string | null;
}

interface RunsActions {
  setGraph(graphId: string | null): void;
  setIntent(intent: string): void;
  setPlanner(planner: 'deterministic' | 'model'): void;
  setCandidates(candidates: Candidates): void;
  setSteps(steps: PlanStep[]): Promise<void>;
  showRun(run: RunView | null): void;
  /** Runs a debugger action on the open run, keeping busy and error state. */
  act(work: (runId: string) => Promise<RunView>): Promise<void>;
  openTrajectory(trajectoryId: string): Promise<void>;
}

export type RunsState = RunsData & RunsActions;

/** Plans & Runs: the intent, the plan being edited, and the run in the debugger. */
export const useRuns = create<RunsState>()((set, get) => ({
  graphId: null,
  intent: '',
  planner: 'deterministic',
  candidates: [],
  steps: [],
  problems: [],
  run: null,
  busy: false,
  error: null,
  setGraph: (graphId) => set({ graphId, candidates: [], steps: [], problems: [] }),
  setIntent: (intent) => set({ intent }),
  setPlanner: (planner) => set({ planner }),
  setCandidates: (candidates) => set({ candidates }),
  setSteps: async (steps) => {
    set({ steps });
    const graphId = get().graphId;
    if (!graphId) return;
    const problems = await api.invoke('plans.validate', { graphId, steps });
    if (get().steps === steps) set({ problems });
  },
  showRun: (run) => set({ run, error: null }),
  act: async (work) => {
    const run = get().run;
    if (!run) return;
    set({ busy: true, error: null });
    // The new run and the end of busy land in one update: a key pressed as soon as the new turn
    // shows must find the debugger ready, not still busy.
    try {
      set({ run: await work(run.id), busy: false });
    } catch (error) {
      set({ error: (error as Error).message, busy: false });
    }
  },
  openTrajectory: async (trajectoryId) => {
    set({ busy: true, error: null });
    try {
      const run = await api.invoke('runs.open', { trajectoryId });
      set({ run, graphId: run.graphId ?? get().graphId });
    } catch (error) {
      set({ error: (error as Error).message });
    } finally {
      set({ busy: false });
    }
  },
}));
