import { describe, expect, it } from 'vitest';
import { assembleTrace } from '../../../../shared/formats/otlp/assemble';
import { spansOfExport } from '../../../../shared/formats/otlp/spans';
import { exportRequest, span } from '../../../helpers/otlp-json';

const spansOf = (...list: ReturnType<typeof span>[]) => spansOfExport(exportRequest(list)).spans;

const ROOT = 'a'.repeat(16);
const WORKFLOW = 'b'.repeat(16);
const INSTRUCTIONS = 'You answer with the weather.';
const TOOLS = [
  {
    type: 'function',
    name: 'get_weather',
    description: 'Current weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    strict: true,
  },
];

/** A Responses API reply as the bridge puts it in `output.value`. */
const reply = (output: unknown[], usage: [number, number]) => ({
  id: 'resp_x',
  object: 'response',
  status: 'completed',
  model: 'gpt-4.1-mini',
  instructions: INSTRUCTIONS,
  tools: TOOLS,
  output,
  usage: { input_tokens: usage[0], output_tokens: usage[1], total_tokens: usage[0] + usage[1] },
});

const calls = [
  { type: 'function_call', id: 'fc_1', call_id: 'call_paris', name: 'get_weather', arguments: '{"city":"Paris"}' },
  { type: 'function_call', id: 'fc_2', call_id: 'call_lyon', name: 'get_weather', arguments: '{"city":"Lyon"}' },
];
const answer = {
  type: 'message',
  id: 'msg_1',
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text: 'Warm in both.', annotations: [] }],
};

/** The JavaScript SDK's own items (`AgentInputItem`) as its bridge writes them in `input.value`. */
const jsItems = [
  { type: 'message', role: 'user', content: 'Paris and Lyon?' },
  ...calls.map((c) => ({
    type: 'function_call',
    id: c.id,
    callId: c.call_id,
    name: c.name,
    status: 'completed',
    arguments: c.arguments,
    providerData: { type: 'function_call', id: c.id },
  })),
  ...['21', '24'].map((t, k) => ({
    type: 'function_call_result',
    name: 'get_weather',
    callId: calls[k]!.call_id,
    status: 'completed',
    output: { type: 'text', text: `${t} °C` },
  })),
];

/** Python's items are the Responses API's own. */
const pythonItems = [
  { role: 'user', content: 'Paris and Lyon?' },
  ...calls,
  ...['21', '24'].map((t, k) => ({ type: 'function_call_output', call_id: calls[k]!.call_id, output: `${t} °C` })),
];

const responseSpan = (at: number, input: unknown[], output: unknown) =>
  span({
    name: 'response',
    at,
    parent: WORKFLOW,
    attributes: {
      'openinference.span.kind': 'LLM',
      'input.value': JSON.stringify(input),
      'output.value': JSON.stringify(output),
      // What the bridge also flattens: one message per function call, the reply's text dropped.
      'llm.output_messages.0.message.role': 'assistant',
      'llm.output_messages.0.message.tool_calls.0.tool_call.id': 'call_paris',
    },
  });

const run = (items: unknown[]) => [
  responseSpan(0, items.slice(0, 1), reply(calls, [40, 12])),
  ...calls.map((c, k) =>
    span({
      name: 'get_weather',
      at: 20,
      parent: WORKFLOW,
      attributes: { 'openinference.span.kind': 'TOOL', 'tool.name': 'get_weather', 'input.value': c.arguments },
      // The second starts with the first; its result still follows the first's.
      ...(k === 0 ? { durationMs: 12 } : {}),
    }),
  ),
  responseSpan(40, items, reply([answer], [70, 5])),
];

describe('OpenAI Agents SDK spans written by the OpenInference bridge', () => {
  it.each([
    ['JavaScript SDK items', jsItems],
    ['Python SDK items', pythonItems],
  ])('read as the agent ran: parallel calls in one turn, results in call order (%s)', (_, items) => {
    const trace = assembleTrace(spansOf(...run(items), span({ name: 'Agent workflow', spanId: ROOT, at: 0 })));
    expect(trace.turns.map(({ timing: _t, ...t }) => t)).toEqual([
      { role: 'system', content: INSTRUCTIONS },
      { role: 'user', content: 'Paris and Lyon?' },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'call_paris', name: 'get_weather', args: { city: 'Paris' } },
          { id: 'call_lyon', name: 'get_weather', args: { city: 'Lyon' } },
        ],
        tokens: { prompt: 40, completion: 12 },
      },
      { role: 'tool', content: '21 °C', toolCallId: 'call_paris' },
      { role: 'tool', content: '24 °C', toolCallId: 'call_lyon' },
      { role: 'assistant', content: 'Warm in both.', tokens: { prompt: 70, completion: 5 } },
    ]);
    expect(trace.tools.map((t) => t.name)).toEqual(['get_weather']);
    expect(trace.metadata).toMatchObject({
      model: 'gpt-4.1-mini',
      conventions: ['OpenInference (OpenAI Agents SDK)'],
      usage: { input_tokens: 110, output_tokens: 17 },
    });
  });

  it('places results of parallel calls in call order when no later call resent them', () => {
    const [first, paris, lyon] = run(jsItems);
    // Lyon's tool span starts first; the model call after them never came.
    const trace = assembleTrace(spansOf(first!, { ...lyon!, startTimeUnixNano: paris!.startTimeUnixNano }, paris!));
    expect(trace.turns.slice(3).map((t) => t.toolCallId)).toEqual(['call_paris', 'call_lyon']);
  });

  it('keeps a handoff span in the metadata, not as a tool the model did not call', () => {
    const handoff = span({
      name: 'handoff to Weather agent',
      at: 30,
      parent: WORKFLOW,
      attributes: {
        'openinference.span.kind': 'TOOL',
        'tool.name': 'handoff_to_Weather agent',
        'input.value': '{"from_agent":"Triage"}',
        'output.value': '{"to_agent":"Weather agent"}',
      },
    });
    const trace = assembleTrace(spansOf(...run(jsItems), handoff));
    expect(trace.turns).toHaveLength(6);
    const kept = trace.metadata.span_attributes as Record<string, Record<string, unknown>>;
    expect(kept[`handoff to Weather agent ${handoff.spanId}`]).toMatchObject({
      'output.value': '{"to_agent":"Weather agent"}',
    });
  });

  it('continues the history when another agent takes the run over, its instructions a new system turn', () => {
    const transfer = { type: 'function_call', call_id: 'call_t', name: 'transfer_to_Weather', arguments: '{}' };
    const handedOver = { type: 'function_call_output', call_id: 'call_t', output: '{"assistant":"Weather"}' };
    const triage = { ...reply([transfer], [9, 2]), instructions: 'You route.' };
    const trace = assembleTrace(
      spansOf(
        responseSpan(0, pythonItems.slice(0, 1), triage),
        responseSpan(10, [...pythonItems.slice(0, 1), transfer, handedOver], reply([answer], [30, 4])),
      ),
    );
    expect(trace.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'system', 'assistant']);
    expect(trace.turns.filter((t) => t.role === 'system').map((t) => t.content)).toEqual(['You route.', INSTRUCTIONS]);
  });

  it('is a failure with the error once quiet when the root never came but the workflow span failed', () => {
    const error = 'Error in agent run: {"error":"Error: 500 upstream"}';
    const workflow = span({
      name: 'Agent workflow',
      spanId: WORKFLOW,
      parent: ROOT,
      at: 0,
      durationMs: 100,
      status: { code: 2, message: error },
    });
    const spans = spansOf(...run(jsItems).slice(0, 3), workflow);
    expect(assembleTrace(spans).outcome).toEqual({ status: 'unknown', by: 'trace in progress', value: null });
    const quiet = assembleTrace(spans, { quiet: true });
    expect(quiet.outcome).toEqual({
      status: 'failure',
      by: 'span "Agent workflow" status (no root span came)',
      value: error,
    });
    expect(quiet.metadata.error).toBe(error);
    // A quiet trace whose top spans did not fail stays unknown.
    const ok = assembleTrace(spansOf(...run(jsItems).slice(0, 3), { ...workflow, status: { code: 1 } }), {
      quiet: true,
    });
    expect(ok.outcome.status).toBe('unknown');
  });
});
