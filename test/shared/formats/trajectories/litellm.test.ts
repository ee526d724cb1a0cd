import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, parseRecord, RecordError } from '../../../../shared/formats/trajectories/registry';

/**
 * LiteLLM logs as its callbacks receive them (StandardLoggingPayload, `litellm/types/utils.py`)
 * and as its proxy stores them (spend-log rows, JSON text fields), and gateway log lines holding
 * a provider's request and response bodies. Written in those shapes, turn by turn.
 */
const DIR = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'litellm');
const lines = (file: string) =>
  fs
    .readFileSync(path.join(DIR, file), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const [payload, failed] = lines('standard-logging-payloads.jsonl');
const [spendLog] = JSON.parse(fs.readFileSync(path.join(DIR, 'spend-logs.json'), 'utf8')) as Record<string, unknown>[];
const [anthropicLine, twoChoices, apiError, streamed] = lines('gateway-log.jsonl');

describe('LiteLLM logs', () => {
  it('are recognised before the OpenAI chat format that their "messages" would otherwise match', () => {
    for (const record of [payload, failed, spendLog, anthropicLine, twoChoices, apiError, streamed])
      expect(detectFormat(record)).toBe('litellm');
  });

  it("read a StandardLoggingPayload as the request's messages and the reply, paired by id", () => {
    const parsed = parseRecord('litellm', payload);
    expect(parsed.turns).toEqual([
      { role: 'system', content: 'You are a support agent. Use the tools.' },
      { role: 'user', content: 'Order 8812 arrived broken and order 8813 never came. Refund both.' },
      {
        role: 'assistant',
        content: 'Let me look both orders up.',
        toolCalls: [
          { id: 'call_A1', name: 'get_order', args: { order_id: '8812' } },
          { id: 'call_A2', name: 'get_order', args: { order_id: '8813' } },
        ],
      },
      { role: 'tool', content: '{"status": "lost in transit"}', toolCallId: 'call_A2' },
      { role: 'tool', content: '{"status": "delivered", "damaged": true}', toolCallId: 'call_A1' },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'call_B1', name: 'refund', args: { order_id: '8812', reason: 'damaged' } },
          { id: 'call_B2', name: 'refund', args: { order_id: '8813', reason: 'lost' } },
        ],
        tokens: { prompt: 211, completion: 31 },
      },
    ]);
    expect(parsed.tools.map((t) => t.name)).toEqual(['get_order', 'refund']);
    expect(parsed.outcome).toEqual({ status: 'success', by: 'LiteLLM status', value: 'success' });
    expect(parsed.metadata).toEqual({ harness: 'LiteLLM', model: 'gpt-4o-mini-2024-07-18', stop_reason: 'tool_calls' });
    expect(parsed.ignored).toEqual([]);
  });

  it('read a failed call as a failure, with the messages that were sent', () => {
    const parsed = parseRecord('litellm', failed);
    expect(parsed.turns).toEqual([{ role: 'user', content: 'Refund order 8814.' }]);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'LiteLLM status', value: 'failure' });
    expect(parsed.metadata).toEqual({ harness: 'LiteLLM', model: 'gpt-4o-mini' });
  });

  it('read a spend-log row whose fields are JSON text, with the tools of the request the proxy kept', () => {
    const parsed = parseRecord('litellm', spendLog);
    expect(parsed.turns).toEqual([
      { role: 'user', content: "What's the weather in Lisbon?" },
      {
        role: 'assistant',
        content: "I'll check the forecast.",
        thought: 'A weather question: call the tool.',
        toolCalls: [{ id: 'toolu_01Lx', name: 'get_weather', args: { city: 'Lisbon' } }],
        tokens: { prompt: 480, completion: 50 },
      },
    ]);
    expect(parsed.tools).toEqual([
      {
        name: 'get_weather',
        description: 'Forecast for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    ]);
    expect(parsed.metadata).toMatchObject({
      model: 'claude-3-5-sonnet-20241022',
      request_parameters: { max_tokens: 1024 },
    });
  });

  it('refuse a row whose messages LiteLLM did not store, saying why', () => {
    const row = { ...spendLog, messages: '{}', response: '{}', proxy_server_request: '{}' };
    expect(() => parseRecord('litellm', row)).toThrow(RecordError);
    expect(() => parseRecord('litellm', row)).toThrow(/message logging was off/);
  });
});

describe('gateway log lines', () => {
  it("read Anthropic bodies: the system text first, tool results paired, the response's usage as tokens", () => {
    const parsed = parseRecord('litellm', anthropicLine);
    expect(parsed.turns).toEqual([
      { role: 'system', content: 'You are a file assistant.' },
      { role: 'user', content: 'Summarise notes.md' },
      {
        role: 'assistant',
        content: 'Reading it.',
        toolCalls: [{ id: 'toolu_01', name: 'read_file', args: { path: 'notes.md' } }],
      },
      { role: 'tool', content: '- ship v2\n- fix login bug', toolCallId: 'toolu_01' },
      {
        role: 'assistant',
        content: 'Two items: ship v2 and fix the login bug.',
        tokens: { prompt: 310, completion: 14 },
      },
    ]);
    expect(parsed.tools).toEqual([
      {
        name: 'read_file',
        description: 'Read a file',
        parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
    ]);
    expect(parsed.metadata).toEqual({
      harness: 'model API gateway log',
      model: 'claude-sonnet-4-5-20250929',
      stop_reason: 'end_turn',
      request_parameters: { max_tokens: 1024 },
    });
    expect(parsed.outcome).toBeUndefined();
  });

  it('keep every choice of a reply asked for n choices', () => {
    const parsed = parseRecord('litellm', twoChoices);
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'Name a colour.' },
      { role: 'assistant', content: 'Teal.' },
      { role: 'assistant', content: 'Ochre.', tokens: { prompt: 11, completion: 4 } },
    ]);
  });

  it('read an API error as a failure given by the API, its message as the value', () => {
    const parsed = parseRecord('litellm', apiError);
    expect(parsed.turns).toEqual([{ role: 'user', content: 'Hi' }]);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'API error', value: 'Incorrect API key provided' });
  });

  it('join a streamed reply a gateway logged as its server-sent events, bodies wrapped beside their status', () => {
    const parsed = parseRecord('litellm', streamed);
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'What time is it in Lisbon?' },
      {
        role: 'assistant',
        toolCalls: [{ id: 'call_z9', name: 'get_time', args: { tz: 'Europe/Lisbon' } }],
        tokens: { prompt: 52, completion: 17 },
      },
    ]);
    expect(parsed.metadata).toMatchObject({ model: 'gpt-4o-mini', stop_reason: 'tool_calls' });
    expect(parsed.tools.map((t) => t.name)).toEqual(['get_time']);
  });
});
