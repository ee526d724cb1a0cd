import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS } from '../../../shared/formats/export-formats';
import {
  SHAREGPT_RESULT_SEPARATOR,
  shareGPTDatasetInfo,
  splitThought,
  type ExportItem,
} from '../../../shared/formats/export-records';
import { parseRecord } from '../../../shared/formats/trajectories/registry';
import type { Turn } from '../../../shared/domain';

const tools = [
  {
    name: 'get_weather',
    description: 'Weather for a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];
const turns: Turn[] = [
  { role: 'system', content: 'You are a travel assistant.' },
  { role: 'user', content: 'Weather in SF?' },
  {
    role: 'assistant',
    thought: 'I should look it up.',
    toolCalls: [{ id: 'call_2_0', name: 'get_weather', args: { city: 'San Francisco' } }],
  },
  { role: 'tool', toolCallId: 'call_2_0', content: '{"temp":18}' },
  { role: 'assistant', content: '18°C.' },
];
const item: ExportItem = { id: 't1', turns, tools, weights: [1, 1, 1, 1, 0] };

/** Call ids are the importer's to choose in formats that carry none; compare them by position. */
function normalizeIds(list: Turn[]): Turn[] {
  const ids = new Map<string, string>();
  const id = (raw: string) => ids.get(raw) ?? (ids.set(raw, `c${ids.size}`), `c${ids.size - 1}`);
  return list.map((t) => ({
    ...t,
    ...(t.toolCalls ? { toolCalls: t.toolCalls.map((c) => ({ ...c, id: id(c.id) })) } : {}),
    ...(t.toolCallId ? { toolCallId: id(t.toolCallId) } : {}),
  }));
}

const GOLDEN = path.join(__dirname, '..', '..', 'fixtures', 'export');

describe('exporters', () => {
  it.each(['openai', 'sharegpt', 'hermes', 'worfbench'] as const)('match the golden %s file', (format) => {
    const file = path.join(GOLDEN, `${format}.json`);
    const produced = `${JSON.stringify(EXPORT_FORMATS[format].toRecord(item), null, 2)}\n`;
    if (process.env.TRELLIS_UPDATE_GOLDEN) fs.writeFileSync(file, produced);
    expect(produced).toBe(fs.readFileSync(file, 'utf8'));
  });

  it('write OpenAI chat JSONL as REFERENCE.md shows it: arguments as a JSON string, weights on assistant messages', () => {
    const record = EXPORT_FORMATS.openai.toRecord(item) as { messages: Record<string, unknown>[]; tools: unknown[] };
    // The fine-tuning schema has no field for a thought: dropped unless asked.
    expect(record.messages[2]).toEqual({
      role: 'assistant',
      tool_calls: [
        { id: 'call_2_0', type: 'function', function: { name: 'get_weather', arguments: '{"city":"San Francisco"}' } },
      ],
      weight: 1,
    });
    expect(record.messages[3]).toEqual({ role: 'tool', tool_call_id: 'call_2_0', content: '{"temp":18}' });
    expect(record.messages[4]).toMatchObject({ role: 'assistant', content: '18°C.', weight: 0 });
    expect(record.tools).toEqual([{ type: 'function', function: tools[0] }]);
  });

  it('write an OpenAI thought inline or as reasoning_content when asked', () => {
    const inline = EXPORT_FORMATS.openai.toRecord({ ...item, reasoning: 'inline' }) as {
      messages: Record<string, unknown>[];
    };
    expect(inline.messages[2]!.content).toBe('<think>\nI should look it up.\n</think>\n\n');
    expect(inline.messages[2]).not.toHaveProperty('reasoning_content');
    const field = EXPORT_FORMATS.openai.toRecord({ ...item, reasoning: 'field' }) as {
      messages: Record<string, unknown>[];
    };
    expect(field.messages[2]!.reasoning_content).toBe('I should look it up.');
    expect(field.messages[2]).not.toHaveProperty('content');
    // A tool turn's thought is Trellis's note on a replayed result, never a thought to train on.
    const noted = EXPORT_FORMATS.openai.toRecord({
      ...item,
      reasoning: 'field',
      turns: turns.map((t) => (t.role === 'tool' ? { ...t, thought: 'replayed' } : t)),
    }) as { messages: Record<string, unknown>[] };
    expect(noted.messages[3]).not.toHaveProperty('reasoning_content');
  });

  it('write ShareGPT with the system turn first, function_call JSON strings at even positions and tools as a JSON string', () => {
    const record = EXPORT_FORMATS.sharegpt.toRecord(item) as {
      conversations: { from: string; value: string }[];
      tools: string;
    };
    expect(record.conversations.map((c) => c.from)).toEqual(['system', 'human', 'function_call', 'observation', 'gpt']);
    expect(record.conversations[0]!.value).toBe('You are a travel assistant.');
    // The thought before the call JSON, as LLaMA-Factory's reasoning templates and FunctionFormatter read it.
    expect(record.conversations[2]!.value).toBe(
      '<think>\nI should look it up.\n</think>\n\n{"name":"get_weather","arguments":{"city":"San Francisco"}}',
    );
    expect(JSON.parse(splitThought(record.conversations[2]!.value).rest)).toEqual({
      name: 'get_weather',
      arguments: { city: 'San Francisco' },
    });
    const dropped = EXPORT_FORMATS.sharegpt.toRecord({ ...item, reasoning: 'drop' }) as {
      conversations: { value: string }[];
    };
    expect(dropped.conversations[2]!.value).toBe('{"name":"get_weather","arguments":{"city":"San Francisco"}}');
    expect(JSON.parse(record.tools)).toEqual(tools);
    expect(shareGPTDatasetInfo('trips', 'trips.train.jsonl', true)).toEqual({
      trips: {
        file_name: 'trips.train.jsonl',
        formatting: 'sharegpt',
        columns: { messages: 'conversations', tools: 'tools' },
      },
    });
    expect(shareGPTDatasetInfo('trips', 'trips.train.jsonl', false)).toEqual({
      trips: { file_name: 'trips.train.jsonl', formatting: 'sharegpt', columns: { messages: 'conversations' } },
    });
  });

  it('write the results of parallel calls as one ShareGPT observation, joined as LLaMA-Factory joins them', () => {
    const parallel: Turn[] = [
      { role: 'user', content: 'Weather in SF and Oslo?' },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'a', name: 'get_weather', args: { city: 'San Francisco' } },
          { id: 'b', name: 'get_weather', args: { city: 'Oslo' } },
        ],
      },
      { role: 'tool', toolCallId: 'a', content: '{"temp":18}' },
      { role: 'tool', toolCallId: 'b', content: '{"temp":4}' },
      { role: 'assistant', content: '18°C and 4°C.' },
    ];
    const record = EXPORT_FORMATS.sharegpt.toRecord({ id: 'p', turns: parallel, tools: [] }) as {
      conversations: { from: string; value: string }[];
      tools: string;
    };
    expect(record.conversations.map((c) => c.from)).toEqual(['human', 'function_call', 'observation', 'gpt']);
    expect(JSON.parse(record.conversations[1]!.value)).toHaveLength(2);
    expect(record.conversations[2]!.value).toBe(`{"temp":18}${SHAREGPT_RESULT_SEPARATOR}{"temp":4}`);
    // Every record has the column, empty when the trajectory declares no tools.
    expect(record.tools).toBe('');
  });

  it('write Hermes ChatML with <tools>, <tool_call> and <tool_response>', () => {
    const record = EXPORT_FORMATS.hermes.toRecord(item) as { conversations: { from: string; value: string }[] };
    expect(record.conversations[0]!.value).toMatch(
      /^You are a travel assistant\.\n\n<tools>\n\[.*"get_weather".*\]\n<\/tools>$/s,
    );
    expect(record.conversations[2]!.value).toBe(
      '<think>I should look it up.</think>\n<tool_call>\n{"arguments":{"city":"San Francisco"},"name":"get_weather"}\n</tool_call>',
    );
    expect(record.conversations[3]!.value).toBe(
      '<tool_response>\n{"name":"get_weather","content":{"temp":18}}\n</tool_response>',
    );
  });

  it.each(['openai', 'hermes'] as const)('round-trip through the %s importer unchanged', (format) => {
    const parsed = parseRecord(
      format,
      EXPORT_FORMATS[format].toRecord({ ...item, ...(format === 'openai' ? { reasoning: 'field' } : {}) }),
    );
    expect(normalizeIds(parsed.turns)).toEqual(normalizeIds(turns));
    expect(parsed.tools.map((t) => t.name)).toEqual(['get_weather']);
  });

  it('round-trips through the ShareGPT importer unchanged, thoughts included', () => {
    const parsed = parseRecord('sharegpt', EXPORT_FORMATS.sharegpt.toRecord(item));
    expect(normalizeIds(parsed.turns)).toEqual(normalizeIds(turns));
  });

  it('write the results of parallel calls answered out of order in the order of their calls', () => {
    const outOfOrder: Turn[] = [
      { role: 'user', content: 'Weather in SF and Oslo?' },
      {
        role: 'assistant',
        toolCalls: [
          { id: 'c1', name: 'get_weather', args: { city: 'San Francisco' } },
          { id: 'c2', name: 'get_weather', args: { city: 'Oslo' } },
        ],
      },
      { role: 'tool', toolCallId: 'c2', content: '{"temp":4}' },
      { role: 'tool', toolCallId: 'c1', content: '{"temp":18}' },
      { role: 'assistant', content: '18°C and 4°C.' },
    ];
    const sharegpt = EXPORT_FORMATS.sharegpt.toRecord({ id: 'o', turns: outOfOrder, tools }) as {
      conversations: { value: string }[];
    };
    expect(
      JSON.parse(sharegpt.conversations[1]!.value).map((c: { arguments: { city: string } }) => c.arguments.city),
    ).toEqual(['San Francisco', 'Oslo']);
    expect(sharegpt.conversations[2]!.value).toBe(`{"temp":18}${SHAREGPT_RESULT_SEPARATOR}{"temp":4}`);
    const hermes = EXPORT_FORMATS.hermes.toRecord({ id: 'o', turns: outOfOrder, tools }) as {
      conversations: { value: string }[];
    };
    expect(hermes.conversations.slice(3, 5).map((c) => c.value)).toEqual([
      '<tool_response>\n{"name":"get_weather","content":{"temp":18}}\n</tool_response>',
      '<tool_response>\n{"name":"get_weather","content":{"temp":4}}\n</tool_response>',
    ]);
    // Read back, each result is paired with its own call again.
    const back = parseRecord('sharegpt', sharegpt).turns;
    const call = back[1]!.toolCalls!.find((c) => (c.args as { city: string }).city === 'Oslo')!;
    expect(back.find((t) => t.toolCallId === call.id)!.content).toBe('{"temp":4}');
  });

  it('write a multimodal record with its images column, and nothing else of media', () => {
    const media = { images: ['mllm_demo_data/1.jpg', 'mllm_demo_data/2.jpg'] };
    const record = EXPORT_FORMATS.sharegpt.toRecord({
      id: 'm',
      turns: [
        { role: 'user', content: '<image>Who are they?' },
        { role: 'assistant', content: 'Two players.' },
        { role: 'user', content: 'And here?<image>' },
        { role: 'assistant', content: 'Celebrating.' },
      ],
      tools: [],
      metadata: { ...media, task_id: 't1' },
      media,
    }) as Record<string, unknown>;
    expect(record.images).toEqual(media.images);
    expect(JSON.parse(record.metadata as string)).toEqual({ task_id: 't1' });
    expect(shareGPTDatasetInfo('m', 'm.train.jsonl', false, ['images'])).toEqual({
      m: {
        file_name: 'm.train.jsonl',
        formatting: 'sharegpt',
        columns: { messages: 'conversations', images: 'images' },
      },
    });
  });

  it('write WorfBench planning items from the calls when there is no plan', () => {
    const record = EXPORT_FORMATS.worfbench.toRecord(item) as {
      target: string;
      conversations: { role: string; content: string }[];
    };
    expect(record.target).toBe('graph');
    expect(record.conversations.map((c) => c.role)).toEqual(['system', 'user', 'assistant']);
    expect(record.conversations[2]!.content).toBe('Node:\n1: get_weather: city=San Francisco\nEdge: (START,1) (1,END)');
  });
});
