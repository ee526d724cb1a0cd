import { describe, expect, it } from 'vitest';
import { deterministicScores, judgePrompt, JUDGED_METRICS, traceForJudge } from '../../../shared/metrics/agent-gpa';
import type { Finding, Turn } from '../../../shared/domain';

const call = (id: string, name: string, args: unknown): Turn => ({
  role: 'assistant',
  toolCalls: [{ id, name, args }],
});
const result = (id: string): Turn => ({ role: 'tool', toolCallId: id, content: '{}' });

describe('deterministic Agent GPA scores', () => {
  it('counts repeated calls, unanswered calls, the final answer and grounded arguments', () => {
    const turns: Turn[] = [
      { role: 'user', content: 'Book hotel H1 in Kyoto' },
      call('a', 'book_hotel', { hotel_id: 'H1', city: 'Kyoto' }),
      result('a'),
      call('b', 'book_hotel', { city: 'Kyoto', hotel_id: 'H1' }), // same call, keys reordered
      result('b'),
      call('c', 'get_weather', { city: 'Kyoto' }),
    ];
    const ungrounded: Finding = {
      code: 'ungrounded-value',
      severity: 'warning',
      message: '',
      where: { at: 'turn', turn: 1, path: '$.x' },
    };
    const scores = deterministicScores(turns, [ungrounded]);
    expect(scores.executionEfficiency).toBeCloseTo(2 / 3);
    expect(scores.answeredCalls).toBeCloseTo(2 / 3);
    expect(scores.finalAnswer).toBe(0);
    expect(scores.groundedArguments).toBeCloseTo(4 / 5);
    expect(scores.planAdherence).toBeNull();
    const answered = deterministicScores([...turns, result('c'), { role: 'assistant', content: 'Booked.' }], []);
    expect([answered.answeredCalls, answered.finalAnswer, answered.groundedArguments]).toEqual([1, 1, 1]);
  });

  it('counts a value found invented or out of order as ungrounded: the checks flag each value once', () => {
    const turns: Turn[] = [
      { role: 'user', content: 'Book a hotel in Kyoto' },
      call('a', 'book_hotel', { hotel_id: 'kyoto-grand-01', city: 'Kyoto' }),
      result('a'),
      call('b', 'book_room', { offer_id: 'offer-9', nights: 2 }),
    ];
    const at = (code: string, turn: number, path: string): Finding => ({
      code,
      severity: 'error',
      message: '',
      where: { at: 'turn', turn, path },
    });
    const findings = [
      at('dependency-order', 1, '$.toolCalls[0].args.hotel_id'),
      at('invented-value', 3, '$.toolCalls[0].args.offer_id'),
      // Not about where a value came from.
      at('repeated-call', 3, '$.toolCalls[0]'),
    ];
    expect(deterministicScores(turns, findings).groundedArguments).toBe(2 / 4);
  });

  it('measures plan adherence as the common subsequence of plan steps and calls', () => {
    const turns = [call('a', 'search', {}), call('b', 'email', {}), call('c', 'book', {})];
    const plan = ['search', 'book', 'pay'].map((tool, i) => ({ id: `s${i}`, tool, args: {}, dependsOn: [] }));
    // search, book are in order in both: 2 of max(3, 3).
    expect(deterministicScores(turns, [], plan).planAdherence).toBeCloseTo(2 / 3);
  });

  it('builds a judge prompt with the question and a trace that fits the context', () => {
    const long: Turn[] = Array.from({ length: 200 }, (_, i) => ({
      role: 'user',
      content: `message ${i} ${'x'.repeat(100)}`,
    }));
    const trace = traceForJudge(long);
    expect(trace.length).toBeLessThan(6100);
    expect(trace).toContain('[… turns cut …]');
    expect(trace).toContain('199. user: message 199');
    expect(judgePrompt(JUDGED_METRICS[0]!, long.slice(0, 1))).toMatch(
      /Goal fulfillment[\s\S]*achieve what the user asked/,
    );
  });
});
