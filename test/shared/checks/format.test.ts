import { describe, expect, it } from 'vitest';
import { formatProblem, formatWhere, problemParts } from '../../../shared/checks/format';

describe("a problem's one line", () => {
  it('places a finding at its turn and JSON path', () => {
    expect(
      formatProblem({
        code: 'unknown-tool',
        severity: 'error',
        message: '"fly" is not a tool of the graph.',
        where: { at: 'turn', turn: 3, path: '$.toolCalls[0].name' },
      }),
    ).toBe('turn 3 $.toolCalls[0].name: error unknown-tool: "fly" is not a tool of the graph.');
  });

  it('places a plan problem at its step and field, or at the plan when it has no step', () => {
    expect(
      formatProblem({
        code: 'invalid-arguments',
        severity: 'error',
        message: 'missing required argument date',
        where: { at: 'step', step: 's1', path: 'args.date' },
      }),
    ).toBe('s1 args.date: error invalid-arguments: missing required argument date');
    expect(formatWhere({ at: 'step', step: null, path: 'dependsOn' })).toBe('plan dependsOn');
  });

  it('does not name a step’s field twice, and keeps a message that only shares its first letters', () => {
    const at = (path: string, message: string) =>
      problemParts({ code: 'c', severity: 'error', message, where: { at: 'step', step: 's2', path } }).message;
    expect(at('args.lat', 'lat refers to geocode_city, which is not a step.')).toBe(
      'refers to geocode_city, which is not a step.',
    );
    expect(at('dependsOn', 's2 depends on s9, which is not a step.')).toBe('s2 depends on s9, which is not a step.');
    expect(at('args.to', 'tool book_x is not in the graph.')).toBe('tool book_x is not in the graph.');
  });

  it('places a graph problem at its tools', () => {
    expect(
      formatProblem({
        code: 'edge-loose',
        severity: 'warning',
        message: 'Edge a.n → b.s: a number into a string.',
        where: { at: 'graph', tools: ['a', 'b'], edge: 0 },
      }),
    ).toBe('a, b: warning edge-loose: Edge a.n → b.s: a number into a string.');
  });

  it('leaves the place out for an exported record: its message names the message or turn', () => {
    expect(
      formatProblem({
        code: 'no-final-answer',
        severity: 'error',
        message: 'The last message ("tool") is not an assistant answer with content.',
        where: { at: 'record' },
      }),
    ).toBe('error no-final-answer: The last message ("tool") is not an assistant answer with content.');
  });

  it('has parts that join into the line, for views that style them', () => {
    const problem = {
      code: 'repeated-call',
      severity: 'warning' as const,
      message: 'get_weather is called again with the same arguments.',
      where: { at: 'turn' as const, turn: 4, path: '$.toolCalls[0]' },
    };
    const { where, label, message } = problemParts(problem);
    expect(`${where}: ${label}: ${message}`).toBe(formatProblem(problem));
  });
});
