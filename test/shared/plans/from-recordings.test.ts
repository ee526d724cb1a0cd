import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import type { PlanStep, ToolGraph } from '../../../shared/domain';
import {
  goalToolsFor,
  planDefects,
  planForGoals,
  planFromRecordings,
  recordedRequestsOf,
  resolveRefs,
  validatePlan,
  type RecordedRequest,
} from '../../../shared/plans';
import { RECORDED_DOMAINS, recordedDomain } from '../../helpers/recorded-domains';

/** The recordings' dates fall in December 2026; the user plans from late November. */
const context = { today: '2026-11-25' };

interface Verdict {
  problemFree: boolean;
  /** The recording's tools in its order, and every argument equal once references are read in its results. */
  sameCalls: boolean;
}

/** A plan judged against the recording it should reproduce. */
function judge(graph: ToolGraph, steps: PlanStep[], recording: RecordedRequest): Verdict {
  const problemFree =
    steps.length > 0 && planDefects(validatePlan(steps, graph, argumentValidator(graph))).length === 0;
  const results = new Map(recording.steps.map((s, i) => [`s${i + 1}`, s.result]));
  const sameCalls =
    steps.length === recording.steps.length &&
    steps.every((step, i) => {
      const recorded = recording.steps[i]!;
      return step.tool === recorded.tool && isDeepStrictEqual(resolveRefs(step.args, results), recorded.args);
    });
  return { problemFree, sameCalls };
}

/** The planner without recordings, as the handler calls it. */
function plainPlan(graph: ToolGraph, intent: string): PlanStep[] {
  const goals = goalToolsFor(intent, graph).map((g) => g.tool);
  return goals.length ? planForGoals(graph, goals, intent, context) : [];
}

describe('leave-one-out over recorded domains', () => {
  const figures: string[] = [];
  for (const name of RECORDED_DOMAINS) {
    it(`plans each held-out request of ${name} from the other recordings`, () => {
      const { graph: file, trajectories } = recordedDomain(name);
      const graph = { ...file, id: name, dismissedSuggestions: [], updatedAt: '' } as ToolGraph;
      const recordings = recordedRequestsOf(trajectories, graph);
      expect(recordings).toHaveLength(trajectories.length);
      const before = { problemFree: 0, sameCalls: 0 };
      const after = { problemFree: 0, sameCalls: 0 };
      const misses: string[] = [];
      for (const held of recordings) {
        const others = recordings.filter((r) => r !== held);
        const plain = judge(graph, plainPlan(graph, held.request), held);
        const planned = planFromRecordings(graph, held.request, others, context);
        const learned = planned ? judge(graph, planned.steps, held) : { problemFree: false, sameCalls: false };
        before.problemFree += Number(plain.problemFree);
        before.sameCalls += Number(plain.sameCalls);
        after.problemFree += Number(learned.problemFree);
        after.sameCalls += Number(learned.sameCalls);
        if (!learned.sameCalls || !learned.problemFree)
          misses.push(
            `  ${held.request}\n    → ${JSON.stringify(planned?.steps.map((s) => [s.tool, s.args]) ?? null)}` +
              (planned
                ? `\n    problems: ${planDefects(validatePlan(planned.steps, graph, argumentValidator(graph)))
                    .map((p) => `${p.where.step} ${p.message}`)
                    .join('; ')}`
                : ''),
          );
      }
      const n = recordings.length;
      figures.push(
        `${name}: ${n} held out; before ${before.problemFree}/${n} problem-free, ${before.sameCalls}/${n} same calls; ` +
          `after ${after.problemFree}/${n} problem-free, ${after.sameCalls}/${n} same calls`,
      );
      console.log(`${figures.at(-1)}${misses.length ? `\n  missed:\n${misses.join('\n')}` : ''}`);
      // Most held-out requests give problem-free plans with the recording's calls.
      expect(after.problemFree).toBeGreaterThanOrEqual(Math.ceil(n * 0.7));
      expect(after.sameCalls).toBeGreaterThanOrEqual(Math.ceil(n * 0.6));
      expect(after.sameCalls).toBeGreaterThan(before.sameCalls);
    });
  }
});
