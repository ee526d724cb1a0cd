import { describe, expect, it } from 'vitest';
import { checkTrajectory } from '../../../shared/checks/trajectory';
import type { Turn } from '../../../shared/domain';
import { trainingWeights } from '../../../shared/formats/training-weights';
import { breakpointAfter } from '../../../shared/runs/breakpoints';
import { callOutcome } from '../../../shared/runs/outcome';
import { answeredWithError, isErrorResult } from '../../../shared/runs/results';

/** One call answered with `content`, then the agent's answer. */
const answered = (content: string): Turn[] => [
  { role: 'user', content: 'Find flights to Lisbon' },
  { role: 'assistant', toolCalls: [{ id: 'c1', name: 'search_flights', args: { to: 'LIS' } }] },
  { role: 'tool', toolCallId: 'c1', content },
  { role: 'assistant', content: 'Done.' },
];

/** What each reader of a result says of it: the checks, the training weights, the outcome, the debugger. */
function verdicts(content: string) {
  const turns = answered(content);
  return {
    finding: checkTrajectory(turns).some((f) => f.code === 'tool-error'),
    trained: trainingWeights(turns, { lowRated: false })[1] === 1,
    failed: callOutcome(turns).failedTurns.length > 0,
    paused: breakpointAfter([{ kind: 'error' }], turns[2]!) !== null,
  };
}

describe('a failed call, one question for every reader', () => {
  it('reads a top-level error that says something as a failure', () => {
    expect(isErrorResult({ error: 'timeout' })).toBe(true);
    expect(isErrorResult({ error: { code: 429, message: 'rate limited' } })).toBe(true);
    expect(verdicts('{"error": "no flights on that day"}')).toEqual({
      finding: true,
      trained: false,
      failed: true,
      paused: true,
    });
  });

  it('reads an error that is null or false, or one nested in the data, as no failure', () => {
    expect(isErrorResult({ error: null, flights: [] })).toBe(false);
    expect(isErrorResult({ error: false })).toBe(false);
    expect(isErrorResult([{ error: 'x' }])).toBe(false);
    expect(isErrorResult('{"error": "x"}')).toBe(false);
    const none = { finding: false, trained: true, failed: false, paused: false };
    expect(verdicts('{"flights": [], "error": null}')).toEqual(none);
    expect(verdicts('{"flights": [{"id": "TP1", "error": "seat map unavailable"}]}')).toEqual(none);
    expect(verdicts('the word "error": in plain text')).toEqual(none);
  });

  it('takes the record’s word that a call failed, whatever its result says', () => {
    const [, , result] = answered('Error: no flights');
    expect(answeredWithError(result!)).toBe(false);
    expect(answeredWithError(result!, new Set(['c1']))).toBe(true);
    expect(answeredWithError({ role: 'assistant', content: '{"error": "x"}' })).toBe(false);
  });
});
