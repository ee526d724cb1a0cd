import fs from 'node:fs';
import path from 'node:path';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import {
  archiveFormat,
  detectFormat,
  formatDescriptor,
  recordsInDocument,
} from '../../../../shared/formats/trajectories/registry';
import { scoreValue } from '../../../../shared/formats/trajectories/inspect';

/** Logs recorded by inspect 0.3.260 itself (inspect-0.3.260-census.py): one .json, one .eval of each compression. */
const HARNESS = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'harness');
const JSON_LOG = path.join(HARNESS, 'inspect-0.3.260-census.json');
const ZSTD_LOG = path.join(HARNESS, 'inspect-0.3.260-census.eval');
const DEFLATE_LOG = path.join(HARNESS, 'inspect-0.3.260-census-deflate.eval');

const inspect = formatDescriptor('inspect');
const log = JSON.parse(fs.readFileSync(JSON_LOG, 'utf8')) as Record<string, unknown>;
const document = recordsInDocument(log)!;
const sample = (id: string) => document.records.find((r) => (r as { id: string }).id === id) as Record<string, unknown>;
const parse = (record: Record<string, unknown>) => inspect.parse(record, document.shared);

/** An archive's entries as inspect wrote them: name, compression method, and the text of deflated ones. */
function zipEntries(file: string): Promise<{ name: string; method: number; text?: string }[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const entries: { name: string; method: number; text?: string }[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        const item: { name: string; method: number; text?: string } = {
          name: entry.fileName,
          method: entry.compressionMethod,
        };
        entries.push(item);
        if (entry.compressionMethod !== 8) return zip.readEntry();
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            item.text = Buffer.concat(chunks).toString('utf8');
            zip.readEntry();
          });
        });
      });
      zip.once('end', () => resolve(entries));
      zip.once('error', reject);
      zip.readEntry();
    });
  });
}

const TOOL_NAMES = ['city_population', 'calculator'];

describe('inspect .json logs', () => {
  it('hold their samples as records, each keeping the task, model and run of the log', () => {
    expect(document.format).toBe('inspect');
    expect(document.records.map((r) => (r as { id: string }).id)).toEqual([
      'graz-vienna',
      'lyon-porto',
      'porto-double',
    ]);
    const { eval_created, ...shared } = document.shared;
    expect(shared).toEqual({
      task: 'census',
      task_version: 0,
      model: 'mockllm/model',
      eval_id: '9aCvQWKjQJhM6NWqaVLf5s',
      run_id: 'b8AesnBB2KPivG6Zajmg3Q',
      log_status: 'success',
      inspect_version: '0.3.260',
    });
    expect(eval_created).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const record of document.records) expect(detectFormat(record)).toBe('inspect');
  });

  it('a log without samples (log_samples=False) holds no records, and other documents are not logs', () => {
    const { samples: _, ...header } = log;
    expect(inspect.container!.recordsIn!(header)).toEqual({ records: [], shared: document.shared });
    expect(recordsInDocument({ messages: [{ role: 'user', content: 'hi' }] })).toBeNull();
    expect(recordsInDocument({ eval: { task: 'census' }, samples: [] })).toBeNull();
  });

  it('names every top-level field of a sample as a turn field or a kept one, so a strict import accepts it', () => {
    const known = new Set([...inspect.turnFields, ...(inspect.kept ?? [])]);
    for (const record of document.records)
      expect(Object.keys(record as object).filter((k) => !known.has(k))).toEqual([]);
  });

  it('reads a successful sample: reasoning, parallel calls paired with their results, tools, tokens and timing', () => {
    const parsed = parse(sample('lyon-porto'));
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    const [system, user, first, lyon, porto, sum, total, answer] = parsed.turns;
    expect(system!.content).toBe(
      'Answer questions about city populations. Use the tools; give the final number in your answer.',
    );
    expect(user!.content).toBe('What is the combined population of Lyon and Porto?');
    expect(first!.thought).toBe('I need both populations from the census table, then their sum.');
    expect(first!.content).toBe("I'll look up both cities.");
    expect(first!.toolCalls).toEqual([
      { id: 'call_lyon', name: 'city_population', args: { city: 'Lyon' } },
      { id: 'call_porto', name: 'city_population', args: { city: 'Porto' } },
    ]);
    expect([lyon, porto].map((t) => [t!.toolCallId, t!.content])).toEqual([
      ['call_lyon', '522250'],
      ['call_porto', '231800'],
    ]);
    // An assistant message with calls and no text has no content.
    expect(sum).not.toHaveProperty('content');
    expect(sum!.toolCalls).toEqual([{ id: 'call_sum', name: 'calculator', args: { expression: '522250 + 231800' } }]);
    expect(total).toMatchObject({ role: 'tool', toolCallId: 'call_sum', content: '754050' });
    expect(answer!.content).toBe('Lyon and Porto have 754050 residents together.');
    // Tokens and timing come from the model and tool events that made each message.
    expect([first, sum, answer].map((t) => t!.tokens)).toEqual([
      { prompt: 212, completion: 48 },
      { prompt: 268, completion: 21 },
      { prompt: 291, completion: 12 },
    ]);
    for (const turn of [first, lyon, porto, sum, total, answer]) {
      expect(turn!.timing!.startedAt).toMatch(/^\d{4}-\d\d-\d\dT.*\+00:00$/);
      expect(turn!.timing!.durationMs).toBeGreaterThanOrEqual(0);
    }
    expect(system).not.toHaveProperty('timing');
    expect(parsed.outcome).toEqual({ status: 'success', by: 'inspect scorer includes', value: 'C' });
    expect(parsed.metadata).toEqual({ harness: 'inspect', task_id: 'lyon-porto', model: 'mockllm/model' });
    expect(parsed.ignored).toEqual([]);
  });

  it("takes the tools from the model events, with a long description restored from the sample's attachments", () => {
    const record = sample('lyon-porto');
    const modelEvent = (record.events as { event: string; tools?: { description: string }[] }[]).find(
      (e) => e.event === 'model',
    )!;
    expect(modelEvent.tools![0]!.description).toMatch(/^attachment:\/\/[0-9a-f]{32}$/);
    const { tools } = parse(record);
    expect(tools).toEqual([
      {
        name: 'city_population',
        description:
          'Look up the population of a city in the 2024 municipal census table. Returns the number of residents, or an error when the city is not in the table.',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string', description: 'Name of the city in English, e.g. "Lyon".' } },
          required: ['city'],
          additionalProperties: false,
        },
      },
      {
        name: 'calculator',
        description: 'Evaluate an arithmetic expression.',
        parameters: {
          type: 'object',
          properties: { expression: { type: 'string', description: 'Arithmetic using + - * / and parentheses.' } },
          required: ['expression'],
          additionalProperties: false,
        },
      },
    ]);
  });

  it('reads a failed sample: a tool error as the model was told it, and arguments that did not parse as their text', () => {
    const parsed = parse(sample('graz-vienna'));
    expect(parsed.turns.map((t) => t.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
    ]);
    const [, , lookup, missing, estimate, unparsed, answer] = parsed.turns;
    expect(lookup!.toolCalls).toEqual([{ id: 'call_vienna', name: 'city_population', args: { city: 'Vienna' } }]);
    expect(missing).toMatchObject({ toolCallId: 'call_vienna', content: "Error: No census entry for 'Vienna'." });
    expect(estimate!.content).toBe("Vienna is not in the table; I'll estimate.");
    expect(estimate!.toolCalls).toEqual([
      { id: 'call_estimate', name: 'calculator', args: '{"expression": "298479 * 6' },
    ]);
    expect(unparsed!.toolCallId).toBe('call_estimate');
    expect(unparsed!.content).toMatch(/^Error: Error parsing the following tool call arguments:/);
    expect(answer!.content).toBe('I could not find Vienna in the census, so I cannot say; Graz has 298479 residents.');
    expect(parsed.tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(parsed.outcome).toEqual({ status: 'failure', by: 'inspect scorer includes', value: 'I' });
    expect(parsed.metadata).toEqual({
      harness: 'inspect',
      task_id: 'graz-vienna',
      model: 'mockllm/model',
      tool_errors: [
        { tool_call_id: 'call_vienna', type: 'unknown', message: "No census entry for 'Vienna'." },
        {
          tool_call_id: 'call_estimate',
          type: 'parsing',
          message: expect.stringMatching(/^Error parsing the following tool call arguments:/) as unknown,
        },
      ],
    });
    expect(parsed.ignored).toEqual([]);
  });

  it('reads a sample that errored before its first reply: no scores, the error is the outcome', () => {
    const record = sample('porto-double');
    expect(record.scores).toEqual({});
    const parsed = parse(record);
    expect(parsed.turns).toEqual([
      {
        role: 'system',
        content: 'Answer questions about city populations. Use the tools; give the final number in your answer.',
      },
      { role: 'user', content: 'What is twice the population of Porto?' },
    ]);
    expect(parsed.tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    expect(parsed.outcome).toEqual({
      status: 'failure',
      by: 'inspect sample error',
      value: "RuntimeError('Simulated provider outage: 503 Service Unavailable')",
    });
  });

  it('says once that the events are read and not kept, and that samples without model events declare no tools', () => {
    expect(parse(sample('lyon-porto')).notes).toEqual([expect.stringMatching(/events .* are not kept/) as unknown]);
    const { events: _, ...bare } = sample('lyon-porto');
    const parsed = inspect.parse({ ...bare, events: [] });
    expect(parsed.tools).toEqual([]);
    expect(parsed.notes).toEqual([expect.stringMatching(/without model events declare no tools/) as unknown]);
    expect(parsed.metadata).toEqual({ harness: 'inspect', task_id: 'lyon-porto', model: 'model' });
    expect(parsed.turns[2]).not.toHaveProperty('tokens');
  });
});

describe('inspect samples as older logs and other writers leave them', () => {
  const base = sample('lyon-porto');

  it('resolves attachment:// and tc:// references in messages and lists parts a turn cannot hold', () => {
    const parsed = inspect.parse({
      ...base,
      messages: [
        { role: 'system', content: 'tc://aa' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'attachment://bb' },
            { type: 'image', image: 'attachment://cc', detail: 'auto' },
          ],
        },
        {
          role: 'assistant',
          content: 'I cannot see it.',
          reasoning: 'An older log keeps reasoning beside the content.',
        },
        { role: 'tool', content: 'partial output', tool_error: 'The tool exceeded its output limit.' },
      ],
      attachments: {
        aa: 'Describe images.',
        bb: 'What is in this census chart?',
        cc: 'data:image/png;base64,iVBORw0KGgo=',
      },
    });
    expect(parsed.turns).toMatchObject([
      { role: 'system', content: 'Describe images.' },
      { role: 'user', content: 'What is in this census chart?' },
      { role: 'assistant', content: 'I cannot see it.', thought: 'An older log keeps reasoning beside the content.' },
      { role: 'tool', content: 'Error: The tool exceeded its output limit.\n\npartial output' },
    ]);
    expect(parsed.ignored).toEqual(['messages[1].content[1] of type "image"']);
  });

  it('reads a sample whose messages are empty from its input', () => {
    const parsed = inspect.parse({ ...base, messages: [], events: [] });
    expect(parsed.turns).toEqual([{ role: 'user', content: 'What is the combined population of Lyon and Porto?' }]);
  });

  it('refuses a message with a role inspect does not write', () => {
    expect(() => inspect.parse({ ...base, messages: [{ role: 'critic', content: 'no' }] })).toThrow(
      'messages 1 has role "critic"; expected system, user, assistant or tool',
    );
  });

  it.each([
    ['C', 'success'],
    ['I', 'failure'],
    ['P', 'failure'],
    ['N', 'failure'],
    [1, 'success'],
    [0, 'failure'],
    [0.5, 'failure'],
    [true, 'success'],
    [false, 'failure'],
    ['yes', 'success'],
    ['1.0', 'success'],
    [7, 'unknown'],
    ['maybe', 'unknown'],
  ] as const)('reads the first scorer value %j as %s', (value, status) => {
    const parsed = inspect.parse({ ...base, scores: { judge: { value }, includes: { value: 'C' } } });
    expect(parsed.outcome).toEqual({ status, by: 'inspect scorer judge', value });
  });

  it('keeps a score of several values as JSON, its outcome unknown', () => {
    const value = { accuracy: 1, f1: 0.5 };
    const parsed = inspect.parse({ ...base, scores: { judge: { value } } });
    expect(parsed.outcome).toEqual({ status: 'unknown', by: 'inspect scorer judge', value: JSON.stringify(value) });
    expect(scoreValue(value)).toBeNull();
  });
});

describe('inspect .eval logs', () => {
  it('are recognised by their entries, one record per sample entry, sharing the header', async () => {
    const entries = await zipEntries(DEFLATE_LOG);
    const names = entries.map((e) => e.name);
    expect(names).toEqual([
      '_journal/start.json',
      'samples/lyon-porto_epoch_1.json',
      '_journal/summaries/1.json',
      'samples/graz-vienna_epoch_1.json',
      '_journal/summaries/2.json',
      'samples/porto-double_epoch_1.json',
      '_journal/summaries/3.json',
      'summaries.json',
      'reductions.json',
      'header.json',
    ]);
    expect(archiveFormat(names)).toBe('inspect');
    const archive = inspect.container!.archive!;
    expect(names.filter(archive.isRecord)).toEqual([
      'samples/lyon-porto_epoch_1.json',
      'samples/graz-vienna_epoch_1.json',
      'samples/porto-double_epoch_1.json',
    ]);
    expect(archive.sharedEntries).toEqual(['header.json', '_journal/start.json']);
    const header = JSON.parse(entries.find((e) => e.name === 'header.json')!.text!) as Record<string, unknown>;
    const { eval_created: _, ...shared } = archive.shareOf!(header);
    const { eval_created: __, ...fromJson } = document.shared;
    expect(shared).toEqual(fromJson);
  });

  it('hold the same samples as the .json log', async () => {
    const entries = await zipEntries(DEFLATE_LOG);
    const text = entries.find((e) => e.name === 'samples/graz-vienna_epoch_1.json')!.text!;
    expect(text.startsWith('{"id":"graz-vienna","epoch":1,')).toBe(true);
    const record = JSON.parse(text) as Record<string, unknown>;
    expect(detectFormat(record)).toBe('inspect');
    const untimed = (r: Record<string, unknown>) => parse(r).turns.map(({ timing: _, ...t }) => t);
    expect(untimed(record)).toEqual(untimed(sample('graz-vienna')));
  });

  it('written by inspect 0.3.206 and later compress every entry with zstd (method 93), which the reader must decode', async () => {
    const entries = await zipEntries(ZSTD_LOG);
    expect(new Set(entries.map((e) => e.method))).toEqual(new Set([93]));
    expect(archiveFormat(entries.map((e) => e.name))).toBe('inspect');
  });

  it('another archive is not an inspect log', () => {
    expect(archiveFormat(['data/train.jsonl', 'README.md'])).toBeNull();
    expect(archiveFormat(['header.json', 'body.json'])).toBeNull();
  });
});

describe('inspect detection', () => {
  it('does not take an OpenAI chat record or a ShareGPT record', () => {
    expect(
      detectFormat({
        messages: [
          { role: 'user', content: 'What is the population of Lyon?' },
          { role: 'assistant', content: '522250' },
        ],
      }),
    ).toBe('openai');
    const sharegpt = {
      conversations: [
        { from: 'human', value: 'What is the population of Lyon?' },
        { from: 'gpt', value: '522250' },
      ],
    };
    expect(detectFormat(sharegpt)).not.toBe('inspect');
    expect(inspect.detect(sharegpt)).toBe(false);
  });

  it('does not take a whole log as one record', () => {
    expect(inspect.detect(log)).toBe(false);
  });
});
