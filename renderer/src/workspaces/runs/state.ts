import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Result } from '../../../../shared/contract';
import type { RunView } from '../../../../shared/contract/runs';
import type { Plan, PlanStep } from '../../../../shared/domain';
import type { StartMode } from '../../../../shared/runs';
import { api } from '../../api/api';
import { safeLocalStorage } from '../../state/local-storage';
import { persisted, switchGraph, type Candidates, type GraphWork } from './runs-graphs';

export type PlanProblems = Result<'plans.validate'>;

interface RunsData {
  graphId: string | null;
  /** The intent typed for the open graph. */
  intent: string;
  /** The intent typed for each graph, by graph id: switching back to a graph brings its intent back. */
  intents: Readonly<Record<string, string>>;
  /** The planner chosen; saved with the plan. */
  planner: 'deterministic' | 'model';
  /** How many candidates the model planner makes at once (1–5). */
  candidateCount: number;
  candidates: Candidates;
  /** What each graph had open when it was left (its plan, candidates and run), by graph id. */
  work: Readonly<Record<string, GraphWork>>;
  /** The plan being edited (a candidate once picked); validated on every change. */
  steps: PlanStep[];
  /** The saved plan the steps were opened from or saved as; null for one not saved yet. */
  planId: string | null;
  /** The steps are not what is saved: edited since, or never saved. */
  unsaved: boolean;
  /** The unsaved plan was brought back (from when this graph was left, or before a reload), not edited since. */
  restored: boolean;
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
  setCandidateCount(count: number): void;
  setCandidates(candidates: Candidates): void;
  /** Edits the plan; `origin: 'new'` starts a plan not saved yet (generated, a candidate). */
  setSteps(steps: PlanStep[], origin?: 'edit' | 'new'): Promise<void>;
  /** Opens a saved plan: its intent and steps, saved as they are. */
  openPlan(plan: Pick<Plan, 'id' | 'intent' | 'steps'>): Promise<void>;
  /** `steps` were saved as `plan`: they are no longer unsaved, unless edited meanwhile. */
  planSaved(plan: Pick<Plan, 'id'>, steps: PlanStep[]): void;
  showRun(run: RunView | null): void;
  /** Starts a run of the plan (or an agent run) on the graph; a second call while one starts does nothing. */
  startRun(mode: StartMode): Promise<void>;
  /** Runs a debugger action on the open run, keeping busy and error state. */
  act(work: (runId: string) => Promise<RunView>): Promise<void>;
  openTrajectory(trajectoryId: string): Promise<void>;
}

export type RunsState = RunsData & RunsActions;

/**
 * What a graph switch resets: what is derived from the plan, and what is under way. The intent,
 * the plan, its candidates and the run are kept per graph instead (see `switchGraph`): the user
 * made them, and another graph's would plan or run on the wrong tools.
 */
const FRESH_GRAPH = {
  problems: [],
  checking: false,
  checkError: null,
  starting: false,
  busy: false,
  error: null,
} satisfies Partial<RunsData>;

/** Counts run starts, so that only the latest one's answer lands. */
let starts = 0;

/**
 * Plans & Runs: the intent, the plan being edited, and the run in the debugger, each kept per
 * graph; intents, plans and the planner chosen (with its candidates at once) are kept in
 * localStorage too, so a reload loses none of them.
 */
export const useRuns = create<RunsState>()(
  persist<RunsState, [], [], ReturnType<typeof kept>>(
    (set, get) => {
      /** Checks the steps as they are now; only the answer for the latest steps lands. */
      const check = async (steps: PlanStep[]) => {
        const graphId = get().graphId;
        set({ checking: graphId !== null, checkError: null });
        if (!graphId) return set({ problems: [] });
        try {
          const problems = await api.invoke('plans.validate', { graphId, steps });
          if (get().steps === steps) set({ problems, checking: false });
        } catch (error) {
          if (get().steps === steps) set({ problems: [], checking: false, checkError: (error as Error).message });
        }
      };
      /** Switches to `graphId`; its plan comes back and is checked against the graph as it is now. */
      const open = (graphId: string | null, run?: RunView) => {
        starts++;
        const reopen = (graphId && !run && get().work[graphId]?.reopen) || null;
        set({ ...FRESH_GRAPH, ...switchGraph(get(), graphId), ...(run ? { run } : {}) });
        const steps = get().steps;
        if (steps.length) void check(steps);
        // The run that was open before a reload opens again; one gone since is let go quietly.
        if (reopen && !get().run) void reopenRun(graphId!, reopen);
      };
      const reopenRun = async (graphId: string, trajectoryId: string) => {
        try {
          const run = await api.invoke('runs.open', { trajectoryId });
          if (get().graphId === graphId && !get().run) set({ run });
        } catch {
          // Deleted, or from a workspace no longer open: nothing to show.
        }
      };
      return {
        graphId: null,
        intent: '',
        intents: {},
        planner: 'deterministic',
        candidateCount: 1,
        work: {},
        steps: [],
        planId: null,
        unsaved: false,
        restored: false,
        candidates: [],
        run: null,
        ...FRESH_GRAPH,
        setGraph: (graphId) => open(graphId),
        setIntent: (intent) =>
          set(({ graphId, intents }) => ({ intent, intents: graphId ? { ...intents, [graphId]: intent } : intents })),
        setPlanner: (planner) => set({ planner }),
        setCandidateCount: (candidateCount) => set({ candidateCount }),
        setCandidates: (candidates) => set({ candidates }),
        setSteps: async (steps, origin = 'edit') => {
          set({ steps, unsaved: true, restored: false, ...(origin === 'new' ? { planId: null } : {}) });
          await check(steps);
        },
        openPlan: async (plan) => {
          get().setIntent(plan.intent);
          set({ steps: plan.steps, planId: plan.id, unsaved: false, restored: false });
          await check(plan.steps);
        },
        planSaved: (plan, steps) => {
          if (get().steps === steps) set({ planId: plan.id, unsaved: false, restored: false });
        },
        showRun: (run) => set({ run, error: null }),
        startRun: async (mode) => {
          const { graphId, intent, steps, starting, planId, unsaved } = get();
          if (starting || !graphId) return;
          const start = ++starts;
          set({ starting: true, error: null });
          // A graph switched meanwhile has reset the workspace: what this start returns belongs to no view.
          const mine = () => start === starts && get().graphId === graphId;
          try {
            const run = await api.invoke('runs.start', {
              graphId,
              intent,
              mode,
              // A saved plan as it was saved runs as itself; other steps are saved as a plan to run.
              ...(mode === 'plan' ? (planId && !unsaved ? { planId } : { steps }) : {}),
            });
            if (!mine()) return;
            set({ run, starting: false });
            if (mode === 'plan' && run.planId) get().planSaved({ id: run.planId }, steps);
          } catch (error) {
            if (mine()) set({ error: (error as Error).message, starting: false });
          }
        },
        act: async (work) => {
          const run = get().run;
          if (!run) return;
          const graphId = get().graphId;
          set({ busy: true, error: null });
          // The new run and the end of busy land in one update: a key pressed as soon as the new turn
          // shows must find the debugger ready, not still busy. Another graph opened meanwhile shows its own.
          try {
            const next = await work(run.id);
            if (get().graphId === graphId) set({ run: next, busy: false });
          } catch (error) {
            if (get().graphId === graphId) set({ error: (error as Error).message, busy: false });
          }
        },
        openTrajectory: async (trajectoryId) => {
          set({ busy: true, error: null });
          try {
            const run = await api.invoke('runs.open', { trajectoryId });
            const graphId = run.graphId ?? get().graphId;
            if (graphId !== get().graphId) open(graphId, run);
            else set({ run });
          } catch (error) {
            set({ error: (error as Error).message });
          } finally {
            set({ busy: false });
          }
        },
      };
    },
    {
      name: 'trellis.plans',
      version: 1,
      storage: createJSONStorage(() => safeLocalStorage),
      partialize: kept,
    },
  ),
);

function kept(state: RunsState) {
  return { ...persisted(state), planner: state.planner, candidateCount: state.candidateCount };
}
