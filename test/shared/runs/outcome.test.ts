import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../shared/domain';
import { callOutcome, failedCallsText, outcomeLevel, runOutcome } from '../../../shared/runs';

const user: Turn = { role: 'user', content: 'Find the cheapest flight from Lisbon to Paris and book it' };
const callOf = (id: string, name: string): Turn => ({ role: 'assistant', toolCalls: [{ id, name, args: {} }] });
const observation = (id: string, result: unknown): Turn => ({
  role: 'tool',
  toolCallId: id,
  content: JSON.stringify(result),
});
const noRuntime = (tool: string) => ({ error: `${tool} has no runtime; choose one in the graph's tool inspector.` });
const answer: Turn = { role: 'assistant', content: 'Plan complete: 0 of 2 steps succeeded' };

const described = (turns: Turn[], ended = false) => {
  const outcome = callOutcome(turns);
  return { ...outcome, level: outcomeLevel(outcome, ended), text: failedCallsText(outcome, ended) };
};

describe('how a run’s calls went', () => {
  it('says every call failed when each observation is an error, and names those turns', () => {
    const turns = [
      user,
      callOf('s1', 'search_flights'),
      observation('s1', noRuntime('search_flights')),
      callOf('s2', 'book_flight'),
      observation('s2', noRuntime('book_flight')),
      answer,
    ];
    expect(described(turns)).toEqual({
      made: 2,
      answered: 2,
      failedTurns: [2, 4],
      unanswered: [],
      level: 'error',
      text: '2 of 2 calls failed',
    });
  });

  it('warns when some calls failed, and is ok when none did', () => {
    const some = [
      user,
      callOf('s1', 'search_flights'),
      observation('s1', { cheapest_flight_id: 'TP123' }),
      callOf('s2', 'book_flight'),
      observation('s2', { error: 'HTTP 500: booking service down' }),
    ];
    expect(described(some)).toMatchObject({ failedTurns: [4], level: 'warning', text: '1 of 2 calls failed' });
    expect(described(some.slice(0, 3))).toMatchObject({ failedTurns: [], level: 'ok', text: null });
  });

  it('counts a call waiting for execution as made, not answered; without answers there is no verdict', () => {
    expect(described([user, callOf('s1', 'search_flights')])).toEqual({
      made: 1,
      answered: 0,
      failedTurns: [],
      unanswered: [{ turnIndex: 1, name: 'search_flights' }],
      level: 'none',
      text: null,
    });
    expect(described([user, callOf('s1', 'search_flights'), observation('s1', noRuntime('x'))]).text).toBe(
      '1 of 1 call failed',
    );
  });

  it('reads text observations and results that merely mention an error as successes', () => {
    const turns = [
      user,
      callOf('s1', 'find_places'),
      { role: 'tool', toolCallId: 's1', content: 'no error here' } satisfies Turn,
      callOf('s2', 'find_places'),
      observation('s2', { places: [], note: 'errors: none' }),
    ];
    expect(described(turns)).toMatchObject({ answered: 2, failedTurns: [], level: 'ok' });
  });

  it('fails a run that has ended with a call that got no result, naming the call', () => {
    // A replayed record whose call has no recorded result: the record goes on without it.
    const turns = [user, callOf('s1', 'search_flights'), answer];
    expect(described(turns, true)).toMatchObject({
      unanswered: [{ turnIndex: 1, name: 'search_flights' }],
      level: 'error',
      text: 'no result for search_flights (turn 1)',
    });
    expect(runOutcome('finished', turns)).toEqual({
      status: 'failure',
      by: 'Trellis run',
      value: 'no result for search_flights (turn 1)',
    });
    const mixed = [
      user,
      callOf('s1', 'search_flights'),
      observation('s1', { error: 'HTTP 500' }),
      callOf('s2', 'book_flight'),
      callOf('s3', 'send_email'),
      observation('s3', { sent: true }),
    ];
    expect(described(mixed, true)).toMatchObject({
      level: 'warning',
      text: '1 of 2 calls failed; no result for book_flight (turn 3)',
    });
    // While the run goes on, the call only waits.
    expect(runOutcome('paused', turns)).toBeNull();
    expect(runOutcome('finished', [user, callOf('s1', 'x'), observation('s1', { ok: true })])).toMatchObject({
      status: 'success',
    });
  });
});
