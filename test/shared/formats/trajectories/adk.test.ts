import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectFormat, formatDescriptor, recordsInDocument } from '../../../../shared/formats/trajectories/registry';

/**
 * Google ADK as it writes sessions and eval sets: a multi-agent session in camelCase (as the API
 * server returns it) where a coordinator transfers to two agents, one streamed reply and a tool
 * that fails; and an eval set in snake_case whose cases expect tool uses.
 */
const FRAMEWORKS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'frameworks');
const read = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(FRAMEWORKS, file), 'utf8')) as Record<string, unknown>;
const adk = formatDescriptor('adk');

describe('Google ADK sessions', () => {
  it('reads a multi-agent session: parts through the message layer, calls and responses paired by their ids, who spoke each turn', () => {
    const session = read('adk-1.4-multi-agent-session.json');
    expect(detectFormat(session)).toBe('adk');
    const parsed = adk.parse(session);
    const { turns } = parsed;
    expect(turns.map((t) => t.role)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(turns[3]).toEqual({
      role: 'assistant',
      content: 'Let me check the weather.',
      toolCalls: [{ id: 'adk-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', name: 'get_weather', args: { city: 'New York' } }],
      tokens: { prompt: 905, completion: 24 },
    });
    expect(turns[4]).toMatchObject({ role: 'tool', toolCallId: 'adk-7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d' });
    expect(JSON.parse(turns[4]!.content!)).toEqual({
      status: 'success',
      report: 'The weather in New York is sunny with a temperature of 25 degrees Celsius.',
    });
    expect(turns[8]).toMatchObject({ role: 'tool', toolCallId: 'adk-9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a' });
    expect(parsed.metadata).toEqual({
      harness: 'adk',
      agents: ['coordinator', 'weather_agent', 'booking_agent'],
      turn_authors: [
        'user',
        'coordinator',
        'coordinator',
        'weather_agent',
        'weather_agent',
        'weather_agent',
        'weather_agent',
        'booking_agent',
        'booking_agent',
        'booking_agent',
      ],
      transfers: [
        { from: 'coordinator', to: 'weather_agent' },
        { from: 'weather_agent', to: 'booking_agent' },
      ],
    });
    // The streamed chunk ("Let me check ") is not a turn of its own.
    expect(turns.filter((t) => t.content === 'Let me check ')).toEqual([]);
    expect(parsed.notes).toContain(
      'ADK streaming events (partial: true) are left out: the complete event that follows holds the same reply',
    );
    expect(parsed.ignored).toEqual([]);
  });

  it('reads a 2024 session: events with "options", and the model, system instruction and tools its event_logs kept', () => {
    const declaration = {
      name: 'get_order',
      description: 'Looks an order up by its id.',
      parameters: { type: 'OBJECT', properties: { order_id: { type: 'STRING' } } },
    };
    const session = {
      id: '683bcc98-7359-4b65-9cdb-307f85ae62c0',
      context: { _time: '2024-12-15 11:52:21.958542' },
      events: [
        {
          invocation_id: 'UfYAgiCT',
          author: 'user',
          content: { parts: [{ text: 'Where is order 17?' }], role: 'user' },
          options: {},
          id: 'a1',
          timestamp: 1734292270.8,
        },
        {
          invocation_id: 'UfYAgiCT',
          author: 'shop_agent',
          content: { parts: [{ function_call: { args: { order_id: '17' }, name: 'get_order' } }], role: 'model' },
          options: {},
          id: 'a2',
          timestamp: 1734292271.5,
        },
        {
          invocation_id: 'UfYAgiCT',
          author: 'shop_agent',
          content: {
            parts: [{ function_response: { name: 'get_order', response: { status: 'shipped' } } }],
            role: 'user',
          },
          options: { skip_summarization: true, function_call_event_id: 'a2' },
          id: 'a3',
          timestamp: 1734292271.6,
        },
        {
          invocation_id: 'UfYAgiCT',
          author: 'shop_agent',
          content: { parts: [{ text: 'Order 17 has shipped.' }], role: 'model' },
          options: { partial: false },
          id: 'a4',
          timestamp: 1734292272.1,
        },
      ],
      past_events: [],
      pending_events: {},
      artifacts: {},
      event_logs: [
        {
          invocation_id: 'UfYAgiCT',
          event_id: 'a2',
          model_request: {
            model: 'gemini-1.5-flash',
            contents: [{ parts: [{ text: 'Where is order 17?' }], role: 'user' }],
            config: {
              system_instruction: 'You are shop_agent. Answer questions about orders.',
              tools: [{ function_declarations: [declaration] }],
            },
          },
          model_response: {},
        },
      ],
    };
    expect(detectFormat(session)).toBe('adk');
    const parsed = adk.parse(session);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[0]!.content).toBe('You are shop_agent. Answer questions about orders.');
    // No ids: the response is paired with the call of its tool, and the layer says so.
    expect(parsed.turns[3]!.toolCallId).toBe(parsed.turns[2]!.toolCalls![0]!.id);
    expect(parsed.tools).toEqual([declaration]);
    expect(parsed.metadata).toMatchObject({
      model: 'gemini-1.5-flash',
      turn_authors: ['system', 'user', 'shop_agent', 'shop_agent', 'shop_agent'],
    });
  });

  it('reads each case of an eval set as the expected conversation, its tool uses as calls', () => {
    const document = recordsInDocument(read('adk-1.4-home-automation.evalset.json'));
    expect(document).toMatchObject({
      format: 'adk',
      shared: { eval_set_id: 'home_automation', eval_set_name: 'home_automation' },
    });
    const [single, double] = document!.records.map((r) => adk.parse(r as Record<string, unknown>));
    expect(single!.turns).toEqual([
      { role: 'user', content: 'Turn off device_2 in the Bedroom.' },
      {
        role: 'assistant',
        toolCalls: [
          {
            id: 'call_1_0',
            name: 'set_device_info',
            args: { location: 'Bedroom', device_id: 'device_2', status: 'OFF' },
          },
        ],
      },
      { role: 'assistant', content: 'I have set the device_2 status to off.' },
    ]);
    expect(single!.metadata).toEqual({ harness: 'adk', task_id: 'turn_off_device', expected: true });
    expect(single!.outcome).toBeUndefined();
    expect(double!.turns[1]!.toolCalls!.map((c) => c.name)).toEqual(['get_device_info', 'set_temperature']);
    expect(double!.turns[2]).toEqual({ role: 'assistant', content: 'Let me check device_3 first.' });
    expect(double!.metadata).toMatchObject({ agents: ['home_agent'] });
  });
});
