import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, type ExportFormat } from '../../../shared/formats/export-formats';
import { detectFormat, parseRecord } from '../../../shared/formats/trajectories/registry';
import type { Turn } from '../../../shared/domain';

/** Each published shape read, written back in the same format, and read again: nothing is lost. */
const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'trajectories');
const records = (file: string): unknown[] => {
  const text = fs.readFileSync(path.join(FIXTURES, file), 'utf8');
  return file.endsWith('.json')
    ? (JSON.parse(text) as unknown[])
    : text
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as unknown);
};

/** Call ids are the format's business (ShareGPT and Hermes have none): compare what a call says. */
const comparable = (turns: Turn[]) =>
  turns.map(({ toolCallId, toolCalls, ...rest }) => ({
    ...rest,
    answers:
      toolCallId === undefined
        ? undefined
        : turns.flatMap((t) => t.toolCalls ?? []).findIndex((c) => c.id === toolCallId),
    ...(toolCalls ? { toolCalls: toolCalls.map(({ name, args }) => ({ name, args })) } : {}),
  }));

const cases: [string, ExportFormat][] = [
  ['published/openai-chat-parallel.jsonl', 'openai'],
  ['published/llamafactory-reason-tool-use.jsonl', 'openai'],
  ['published/llamafactory-glaive-toolcall.json', 'sharegpt'],
  ['published/llamafactory-reason-tool-use.jsonl', 'sharegpt'],
  ['sharegpt.jsonl', 'sharegpt'],
  ['hermes.jsonl', 'hermes'],
];

describe('round trips: import, export in the same format, import again', () => {
  it.each(cases)('%s keeps its turns and its own tools through %s', (file, format) => {
    for (const record of records(file)) {
      const detected = detectFormat(record)!;
      const first = parseRecord(detected, record);
      // OpenAI keeps a thought only as asked (its schema has no field); ShareGPT and Hermes inline it.
      const reasoning = format === 'openai' ? ('field' as const) : undefined;
      const written = EXPORT_FORMATS[format].toRecord({ id: 'r', turns: first.turns, tools: first.tools, reasoning });
      const again = parseRecord(detectFormat(written)!, written);
      expect(comparable(again.turns)).toEqual(comparable(first.turns));
      expect(again.tools).toEqual(first.tools);
    }
  });

  it('reads back the results of parallel calls that ShareGPT joins into one observation', () => {
    const [record] = records('published/openai-chat-parallel.jsonl');
    const first = parseRecord('openai', record);
    const written = EXPORT_FORMATS.sharegpt.toRecord({ id: 'r', turns: first.turns, tools: first.tools }) as {
      conversations: { from: string }[];
    };
    expect(written.conversations.map((c) => c.from)).toEqual([
      'system',
      'human',
      'function_call',
      'observation',
      'gpt',
    ]);
    const again = parseRecord('sharegpt', written);
    expect(again.turns.filter((t) => t.role === 'tool').map((t) => t.content)).toEqual([
      '{"temp": 18}',
      '{"temp": 12}',
    ]);
  });
});
