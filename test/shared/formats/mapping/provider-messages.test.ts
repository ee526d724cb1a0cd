import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyMapping, previewMapping, proposeMapping, recordsAreMessages } from '../../../../shared/formats/mapping';
import { evalTranscripts, MAPPING_FIXTURES } from './fixtures';

describe('a mapping over provider messages in an unknown envelope', () => {
  const records = evalTranscripts();

  it('proposes reading the messages with the message layer, not the content blocks inside them', () => {
    const { mapping, found } = proposeMapping(records, 'weather eval');
    expect(mapping).toMatchObject({
      runs: '$',
      messages: 'transcript.turns',
      shape: 'detect',
      outcome: { path: 'grader.passed', success: [true] },
      model: 'transcript.model',
      system: 'transcript.system',
      taskId: 'case',
    });
    // The blocks inside each message were found too, ranked below the messages.
    expect(found.map((f) => `${f.runs} ${f.messages}`)).toContain('transcript.turns content');
  });

  it('reads text, calls and results as the provider wrote them, paired by id whatever their order', () => {
    const { mapping } = proposeMapping(records, 'weather eval');
    const [rain, compare] = records.map((r) => applyMapping(mapping!, r)[0]!);
    expect(rain!.turns).toEqual([
      { role: 'system', content: 'You answer with the forecast tool.' },
      { role: 'user', content: 'Will it rain in Bergen tomorrow?' },
      {
        role: 'assistant',
        content: "I'll check the forecast.",
        toolCalls: [{ id: 'toolu_01A', name: 'forecast', args: { city: 'Bergen', day: 'tomorrow' } }],
      },
      { role: 'tool', content: 'rain 80%, 11 °C', toolCallId: 'toolu_01A' },
      { role: 'assistant', content: 'Yes: 80% chance of rain in Bergen tomorrow, around 11 °C.' },
    ]);
    expect(compare!.turns.filter((t) => t.role === 'tool').map((t) => [t.toolCallId, t.content])).toEqual([
      ['toolu_02B', 'sun, 24 °C'],
      ['toolu_02A', 'service unavailable'],
    ]);
    expect(rain!.ignored).toEqual([]);
    expect(rain!.outcome).toEqual({ status: 'success', by: 'grader.passed', value: true });
    expect(compare!.outcome?.status).toBe('failure');
    // What no turn holds is kept: the grader's notes, the transcript's fields beside its turns.
    expect(rain!.metadata).toEqual({
      harness: 'weather eval',
      mapping: 'weather eval',
      model: 'claude-sonnet-4-5',
      task_id: 'weather-01',
      case: 'weather-01',
      grader: { passed: true, notes: 'called the tool once, answered with the number' },
      transcript: { model: 'claude-sonnet-4-5' },
    });
  });
});

describe('a file that is one bare list of messages', () => {
  const messages = JSON.parse(fs.readFileSync(path.join(MAPPING_FIXTURES, 'bare-messages.json'), 'utf8')) as unknown[];

  it('proposes its records as one run’s messages, read as the provider wrote them', () => {
    const { mapping, found } = proposeMapping(messages, 'calendar');
    expect(mapping).toMatchObject({ runs: '$', messages: '$', shape: 'detect' });
    expect(recordsAreMessages(mapping!)).toBe(true);
    // The calls inside the messages were found too, ranked below.
    expect(found[0]).toMatchObject({ runs: '$', messages: '$', count: 7 });
  });

  it('previews the records as one trajectory, its calls answered by id', () => {
    const { mapping } = proposeMapping(messages, 'calendar');
    const preview = previewMapping(mapping!, messages);
    expect(preview.runs).toBe(1);
    expect(preview.problems).toEqual([]);
    const turns = preview.trajectories[0]!.parsed.turns;
    expect(turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant', 'tool', 'assistant']);
    expect(turns[2]!.toolCalls).toEqual([
      { id: 'call_q1', name: 'find_event', args: { with: 'Dana', start: '15:00' } },
    ]);
    expect(turns[5]!.toolCallId).toBe('call_q2');
  });
});
