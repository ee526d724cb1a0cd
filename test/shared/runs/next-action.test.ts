import { describe, expect, it } from 'vitest';
import type { PlanStep, Turn } from '../../../shared/domain';
import { nextAction, nextPlanStep, pendingCall, planCallTurn, planSummary } from '../../../shared/runs';

/** search → book (needs search) → convert (needs book): the example graph's booking chain. */
const plan: PlanStep[] = [
  { id: 's1', tool: 'search_flights', args: { from: 'Paris' }, dependsOn: [] },
  { id: 's2', tool: 'book_flight', args: { flight_id: { $ref: 's1.result.cheapest' } }, dependsOn: ['s1'] },
  { id: 's3', tool: 'convert_currency', args: { amount: { $ref: 's2.result.price' } }, dependsOn: ['s2'] },
];
const user: Turn = { role: 'user', content: 'Book the cheapest flight from Paris' };
const callOf = (id: string, name: string, args: unknown = {}): Turn => ({
  role: 'assistant',
  toolCalls: [{ id, name, args }],
});
const observation = (id: string, result: unknown): Turn => ({
  role: 'tool',
  toolCallId: id,
  content: JSON.stringify(result),
});

describe('what a plan run does next', () => {
  it('calls the first step, executes the call, then calls the step that needed its result', () => {
    const turns = [user];
    expect(nextAction({ mode: 'plan', turns, plan })).toEqual({ kind: 'call', stepId: 's1', tool: 'search_flights' });
    turns.push(callOf('s1', 'search_flights'));
    expect(nextAction({ mode: 'plan', turns, plan })).toEqual({
      kind: 'execute',
      call: { id: 's1', name: 'search_flights', args: {} },
    });
    turns.push(observation('s1', { cheapest: 'TP-1' }));
    expect(nextAction({ mode: 'plan', turns, plan })).toEqual({ kind: 'call', stepId: 's2', tool: 'book_flight' });
  });

  it('answers once every step has a result, and is done after the answer', () => {
    const turns = [
      user,
      callOf('s1', 'search_flights'),
      observation('s1', {}),
      callOf('s2', 'book_flight'),
      observation('s2', {}),
      callOf('s3', 'convert_currency'),
      observation('s3', {}),
    ];
    expect(nextAction({ mode: 'plan', turns, plan })).toEqual({ kind: 'answer' });
    expect(nextAction({ mode: 'plan', turns: [...turns, { role: 'assistant', content: 'Done.' }], plan })).toEqual({
      kind: 'done',
    });
  });

  it('answers when no step can run (a dependency is missing from the plan)', () => {
    const orphan: PlanStep[] = [{ id: 's2', tool: 'book_flight', args: {}, dependsOn: ['s1'] }];
    expect(nextPlanStep(orphan, [user])).toBeNull();
    expect(nextAction({ mode: 'plan', turns: [user], plan: orphan })).toEqual({ kind: 'answer' });
  });

  it('follows the plan’s dependencies, not the order its steps are listed in', () => {
    const reversed = [...plan].reverse();
    expect(nextPlanStep(reversed, [user])?.id).toBe('s1');
  });
});

describe('what an agent run and a replay do next', () => {
  it('asks the model when no call waits, and executes the first unanswered call of the last assistant turn', () => {
    expect(nextAction({ mode: 'agent', turns: [user] })).toEqual({ kind: 'call' });
    const twoCalls: Turn = {
      role: 'assistant',
      toolCalls: [
        { id: 'a', name: 'geocode_city', args: {} },
        { id: 'b', name: 'get_weather_forecast', args: {} },
      ],
    };
    expect(pendingCall([user, twoCalls])?.id).toBe('a');
    expect(pendingCall([user, twoCalls, observation('a', {})])?.id).toBe('b');
    expect(pendingCall([user, twoCalls, observation('a', {}), observation('b', {})])).toBeNull();
  });

  it('replays the recorded turn at the run’s length until the recording ends', () => {
    const script: Turn[] = [user, { role: 'assistant', content: 'Hello' }];
    expect(nextAction({ mode: 'replay', turns: [], script })).toEqual({ kind: 'replay', role: 'user' });
    expect(nextAction({ mode: 'replay', turns: [user], script })).toEqual({ kind: 'replay', role: 'assistant' });
    expect(nextAction({ mode: 'replay', turns: script, script })).toEqual({ kind: 'done' });
  });
});

describe('plan turns', () => {
  it('resolves a step’s references from the observations so far, edited ones included', () => {
    const turns = [user, callOf('s1', 'search_flights'), observation('s1', { cheapest: 'TP-EDITED' })];
    expect(planCallTurn(plan[1]!, turns)).toEqual({
      role: 'assistant',
      thought: 'Step s2: book_flight using s1.',
      toolCalls: [{ id: 's2', name: 'book_flight', args: { flight_id: 'TP-EDITED' } }],
    });
  });

  it('sums up the plan: steps that failed, and what the last step returned', () => {
    const turns = [
      user,
      callOf('s1', 'search_flights'),
      observation('s1', { cheapest: 'TP-1' }),
      callOf('s2', 'book_flight'),
      observation('s2', { error: 'sold out' }),
      callOf('s3', 'convert_currency'),
      observation('s3', { amount: 'x'.repeat(200) }),
    ];
    const summary = planSummary(plan, turns);
    expect(summary).toMatch(
      /^Plan complete: 2 of 3 steps succeeded \(failed: s2\)\. convert_currency returned \{"amount/,
    );
    expect(summary.endsWith('…')).toBe(true);
    expect(planSummary([], [user])).toBe('Plan complete: 0 of 0 steps succeeded.');
  });
});

describe('an agent run whose server numbers calls per reply', () => {
  it('executes a new call_0 although an earlier reply had a call_0 that was answered', () => {
    const turns = [user, callOf('call_0', 'search_flights'), observation('call_0', { cheapest: 'TP-1' })];
    expect(nextAction({ mode: 'agent', turns })).toEqual({ kind: 'call' });
    turns.push(callOf('call_0', 'book_flight', { flight_id: 'TP-1' }));
    expect(pendingCall(turns)).toEqual({ id: 'call_0', name: 'book_flight', args: { flight_id: 'TP-1' } });
    expect(nextAction({ mode: 'agent', turns })).toEqual({
      kind: 'execute',
      call: { id: 'call_0', name: 'book_flight', args: { flight_id: 'TP-1' } },
    });
    turns.push(observation('call_0', { booked: true }));
    expect(pendingCall(turns)).toBeNull();
  });
});
