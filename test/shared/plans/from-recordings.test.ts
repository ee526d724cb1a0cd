import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import type { PlanStep, ToolGraph } from '../../../shared/domain';
import {
  goalToolsFor,
  planForGoals,
  planFromRecordings,
  recordedRequestsOf,
  resolveRefs,
  type RecordedRequest,
} from '../../../shared/plans';
import { planDefects, validatePlan } from '../../../shared/checks/plan';
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

describe('recorded requests', () => {
  const { graph: file, trajectories } = recordedDomain('calendar-email');
  const graph = { ...file, id: 'calendar', dismissedSuggestions: [], updatedAt: '' } as ToolGraph;
  const recordings = recordedRequestsOf(trajectories, graph);
  const byRequest = (start: string) => recordings.find((r) => r.request.startsWith(start))!;

  it('says where each argument came from: the request, an earlier result, or neither', () => {
    const listed = byRequest('List my home');
    const [, events, email] = listed.steps;
    const mention = (i: number) => listed.mentions[i]!;
    // calendars[1] is the one the request named ("home"), so the pick keeps that word as a mention.
    expect(events!.sources.calendar_id).toMatchObject({ from: 'result', step: 0 });
    const pick = (events!.sources.calendar_id as { path: { kind: string; field?: string; mention?: number }[] }).path;
    expect(pick.map((p) => p.kind)).toEqual(['key', 'said-pick', 'key']);
    expect(pick[1]).toMatchObject({ field: 'name' });
    expect(mention(pick[1]!.mention!)).toMatchObject({ kind: 'text', text: 'home' });
    expect(events!.sources.date).toMatchObject({ from: 'intent', as: 'string' });
    expect(email!.sources).toMatchObject({
      to: { from: 'intent', pieces: [{ mention: expect.any(Number) }] },
      // The first event's title: no word of the request names it, so the pick is the first element.
      subject: {
        from: 'result',
        step: 1,
        path: [
          { kind: 'key', key: 'events' },
          { kind: 'element', pick: { by: 'first' } },
          { kind: 'key', key: 'title' },
        ],
      },
      body: { from: 'constant', value: 'Sent from my calendar.' },
    });
    const moved = byRequest('Move my design review');
    // "2026-12-03T14:00:00Z" is the request's date, "T", its time, ":00Z"; "attendees" an enum member said.
    expect(moved.steps[1]!.sources.start).toMatchObject({
      from: 'intent',
      pieces: [{ mention: expect.any(Number) }, 'T', { mention: expect.any(Number) }, ':00Z'],
    });
    expect(moved.steps[1]!.sources.notify).toEqual({ from: 'enum', members: ['none', 'attendees'] });
    const kinds = moved.mentions.filter((m) => m.used).map((m) => `${m.kind}:${m.text}`);
    expect(kinds.sort()).toEqual(['date:Dec 3', 'text:design review', 'time:2pm']);
  });

  it('leaves out failed calls and failed runs, and what has no request', () => {
    const turns = trajectories[5]!.turns;
    const failedCall = turns.map((t) => (t.role === 'tool' ? { ...t, content: '{"error":"quota exceeded"}' } : t));
    expect(recordedRequestsOf([{ id: 'x', title: 'x', turns: failedCall }], graph)).toEqual([]);
    const failedRun = { id: 'y', title: 'y', turns, outcome: { status: 'failure' as const, by: 'test', value: 0 } };
    expect(recordedRequestsOf([failedRun], graph)).toEqual([]);
    expect(recordedRequestsOf([{ id: 'z', title: 'z', turns: turns.filter((t) => t.role !== 'user') }], graph)).toEqual(
      [],
    );
  });
});

describe('planning from recordings', () => {
  const { graph: file, trajectories } = recordedDomain('calendar-email');
  const graph = { ...file, id: 'calendar', dismissedSuggestions: [], updatedAt: '' } as ToolGraph;
  const recordings = recordedRequestsOf(trajectories, graph);

  it('leaves planning to the planner without recordings when there are none, none is near, or the intent names a tool', () => {
    expect(planFromRecordings(graph, 'Send an email to bob@example.com', [], context)).toBeNull();
    expect(planFromRecordings(graph, 'What is the weather like?', recordings, context)).toBeNull();
    expect(
      planFromRecordings(graph, 'send_email to bob@example.com with the subject Hi', recordings, context),
    ).toBeNull();
  });

  it('re-fills names, labelled text and addresses from the intent, with the casing the recording used', () => {
    const plan = planFromRecordings(
      graph,
      'Schedule a meeting called Budget review on Dec 17 at 10am with Carla',
      recordings,
      context,
    )!;
    expect(plan.steps.map((s) => [s.tool, s.args])).toEqual([
      ['find_contact', { name: 'Carla' }],
      [
        'create_event',
        { title: 'Budget review', start: '2026-12-17T10:00:00Z', attendees: [{ $ref: 's1.result.contacts[].email' }] },
      ],
    ]);
    expect(plan.followed[0]!.request).toMatch(/^Schedule a meeting called /);
    const home = planFromRecordings(
      graph,
      "List my family calendar events for Dec 20 and email the first one's title to mia@example.com",
      recordings,
      context,
    )!;
    expect(home.steps[1]!.args.calendar_id).toEqual({ $ref: 's1.result.calendars[name=family].calendar_id' });
    expect(home.steps[2]!.args.to).toBe('mia@example.com');
  });

  it('leaves out a last step whose value the recorded request said and the intent does not, and notes it', () => {
    const plan = planFromRecordings(
      graph,
      'List my work calendar events for Dec 9 and email the first one',
      recordings,
      context,
    )!;
    expect(plan.steps.map((s) => s.tool)).toEqual(['list_calendars', 'list_events']);
    expect(plan.notes).toContain('Left out s3 send_email: the intent does not say its to.');
  });
});
