import { describe, expect, it } from 'vitest';
import { assembleTrace } from '../../../../shared/formats/otlp/assemble';
import { spansOfExport } from '../../../../shared/formats/otlp/spans';
import { exportRequest, span } from '../../../helpers/otlp-json';
import { expectSameDinnerRun, fixtureSpans, PRODUCER_RUNS, RUN } from '../../../helpers/producer-fixtures';

describe('pydantic-ai', () => {
  it('version 5 (the default): chat spans with message parts, execute_tool spans, the agent run span left to them', () => {
    const trace = assembleTrace(fixtureSpans('pydantic-ai-v5'));
    expectSameDinnerRun(trace, PRODUCER_RUNS['pydantic-ai-v5']!);
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
    expectSameDinnerRun(trace, PRODUCER_RUNS['pydantic-ai-v1']!);
    expect(trace.outcome).toMatchObject({ status: 'failure' });
    expect(String(trace.outcome.value)).toContain('status_code: 500');
  });
});

describe('Google ADK', () => {
  it('reads call_llm spans (Gemini contents in gcp.vertex.agent.llm_request / llm_response) and execute_tool spans', () => {
    const trace = assembleTrace(fixtureSpans('adk-python'));
    expectSameDinnerRun(trace, PRODUCER_RUNS['adk-python']!);
    // The span over both weather calls repeats theirs: no turn of its own.
    expect(trace.metadata.conversation_id).toBe('c1f3a7de-5b2e-4e55-9a37-8f0a6b2d1e40');
  });
});

describe('Microsoft Agent Framework', () => {
  it('reads chat and execute_tool spans under invoke_agent, whose messages repeat theirs', () => {
    const trace = assembleTrace(fixtureSpans('agent-framework'));
    expectSameDinnerRun(trace, PRODUCER_RUNS['agent-framework']!);
    expect(trace.metadata.tool_errors).toEqual([
      { tool: 'book_table', toolCallId: 'call_Bk3', error: "RuntimeError('No tables left at Chez Marie')" },
    ]);
    expect(trace.outcome).toMatchObject({ status: 'success', by: 'root span "invoke_agent WeatherAgent" status' });
  });

  it('reads the invoke_agent span alone when the chat client is not instrumented', () => {
    const trace = assembleTrace(fixtureSpans('agent-framework').filter((s) => !s.parentSpanId));
    expect(trace.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(trace.turns.at(-1)!.content).toBe(RUN.answer);
  });
});

describe('GenAI conventions, newer forms', () => {
  it('reads the gen_ai.client.inference.operation.details event with structured values, blob and file parts', () => {
    const trace = assembleTrace(fixtureSpans('genai-inference-event'));
    expectSameDinnerRun(trace, PRODUCER_RUNS['genai-inference-event']!);
    expect(trace.metadata.conversation_id).toBe('conv-dinner-1');
  });
});

describe('OpenLIT', () => {
  it("reads its chat spans, putting back the assistant's calls its input messages leave out", () => {
    const trace = assembleTrace(fixtureSpans('openlit'));
    expectSameDinnerRun(trace, PRODUCER_RUNS['openlit']!);
    expect(trace.outcome).toMatchObject({ status: 'success' });
  });
});

describe('GenAI conventions, attribute values in any of their forms', () => {
  it('reads messages, instructions and tool definitions written as arrays of JSON text', () => {
    const text = (values: unknown[]) => ({
      arrayValue: { values: values.map((v) => ({ stringValue: JSON.stringify(v) })) },
    });
    const call = span({ name: 'chat m', attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'm' } });
    call.attributes.push(
      { key: 'gen_ai.system_instructions', value: text([{ type: 'text', content: RUN.system }]) },
      { key: 'gen_ai.input.messages', value: text([{ role: 'user', parts: [{ type: 'text', content: RUN.user }] }]) },
      {
        key: 'gen_ai.output.messages',
        value: text([{ role: 'assistant', parts: [{ type: 'text', content: RUN.answer }], finish_reason: 'stop' }]),
      },
      {
        key: 'gen_ai.tool.definitions',
        value: text([{ type: 'function', name: 'get_weather', parameters: { type: 'object' } }]),
      },
    );
    const trace = assembleTrace(spansOfExport(exportRequest([call])).spans);
    expect(trace.turns.map((t) => [t.role, t.content])).toEqual([
      ['system', RUN.system],
      ['user', RUN.user],
      ['assistant', RUN.answer],
    ]);
    expect(trace.tools.map((t) => t.name)).toEqual(['get_weather']);
  });
});
