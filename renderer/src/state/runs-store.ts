import { create } from 'zustand';
import type { Result } from '../../../shared/contract';
import type { RunView } from '../../../shared/contract/runs';
import type { PlanStep } from '../../../shared/domain';
import type { StartMode } from '../../../shared/runs';
import { api } from '../api/api';

type Candidates = Result<'plans.generate'>['candidates'];
export type PlanProblems = Result<'plans.validate'>;

interface RunsData {
  graphId: string | null;
  /** The intent typed for the open graph. */
  intent: string;
  /** The intent typed for each graph, by graph id: switching back to a graph brings its intent back. */
  intents: Readonly<Record<string, string>>;
  /** The planner chosen; saved with the plan. */
  planner: 'deterministic' | 'model';
  candidates: Candidates;
  /** The plan being edited (a candidate once picked); validated on every change. */
  steps: PlanStep[];
  problems: PlanProblems;
  /** The problems are being recomputed for the steps as they are now. */
  checking: boolean;
  /** Why the steps as they are now could not be checked. */
  checkError: string | null;
  /** The run the debugger shows. */
  run: RunView | null;
  /** A run is being started: the run buttons wait and the debugger says so. */
  starting: boolean;
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
  /** Starts a run of the plan (or an agent run) on the graph; a second call while one starts does nothing. */
  startRun(mode: StartMode): Promise<void>;
  /** Runs a debugger action on the open run, keeping busy and error state. */
  act(work: (runId: string) => Promise<RunView>): Promise<void>;
  openTrajectory(trajectoryId: string): Promise<void>;
}

export type RunsState = RunsData & RunsActions;

/**
 * What a graph switch resets: everything made on the previous graph. The intent is kept per
 * graph instead (the user typed it; another graph's intent would plan or run on the wrong tools).
 */
const FRESH_GRAPH = {
  candidates: [],
  steps: [],
  problems: [],
  checking: false,
  checkError: null,
  run: null,
  starting: false,
  busy: false,
  error: null,
} satisfies Partial<RunsData>;

/**
 * The intent and intents after switching to `graphId`: that graph's own intent, empty for one
 * without. What was typed before any graph was open becomes the first graph's, so nothing is lost.
 */
function intentOn({ graphId: from, intent, intents }: RunsData, graphId: string | null) {
  if (!graphId) return { intent: '', intents };
  if (from === null && intent && intents[graphId] === undefined)
    return { intent, intents: { ...intents, [graphId]: intent } };
  return { intent: intents[graphId] ?? '', intents };
}

/** Counts run starts, so that only the latest one's answer lands. */
let starts = 0;

/** Plans & Runs: the intent, the plan being edited, and the run in the debugger. */
export const useRuns = create<RunsState>()((set, get) => ({
  graphId: null,
  intent: '',
  intents: {},
  planner: 'deterministic',
  ...FRESH_GRAPH,
  setGraph: (graphId) => {
    starts++;
    set({ ...FRESH_GRAPH, ...intentOn(get(), graphId), graphId });
  },
  setIntent: (intent) =>
    set(({ graphId, intents }) => ({ intent, intents: graphId ? { ...intents, [graphId]: intent } : intents })),
  setPlanner: (planner) => set({ planner }),
  setCandidates: (candidates) => set({ candidates }),
  setSteps: async (steps) => {
    const graphId = get().graphId;
    set({ steps, checking: graphId !== null, checkError: null });
    if (!graphId) return set({ problems: [] });
    // Only the answer for the steps as they are now lands: an older check that returns late is dropped.
    try {
      const problems = await api.invoke('plans.validate', { graphId, steps });
      if (get().steps === steps) set({ problems, checking: false });
    } catch (error) {
      if (get().steps === steps) set({ problems: [], checking: false, checkError: (error as Error).message });
    }
  },
  showRun: (run) => set({ run, error: null }),
  startRun: async (mode) => {
    const { graphId, intent, steps, starting } = get();
    if (starting || !graphId) return;
    const start = ++starts;
    set({ starting: true, error: null });
    // A graph switched meanwhile has reset the workspace: what this start returns belongs to no view.
    const mine = () => start === starts && get().graphId === graphId;
    try {
      const run = await api.invoke('runs.start', { graphId, intent, mode, ...(mode === 'plan' ? { steps } : {}) });
      if (mine()) set({ run, starting: false });
    } catch (error) {
      if (mine()) set({ error: (error as Error).message, starting: false });
    }
  },
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
      const graphId = run.graphId ?? get().graphId;
      const switched = graphId !== get().graphId;
      if (switched) starts++;
      set({ ...(switched ? { ...FRESH_GRAPH, ...intentOn(get(), graphId) } : {}), run, graphId });
    } catch (error) {
      set({ error: (error as Error).message });
    } finally {
      set({ busy: false });
    }
  },
}));
