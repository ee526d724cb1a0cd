import type { Result } from '../../../../shared/contract';
import type { PlanStep } from '../../../../shared/domain';

export type Candidates = Result<'plans.generate'>['candidates'];

/** The plan being edited on one graph: kept when another graph opens, and across a reload. */
export interface PlanDraft {
  steps: PlanStep[];
  /** The saved plan these steps were opened from or saved as; null for a plan not saved yet. */
  planId: string | null;
  /** The steps are not what is saved (edited since, or never saved). */
  unsaved: boolean;
}

/** What one graph had open when another was picked: its plan and candidates. */
export interface GraphWork extends PlanDraft {
  candidates: Candidates;
}

/** What the plans store keeps per graph; the rest of its state is the open graph's. */
export interface PerGraph {
  graphId: string | null;
  intent: string;
  intents: Readonly<Record<string, string>>;
  /** By graph id; the open graph's entry is written when it is left. */
  work: Readonly<Record<string, GraphWork>>;
  steps: PlanStep[];
  planId: string | null;
  unsaved: boolean;
  candidates: Candidates;
}

const EMPTY: GraphWork = { steps: [], planId: null, unsaved: false, candidates: [] };

/** The open graph's work as it is now. */
export const workOf = ({ steps, planId, unsaved, candidates }: PerGraph): GraphWork => ({
  steps,
  planId,
  unsaved,
  candidates,
});

/**
 * The intent and intents after switching to `graphId`: that graph's own intent, empty for one
 * without. What was typed before any graph was open becomes the first graph's, so nothing is lost.
 */
function intentOn({ graphId: from, intent, intents }: PerGraph, graphId: string | null) {
  if (!graphId) return { intent: '', intents };
  if (from === null && intent && intents[graphId] === undefined)
    return { intent, intents: { ...intents, [graphId]: intent } };
  return { intent: intents[graphId] ?? '', intents };
}

/**
 * The state after switching from the open graph to `graphId`: the graph left keeps its work,
 * the one opened gets back what it had (its plan exactly as left, `restored` when unsaved).
 */
export function switchGraph(state: PerGraph, graphId: string | null) {
  const work = state.graphId ? { ...state.work, [state.graphId]: workOf(state) } : state.work;
  const { steps, planId, unsaved, candidates } = (graphId && work[graphId]) || EMPTY;
  return {
    ...intentOn(state, graphId),
    graphId,
    work,
    steps,
    planId,
    unsaved,
    candidates,
    restored: unsaved && steps.length > 0,
  };
}

/** What is kept in localStorage: intents and each graph's plan, the open one's as it is now. */
export function persisted(state: PerGraph) {
  const work = state.graphId ? { ...state.work, [state.graphId]: workOf(state) } : state.work;
  const drafts = Object.entries(work).flatMap(([id, { steps, planId, unsaved }]): [string, GraphWork][] =>
    steps.length ? [[id, { steps, planId, unsaved, candidates: [] }]] : [],
  );
  return { intents: state.intents, work: Object.fromEntries(drafts) };
}
