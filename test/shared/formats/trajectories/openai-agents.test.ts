import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  eventArrayFormat,
  formatDescriptor,
  partsFormat,
} from '../../../../shared/formats/trajectories/registry';

/**
 * OpenAI Agents SDK runs as the SDKs save them: a Python RunState (schema 1.17) where a triage
 * agent hands off to a refund agent that reasons and calls a tool; a JS RunState (schema 1.20)
 * in its own protocol items; and a Python `to_input_list()` saved as a JSON array.
 */
const FRAMEWORKS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'frameworks');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(FRAMEWORKS, file), 'utf8')) as unknown;
const agents = formatDescriptor('openai-agents');

describe('OpenAI Agents SDK runs', () => {
  it('reads a Python RunState: the handoff and the tool call paired by call_id, the reasoning as thought, agents and handoffs kept', () => {
    const state = read('openai-agents-python-1.17-run-state.json') as Record<string, unknown>;
    expect(detectFormat(state)).toBe('openai-agents');
    const parsed = agents.parse(state);
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'Bonjour, je voudrais être remboursé pour la commande 4417.' },
      { role: 'assistant', toolCalls: [{ id: 'call_hO3zQm9bX1', name: 'transfer_to_french_refund_agent', args: {} }] },
      { role: 'tool', content: '{"assistant": "French refund agent"}', toolCallId: 'call_hO3zQm9bX1' },
      {
        role: 'assistant',
        thought: 'The customer wants a refund for order 4417; I should look the order up before promising anything.',
        toolCalls: [{ id: 'call_L2wq8VnT5k', name: 'lookup_order', args: { order_id: '4417' } }],
      },
      {
        role: 'tool',
        content: '{"order_id": "4417", "status": "delivered", "total": 59.9, "refundable": true}',
        toolCallId: 'call_L2wq8VnT5k',
      },
      {
        role: 'assistant',
        content: 'Bonjour ! Votre commande 4417 est remboursable : je lance le remboursement de 59,90 €.',
      },
    ]);
    expect(parsed.metadata).toMatchObject({
      harness: 'openai-agents',
      agents: ['Triage agent', 'French refund agent'],
      current_agent: 'French refund agent',
      handoffs: [{ from: 'Triage agent', to: 'French refund agent' }],
      usage: { input_tokens: 1841, output_tokens: 143 },
    });
    expect(parsed.ignored).toEqual([]);
  });

  it("reads a JS RunState: camelCase fields, the protocol's callId and function_call_result read as Responses items", () => {
    const state = read('openai-agents-js-1.20-run-state.json') as Record<string, unknown>;
    expect(detectFormat(state)).toBe('openai-agents');
    const parsed = agents.parse(state);
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'Do I need an umbrella in Tokyo tonight?' },
      { role: 'assistant', toolCalls: [{ id: 'call_wX7pQ2rT9m', name: 'get_weather', args: { city: 'Tokyo' } }] },
      {
        role: 'tool',
        content: 'Tokyo: 31°C, humid, chance of thunderstorms in the evening.',
        toolCallId: 'call_wX7pQ2rT9m',
      },
      {
        role: 'assistant',
        content: "It's 31°C and humid in Tokyo, with thunderstorms likely this evening — take an umbrella.",
      },
    ]);
    expect(parsed.metadata).toMatchObject({
      agents: ['Weather agent'],
      usage: { inputTokens: 1203, outputTokens: 88 },
    });
    expect(parsed.ignored).toEqual([]);
  });

  it('reads to_input_list() saved as a JSON array as one run', () => {
    const items = read('openai-agents-python-to-input-list.json') as unknown[];
    expect(eventArrayFormat(items[0])).toBe('openai-agents');
    const parsed = agents.parse(agents.container!.events!.record(items));
    expect(parsed.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[4]).toEqual({ role: 'tool', content: '19.0', toolCallId: 'call_m2' });
    expect(parsed.turns[5]!.content).toBe('15% of 80 is 12; adding 7 gives 19.');
  });

  it('reads exported traces: a Chat Completions run from its last generation, a Responses run from its function spans', () => {
    const lines = fs
      .readFileSync(path.join(FRAMEWORKS, 'openai-agents-python-traces.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    for (const line of lines) expect(partsFormat(line)).toBe('openai-agents');
    const { records, problems } = agents.container!.parts!.group(lines);
    expect(problems).toEqual([]);
    expect(records.map((r) => r.first)).toEqual([0, 5]);
    const [chat, responses] = records.map(({ record }) => {
      expect(agents.detect(record)).toBe(true);
      return agents.parse(record);
    });
    expect(chat!.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(chat!.turns[2]!.toolCalls).toEqual([{ id: 'call_Qz81', name: 'lookup_order', args: { order_id: '4417' } }]);
    expect(chat!.turns[3]!.toolCallId).toBe('call_Qz81');
    expect(chat!.metadata).toEqual({
      harness: 'openai-agents',
      trace_id: 'trace_5e1b2c3d4f5a6b7c8d9e0f1a2b3c4d5e',
      workflow_name: 'Customer support',
      group_id: 'thread_42',
      trace_metadata: { customer: 'c_1001' },
      model: 'gpt-4o-mini',
      usage: { input_tokens: 237, output_tokens: 39 },
      agents: ['Support agent'],
    });
    expect(responses!.turns).toEqual([
      {
        role: 'assistant',
        toolCalls: [{ id: 'span_b5', name: 'refund_order', args: { order_id: '4417', amount: 59.9 } }],
      },
      { role: 'tool', content: 'Refund failed: order 4417 is not delivered yet', toolCallId: 'span_b5' },
    ]);
    expect(responses!.metadata).toMatchObject({
      agents: ['Triage agent', 'Billing agent'],
      handoffs: [{ from: 'Triage agent', to: 'Billing agent' }],
      span_errors: [{ span: 'span_b5', type: 'function', message: 'Error running tool' }],
    });
    expect(responses!.notes).toEqual([
      "OpenAI Agents SDK traces of Responses API runs keep only each response's id: their turns are the function calls and results the spans hold",
    ]);
  });

  it('leaves an array of chat messages written role first to the chat readers', () => {
    expect(eventArrayFormat({ role: 'user', content: 'hi' })).not.toBe('openai-agents');
  });
});
