import { describe, expect, it } from 'vitest';
import { assembleTrace } from '../../../../shared/formats/otlp/assemble';
import { expectSameDinnerRun, fixtureSpans, RUN } from '../../../helpers/producer-fixtures';

describe('pydantic-ai', () => {
  it('version 5 (the default): chat spans with message parts, execute_tool spans, the agent run span left to them', () => {
    const trace = assembleTrace(fixtureSpans('pydantic-ai-v5'));
    expectSameDinnerRun(trace, {
      user: `${RUN.user}\n[image: https://example.com/chez-marie.png]`,
      ids: ['call_paris', 'call_rome', 'call_book'],
      bookingError: 'No tables left at Chez Marie\n\nFix the errors and try again.',
      thought: RUN.thought,
      model: 'gpt-4o',
    });
    expect(trace.metadata.tool_errors).toEqual([
      {
        tool: 'book_table',
        toolCallId: 'call_book',
        error: 'No tables left at Chez Marie\n\nFix the errors and try again.',
      },
    ]);
    expect(trace.outcome.status).toBe('unknown');
  });

  it('reads the agent run span alone (pydantic_ai.all_messages) when no model call span arrived', () => {
    const trace = assembleTrace(fixtureSpans('pydantic-ai-v5').filter((s) => !s.parentSpanId));
    expect(trace.turns.map((t) => [t.role, t.content ?? null, (t.toolCalls ?? []).map((c) => c.id).join()])).toEqual([
      ['system', RUN.system, ''],
      ['user', `${RUN.user}\n[image: https://example.com/chez-marie.png]`, ''],
      ['assistant', null, 'call_paris,call_rome'],
      ['tool', RUN.paris, ''],
      ['tool', RUN.rome, ''],
      ['assistant', null, 'call_book'],
      ['tool', 'No tables left at Chez Marie\n\nFix the errors and try again.', ''],
      ['assistant', RUN.answer, ''],
    ]);
  });

  it('version 1: the events attribute, running tool spans, a run that failed', () => {
    const trace = assembleTrace(fixtureSpans('pydantic-ai-v1'));
    expectSameDinnerRun(trace, {
      ids: ['call_paris', 'call_rome', 'call_book'],
      bookingError: 'No tables left at Chez Marie\n\nFix the errors and try again.',
      thought: RUN.thought,
      answered: false,
      model: 'gpt-4o',
    });
    expect(trace.outcome).toMatchObject({ status: 'failure' });
    expect(String(trace.outcome.value)).toContain('status_code: 500');
  });
});
