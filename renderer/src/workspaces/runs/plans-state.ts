import { createStore, keepInStorage } from '../../state/create-store';
import type { Result } from '../../../../shared/contract';
import type { Plan, PlanStep } from '../../../../shared/domain';
import { api } from '../../api/api';
import { persisted, switchGraph, type Candidates, type GraphWork } from './plans-graphs';

export type PlanProblems = Result<'plans.validate'>;

/** Why a plan cannot be made or run yet, as the buttons that are off say it. */
export const NOT_YET = {
  tools: 'This graph has no tools yet: add one in Graph (Ctrl+1) first',
  intent: 'Type an intent first',
} as const;

interface PlansData {
  /** The graph open in Plans & Runs (the runs store opens it: `useRuns().setGraph`). */
  graphId: string | null;
  /** The intent typed for the open graph. */
  intent: string;
  /** The intent typed for each graph, by graph id: switching back to a graph brings its intent back. */
  intents: Readonly<Record<string, string>>;
  /** The goal tools picked for each graph, by graph id: kept across workspace and graph switches. */
  goals: Readonly<Record<string, string[]>>;
  /** The planner chosen; saved with the plan. */
  planner: 'deterministic' | 'model';
  /** How many candidates the model planner makes at once (1–5). */
  candidateCount: number;
  candidates: Candidates;
  /** What each graph had open when it was left (its plan and candidates), by graph id. */
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
}

interface PlansActions {
  /** Switches to `graphId`: its intent and plan come back, checked against the graph as it is now. */
  switchTo(graphId: string | null): void;
  setIntent(intent: string): void;
  /** Picks the open graph's goal tools (none: the planner finds them in the intent). */
  setGoals(goals: string[]): void;
  setPlanner(planner: 'deterministic' | 'model'): void;
  setCandidateCount(count: number): void;
  setCandidates(candidates: Candidates): void;
  /** Edits the plan; `origin: 'new'` starts a plan not saved yet (generated, a candidate). */
  setSteps(steps: PlanStep[], origin?: 'edit' | 'new'): Promise<void>;
  /** Opens a saved plan: its intent and steps, saved as they are. */
  openPlan(plan: Pick<Plan, 'id' | 'intent' | 'steps'>): Promise<void>;
  /** `steps` were saved as `plan`: they are no longer unsaved, unless edited meanwhile. */
  planSaved(plan: Pick<Plan, 'id'>, steps: PlanStep[]): void;
}

export type PlansState = PlansData & PlansActions;

/** What a graph switch resets: what is derived from the plan. */
const FRESH_GRAPH = { problems: [], checking: false, checkError: null } satisfies Partial<PlansData>;

/**
 * Plans of Plans & Runs: the intent, the goal tools picked, the plan being edited and its
 * candidates, each kept per graph; intents, goal tools, plans and the planner chosen (with its
 * candidates at once) are kept in localStorage too, so a reload loses none of them.
 */
export const usePlans = createStore<PlansState>(
  keepInStorage<PlansState, ReturnType<typeof kept>>(
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
      return {
        graphId: null,
        intent: '',
        intents: {},
        goals: {},
        planner: 'deterministic',
        candidateCount: 1,
        work: {},
        steps: [],
        planId: null,
        unsaved: false,
        restored: false,
        candidates: [],
        ...FRESH_GRAPH,
        switchTo: (graphId) => {
          set({ ...FRESH_GRAPH, ...switchGraph(get(), graphId) });
          const steps = get().steps;
          if (steps.length) void check(steps);
        },
        setIntent: (intent) =>
          set(({ graphId, intents }) => ({ intent, intents: graphId ? { ...intents, [graphId]: intent } : intents })),
        setGoals: (goals) =>
          set(({ graphId, goals: byGraph }) => {
            if (!graphId) return {};
            const { [graphId]: _left, ...others } = byGraph;
            return { goals: goals.length ? { ...others, [graphId]: [...goals] } : others };
          }),
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
      };
    },
    {
      name: 'trellis.plans',
      version: 1,
      partialize: kept,
    },
  ),
);

function kept(state: PlansState) {
  return { ...persisted(state), goals: state.goals, planner: state.planner, candidateCount: state.candidateCount };
}
