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
