import { describe, expect, it } from 'vitest';
import { assembleTrace } from '../../../../shared/formats/otlp/assemble';
import { spansOfExport } from '../../../../shared/formats/otlp/spans';
import { exportRequest, span } from '../../../helpers/otlp-json';

const spansOf = (...list: ReturnType<typeof span>[]) => spansOfExport(exportRequest(list)).spans;

const ID = { agent: 'a'.repeat(16), generation: 'b'.repeat(16), step0: 'c0'.repeat(8), step1: 'c1'.repeat(8) };
const PROMPT = {
  messages: [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: [{ type: 'text', text: 'Weather in Paris? Book Chez Marie.' }] },
  ],
};
const CALLS = [
  { toolCallId: 'call_w', toolName: 'get_weather', args: { city: 'Paris' } },
  { toolCallId: 'call_b', toolName: 'book_table', args: { restaurant: 'Chez Marie' } },
];

const agentRun = () =>
  span({
    name: 'invoke_agent weather',
    spanId: ID.agent,
    at: 0,
    durationMs: 100,
    attributes: {
      'mastra.span.type': 'agent_run',
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.tool.definitions': JSON.stringify(['get_weather', 'book_table']),
      'gen_ai.system_instructions': 'Be brief.',
    },
    status: { code: 1 },
  });

const modelStep = (id: string, at: number, output: unknown) =>
  span({
    name: 'agent_step weather',
    spanId: id,
    parent: ID.generation,
    at,
    durationMs: 30,
    attributes: {
      'mastra.span.type': 'model_step',
      'gen_ai.operation.name': 'agent_step',
      // A preview, not the messages: earlier calls and results as placeholders.
      'mastra.model_step.input': JSON.stringify([{ role: 'assistant', content: '[tool: get_weather]' }]),
      'mastra.model_step.output': JSON.stringify(output),
    },
  });

const toolCall = (name: string, id: string, at: number, result?: unknown) =>
  span({
    name: `execute_tool ${name}`,
    parent: ID.step0,
    at,
    attributes: {
      'mastra.span.type': 'tool_call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': name,
      'gen_ai.tool.call.id': id,
      'gen_ai.tool.description': `${name} description`,
      ...(result !== undefined ? { 'gen_ai.tool.call.result': JSON.stringify(result) } : {}),
    },
    status: result !== undefined ? { code: 1 } : { code: 2, message: 'no table free' },
  });

const STEPS_AND_TOOLS = [
  modelStep(ID.step0, 11, { text: '', toolCalls: CALLS }),
  toolCall('get_weather', 'call_w', 20, { sky: 'sunny' }),
  toolCall('book_table', 'call_b', 21),
  modelStep(ID.step1, 50, { text: 'Sunny; no table.', toolCalls: [] }),
];

const EXPECTED_TURNS = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'Weather in Paris? Book Chez Marie.' },
  {
    role: 'assistant',
    toolCalls: [
      { id: 'call_w', name: 'get_weather', args: { city: 'Paris' } },
      { id: 'call_b', name: 'book_table', args: { restaurant: 'Chez Marie' } },
    ],
  },
  { role: 'tool', content: '{"sky":"sunny"}', toolCallId: 'call_w' },
  { role: 'tool', content: 'no table free', toolCallId: 'call_b' },
  { role: 'assistant', content: 'Sunny; no table.' },
];

const conversation = (turns: { role: string; content?: string; toolCalls?: unknown; toolCallId?: string }[]) =>
  turns.map(({ role, content, toolCalls, toolCallId }) => ({
    role,
    ...(content ? { content } : {}),
    ...(toolCalls ? { toolCalls } : {}),
    ...(toolCallId ? { toolCallId } : {}),
  }));

describe('Mastra spans (@mastra/otel-exporter)', () => {
  it('reads the prompt from the generation, one turn per step, tokens from the inference inside each step', () => {
    const inference = (parent: string, at: number, text: string, tokens: [number, number]) =>
      span({
        name: 'chat gpt-test',
        parent,
        at,
        attributes: {
          'mastra.span.type': 'model_inference',
          'gen_ai.operation.name': 'chat',
          'gen_ai.request.model': 'gpt-test',
          // The exporter's chat span holds the answer's text only, never its calls.
          'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: text }] }]),
          'gen_ai.usage.input_tokens': tokens[0],
          'gen_ai.usage.output_tokens': tokens[1],
        },
      });
    const generation = span({
      name: 'model_generation gpt-test',
      spanId: ID.generation,
      parent: ID.agent,
      at: 10,
      durationMs: 80,
      attributes: {
        'mastra.span.type': 'model_generation',
        'gen_ai.operation.name': 'model_generation',
        'mastra.model_generation.input': JSON.stringify(PROMPT),
        'mastra.model_generation.output': JSON.stringify({ text: 'Sunny; no table.', toolCalls: CALLS }),
      },
    });
    const trace = assembleTrace(
      spansOf(
        agentRun(),
        generation,
        ...STEPS_AND_TOOLS,
        inference(ID.step0, 12, '', [31, 18]),
        inference(ID.step1, 51, 'Sunny; no table.', [70, 14]),
      ),
    );
    expect(conversation(trace.turns)).toEqual(EXPECTED_TURNS);
    expect(trace.turns.filter((t) => t.role === 'assistant').map((t) => t.tokens)).toEqual([
      { prompt: 31, completion: 18 },
      { prompt: 70, completion: 14 },
    ]);
    expect(trace.metadata).toMatchObject({
      model: 'gpt-test',
      conventions: ['Mastra (mastra.model_step)'],
      usage: { input_tokens: 101, output_tokens: 32 },
      tool_errors: [{ tool: 'book_table', toolCallId: 'call_b', error: 'no table free' }],
    });
    expect(trace.tools).toEqual([
      { name: 'get_weather', description: 'get_weather description', parameters: {} },
      { name: 'book_table', description: 'book_table description', parameters: {} },
    ]);
    expect(trace.outcome).toMatchObject({ status: 'success' });
  });

  it('counts the tokens once where the generation is the chat span (Mastra without inference spans)', () => {
    const generation = span({
      name: 'chat gpt-test',
      spanId: ID.generation,
      parent: ID.agent,
      at: 10,
      durationMs: 80,
      attributes: {
        'mastra.span.type': 'model_generation',
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'gpt-test',
        'gen_ai.input.messages': JSON.stringify([
          { role: 'system', parts: [{ type: 'text', content: 'Be brief.' }] },
          { role: 'user', parts: [{ type: 'text', content: 'Weather in Paris? Book Chez Marie.' }] },
        ]),
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'text', content: 'Sunny; no table.' }] },
        ]),
        'gen_ai.usage.input_tokens': 101,
        'gen_ai.usage.output_tokens': 32,
      },
    });
    const trace = assembleTrace(spansOf(agentRun(), generation, ...STEPS_AND_TOOLS));
    expect(conversation(trace.turns)).toEqual(EXPECTED_TURNS);
    expect(trace.metadata).toMatchObject({ model: 'gpt-test', usage: { input_tokens: 101, output_tokens: 32 } });
  });
});
