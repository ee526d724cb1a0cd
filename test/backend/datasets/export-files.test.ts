import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { exportDataset } from '../../../backend/datasets/export';
import type { Job } from '../../../backend/jobs/job';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { SHAREGPT_RESULT_SEPARATOR } from '../../../shared/formats/export-records';
import { openAIProblems } from '../../../shared/checks/export';
import { exportSummary } from '../../../shared/formats/export-summary';
import { tempDir } from '../../helpers/temp';

type Backend = ReturnType<typeof createBackend>;

const call = (id: string, name: string, city: string) => ({
  id,
  type: 'function',
  function: { name, arguments: JSON.stringify({ city }) },
});

/** A well-formed record: a question, one call (or two in parallel), their results, an answer. */
const goodRecord = (n: number, tool = 'get_weather', parallel = false) => ({
  messages: [
    { role: 'system', content: 'You are a weather assistant.' },
    { role: 'user', content: `What is the weather in city ${n}, and should I take a coat on day ${n}?` },
    {
      role: 'assistant',
      tool_calls: parallel ? [call('c1', tool, `a${n}`), call('c2', tool, `b${n}`)] : [call('c1', tool, `a${n}`)],
    },
    { role: 'tool', tool_call_id: 'c1', content: `{"temp":${n}}` },
    ...(parallel ? [{ role: 'tool', tool_call_id: 'c2', content: `{"temp":${n + 1}}` }] : []),
    { role: 'assistant', content: `It is ${n}°C in city ${n}.` },
  ],
});

const unpairedRecord = {
  messages: [
    { role: 'user', content: 'Weather in Ghost Town?' },
    { role: 'tool', tool_call_id: 'ghost', content: '{"temp":1}' },
    { role: 'assistant', content: 'It is 1°C.' },
  ],
};

const noAnswerRecord = {
  messages: [
    { role: 'user', content: 'Weather in Nowhere?' },
    { role: 'assistant', tool_calls: [call('c1', 'get_weather', 'Nowhere')] },
    { role: 'tool', tool_call_id: 'c1', content: '{"temp":2}' },
  ],
};

async function importRecords(b: Backend, name: string, records: object[]): Promise<string[]> {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  await importTrajectoryFile(b.store, { file, mode: 'strict' });
  return b.store.trajectoryQueries.ids({ source: name });
}

function workspace(seed = false): Backend {
  return createBackend({ workspace: path.join(tempDir(), 'export.trellis'), host: 'cli', seed });
}

const lines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

const tempsIn = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.trellis-tmp'));

/** Nine good records, one unpaired tool message, one without a final answer, one rejected, one needs-fix. */
async function mixedDataset(b: Backend) {
  const good = await importRecords(
    b,
    'good.jsonl',
    Array.from({ length: 11 }, (_, i) => goodRecord(i)),
  );
  const [unpaired] = await importRecords(b, 'unpaired.jsonl', [unpairedRecord]);
  const [noAnswer] = await importRecords(b, 'no-answer.jsonl', [noAnswerRecord]);
  const [rejected, needsFix] = good;
  await b.registry.invoke('labels.set', {
    trajectoryId: rejected!,
    status: 'rejected',
    rating: null,
    tags: [],
    note: '',
  });
  await b.registry.invoke('labels.set', {
    trajectoryId: needsFix!,
    status: 'needs-fix',
    rating: null,
    tags: [],
    note: '',
  });
  const dataset = await b.registry.invoke('datasets.create', {
    name: 'mixed',
    filter: {},
    ratio: { train: 1, validation: 0, test: 0 },
  });
  return { dataset, unpaired: unpaired!, noAnswer: noAnswer!, rejected: rejected!, needsFix: needsFix! };
}

describe('export leaves out what a trainer should not get', () => {
  it('by default: records that break the rules and items labelled rejected or needs-fix, with a report', async () => {
    const b = workspace();
    const { dataset, unpaired, noAnswer, rejected, needsFix } = await mixedDataset(b);
    const dir = tempDir();
    const result = await b.registry.invoke('datasets.export', { id: dataset.id, format: 'openai', dir });
    expect(result.files).toEqual([{ split: 'train', path: path.join(dir, 'mixed.train.jsonl'), count: 9 }]);
    expect(lines(result.files[0]!.path)).toHaveLength(9);
    expect(result.report).toMatchObject({ written: 9, leftOut: 4, flagged: 4, replacedLinks: [] });
    expect(result.report.reasons).toEqual({
      'unpaired-tool-message': 1,
      'no-final-answer': 1,
      'label:rejected': 1,
      'label:needs-fix': 1,
    });
    const why = new Map(result.report.examples.map((e) => [e.trajectoryId, e.reasons.join(' ')]));
    expect([...why.keys()].sort()).toEqual([unpaired, noAnswer, rejected, needsFix].sort());
    expect(why.get(unpaired)).toMatch(/^error unpaired-tool-message: Message 2 \(tool\) answers "ghost"/);
    expect(why.get(noAnswer)).toMatch(/error no-final-answer: The last message \("tool"\)/);
    expect(why.get(rejected)).toBe('Labelled rejected.');
    // Each is named as the trajectory list names it: by its title.
    const titles = new Map(result.report.examples.map((e) => [e.trajectoryId, e.title]));
    expect(titles.get(unpaired)).toBe(b.store.trajectories.title(unpaired));
    expect(titles.get(unpaired)).toMatch(/Ghost Town/);
    expect(titles.get(rejected)).toMatch(/^What is the weather in city \d+/);
    expect(result.report.examples.every((e) => e.leftOut && e.split === 'train')).toBe(true);
    expect(result.report.leftOutReasons).toEqual(result.report.reasons);
    expect(exportSummary(result.report)).toMatchObject({
      leftOut: 'Left out 4 of 13: 1 no-final-answer, 1 unpaired-tool-message, 1 label:rejected, 1 label:needs-fix',
      written: null,
    });
    b.close();
  });

  it('counts a record written labelled but left out for a rule by that rule alone', async () => {
    const b = workspace();
    const { dataset, noAnswer } = await mixedDataset(b);
    await b.registry.invoke('labels.set', {
      trajectoryId: noAnswer,
      status: 'rejected',
      rating: null,
      tags: [],
      note: '',
    });
    const { report } = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'openai',
      dir: tempDir(),
      includeRejected: true,
    });
    expect(report).toMatchObject({ written: 11, leftOut: 2, flagged: 4 });
    expect(report.leftOutReasons).toEqual({ 'unpaired-tool-message': 1, 'no-final-answer': 1 });
    expect(report.writtenReasons).toEqual({ 'label:rejected': 1, 'label:needs-fix': 1 });
    expect(report.reasons).toMatchObject({ 'label:rejected': 2 });
    b.close();
  });

  it('includes labelled items with includeRejected, and broken records too with includeInvalid, still reporting them', async () => {
    const b = workspace();
    const { dataset } = await mixedDataset(b);
    const dir = tempDir();
    const labelled = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'sharegpt',
      dir,
      includeRejected: true,
    });
    expect(labelled.report).toMatchObject({ written: 11, leftOut: 2, flagged: 4 });
    // The summary counts agree with what was asked: the labelled ones were written, not left out.
    expect(labelled.report.writtenReasons).toEqual({ 'label:rejected': 1, 'label:needs-fix': 1 });
    expect(Object.keys(labelled.report.leftOutReasons).filter((r) => r.startsWith('label:'))).toEqual([]);
    const summary = exportSummary(labelled.report);
    expect(summary.leftOut).toMatch(/^Left out 2 of 13: \d+ [a-z-]+/);
    expect(summary.leftOut).not.toContain('label:');
    expect(summary.written).toBe('Wrote 2 flagged records as asked: 1 label:rejected, 1 label:needs-fix');
    const all = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'hermes',
      dir,
      includeRejected: true,
      includeInvalid: true,
      replace: true,
    });
    expect(all.report).toMatchObject({ written: 13, leftOut: 0, flagged: 4, leftOutReasons: {} });
    expect(exportSummary(all.report).leftOut).toBeNull();
    expect(exportSummary(all.report).written).toBe(
      'Wrote 4 flagged records as asked: 1 no-final-answer, 1 unpaired-tool-message, 1 label:rejected, 1 label:needs-fix',
    );
    expect(all.report.examples.every((e) => !e.leftOut)).toBe(true);
    expect(lines(all.files[0]!.path)).toHaveLength(13);
    b.close();
  });

  it('checks every format: a record without a final answer is left out of each', async () => {
    const b = workspace();
    await importRecords(b, 'good.jsonl', [goodRecord(1), goodRecord(2, 'get_forecast', true)]);
    await importRecords(b, 'no-answer.jsonl', [noAnswerRecord]);
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'f',
      filter: {},
      ratio: { train: 1, validation: 0, test: 0 },
    });
    for (const format of ['openai', 'sharegpt', 'hermes'] as const) {
      const { report } = await b.registry.invoke('datasets.export', { id: dataset.id, format, dir: tempDir() });
      expect([format, report.written, report.reasons]).toEqual([format, 2, { 'no-final-answer': 1 }]);
    }
    b.close();
  });
});

describe('a call that failed', () => {
  /** The agent passes a city the tool refuses, tries again with a good one, and answers. */
  const failedCallRecord = {
    messages: [
      { role: 'user', content: 'Weather in Lisbon?' },
      { role: 'assistant', tool_calls: [call('c1', 'get_weather', 'Lisbn')] },
      { role: 'tool', tool_call_id: 'c1', content: '{"error":"Unknown city: Lisbn"}' },
      { role: 'assistant', tool_calls: [call('c2', 'get_weather', 'Lisbon')] },
      { role: 'tool', tool_call_id: 'c2', content: '{"temp":18}' },
      { role: 'assistant', content: 'It is 18°C in Lisbon.' },
    ],
  };

  it('is exported with weight 0 on the assistant message that made it, checks run or not', async () => {
    const b = workspace();
    const [id] = await importRecords(b, 'failed.jsonl', [failedCallRecord]);
    const dataset = await b.registry.invoke('datasets.create', { name: 'failed', picks: [id!] });
    const weightsOf = async () => {
      const dir = tempDir();
      const { files, report } = await b.registry.invoke('datasets.export', { id: dataset.id, format: 'openai', dir });
      expect(report).toMatchObject({ written: 1, leftOut: 0 });
      const [record] = lines(files[0]!.path) as { messages: { role: string; weight?: number }[] }[];
      // The consumer's rule (REFERENCE.md): `weight` on assistant messages selects what is trained.
      expect(openAIProblems(record, { toolsDeclared: false })).toEqual([]);
      expect(record!.messages.filter((m) => m.role !== 'assistant').every((m) => m.weight === undefined)).toBe(true);
      return record!.messages.filter((m) => m.role === 'assistant').map((m) => m.weight);
    };
    // The failing call is not learned; the retry and the answer are.
    expect(await weightsOf()).toEqual([0, 1, 1]);
    await b.registry.invoke('trajectories.checkAll', {});
    expect((await b.registry.invoke('trajectories.findings', { id: id! })).map((f) => f.code)).toContain('tool-error');
    expect(await weightsOf()).toEqual([0, 1, 1]);
    b.close();
  });
});

describe('splits of an export', () => {
  it('give a 0.8/0.1/0.1 split of 9 a test item and write its file', async () => {
    const b = workspace();
    // Nine tool sets: nine strata, each of one trajectory.
    await importRecords(
      b,
      'nine.jsonl',
      Array.from({ length: 9 }, (_, i) => goodRecord(i, `tool_${i}`)),
    );
    const dataset = await b.registry.invoke('datasets.create', { name: 'nine', filter: {}, seed: 1 });
    const count = (split: string) => dataset.items.filter((i) => i.split === split).length;
    expect([count('train'), count('validation'), count('test')]).toEqual([7, 1, 1]);
    const dir = tempDir();
    const { files } = await b.registry.invoke('datasets.export', { id: dataset.id, format: 'openai', dir });
    expect(Object.fromEntries(files.map((f) => [f.split, f.count]))).toEqual({ train: 7, validation: 1, test: 1 });
    expect(lines(path.join(dir, 'nine.test.jsonl'))).toHaveLength(1);
    b.close();
  });

  it('write no file for a split none of whose records passed, list none in dataset_info.json, and say so', async () => {
    const b = workspace();
    await importRecords(
      b,
      'nine.jsonl',
      Array.from({ length: 9 }, (_, i) => goodRecord(i, `tool_${i}`)),
    );
    const dataset = await b.registry.invoke('datasets.create', { name: 'nine', filter: {}, seed: 1 });
    const dir = tempDir();
    const info = () => Object.keys(JSON.parse(fs.readFileSync(path.join(dir, 'dataset_info.json'), 'utf8')) as object);
    const first = await b.registry.invoke('datasets.export', { id: dataset.id, format: 'sharegpt', dir });
    expect(first.report.emptySplits).toEqual([]);
    expect(info().sort()).toEqual(['nine_test', 'nine_train', 'nine_validation']);

    // Its one validation item rejected, the validation split has nothing to write.
    const validation = dataset.items.find((i) => i.split === 'validation')!.trajectoryId;
    await b.registry.invoke('labels.set', {
      trajectoryId: validation,
      status: 'rejected',
      rating: null,
      tags: [],
      note: '',
    });
    const fresh = tempDir();
    const again = await b.registry.invoke('datasets.export', { id: dataset.id, format: 'sharegpt', dir: fresh });
    expect(again.files.map((f) => [f.split, f.count])).toEqual([
      ['train', 7],
      ['test', 1],
    ]);
    expect(fs.readdirSync(fresh).sort()).toEqual(['dataset_info.json', 'nine.test.jsonl', 'nine.train.jsonl']);
    expect(
      Object.keys(JSON.parse(fs.readFileSync(path.join(fresh, 'dataset_info.json'), 'utf8')) as object).sort(),
    ).toEqual(['nine_test', 'nine_train']);
    const validationFile = path.join(fresh, 'nine.validation.jsonl');
    expect(again.report.emptySplits).toEqual([{ split: 'validation', path: validationFile, earlierKept: false }]);
    expect(exportSummary(again.report).emptySplits).toEqual([
      'No record of the validation split passed its checks: no file was written for it.',
    ]);

    // Over the first export: its validation entry goes, its file is left and said to be there.
    const over = await b.registry.invoke('datasets.export', { id: dataset.id, format: 'sharegpt', dir, replace: true });
    expect(info().sort()).toEqual(['nine_test', 'nine_train']);
    expect(over.report.emptySplits).toEqual([
      { split: 'validation', path: path.join(dir, 'nine.validation.jsonl'), earlierKept: true },
    ]);
    expect(tempsIn(dir)).toEqual([]);
    b.close();
  });
});

interface ShareGPTRecord {
  conversations: { from: string; value: string }[];
  [column: string]: unknown;
}

/**
 * What LLaMA-Factory's SharegptDatasetConverter (src/llamafactory/data/converter.py) does with a
 * record, under the `dataset_info.json` entry: a missing declared column is a KeyError; a leading
 * system turn is taken out; human/observation at odd positions and gpt/function_call at even
 * ones, an even count, else the example is "broken" and skipped. It also pairs every observation
 * with the function_call before it, one result per call, reading a function_call as its
 * FunctionFormatter does: a leading thought in the template's `thought_words` (default
 * `<think>\n` … `\n</think>\n\n`) taken out, the rest JSON.
 */
function convertLikeLlamaFactory(record: ShareGPTRecord, entry: { columns: Record<string, string> }) {
  const column = (name: string) => {
    if (!(entry.columns[name]! in record)) throw new Error(`KeyError: '${entry.columns[name]}'`);
    return record[entry.columns[name]!];
  };
  let messages = column('messages') as ShareGPTRecord['conversations'];
  let system = '';
  if (messages[0]?.from === 'system') {
    system = messages[0].value;
    messages = messages.slice(1);
  }
  const accept = [
    ['human', 'observation'],
    ['gpt', 'function_call'],
  ];
  const broken =
    messages.some((m, i) => !accept[i % 2]!.includes(m.from)) || messages.length % 2 !== 0 || !messages.length;
  messages.forEach((m, i) => {
    if (m.from !== 'observation') return;
    const thought = /<think>\n(.*?)\n<\/think>\n\n/s.exec(messages[i - 1]!.value);
    const calls = JSON.parse(messages[i - 1]!.value.replace(thought?.[0] ?? '', '')) as unknown;
    const results = m.value.split(SHAREGPT_RESULT_SEPARATOR);
    if (messages[i - 1]!.from !== 'function_call' || results.length !== (Array.isArray(calls) ? calls.length : 1))
      throw new Error(`observation at ${i} is not paired with its call`);
  });
  const tools = entry.columns.tools ? (column('tools') as string) : '';
  return { broken, system, tools: tools ? (JSON.parse(tools) as { name: string }[]) : [], messages };
}

describe('ShareGPT exports', () => {
  it('load as LLaMA-Factory loads them: role order, tools column, observations paired with their calls', async () => {
    const b = workspace(true);
    // The seeded examples belong to a tool graph (their records carry its tools); the imports do not.
    const examples = b.store.trajectoryQueries.ids({ source: 'example' });
    const plain = await importRecords(b, 'plain.jsonl', [goodRecord(1), goodRecord(2, 'get_weather', true)]);
    const dir = tempDir();
    for (const [name, picks] of [
      ['examples', examples],
      ['plain', plain],
    ] as const) {
      const dataset = await b.registry.invoke('datasets.create', {
        name,
        picks: [...picks],
        ratio: { train: 1, validation: 0, test: 0 },
      });
      await b.registry.invoke('datasets.export', { id: dataset.id, format: 'sharegpt', dir });
    }
    const info = JSON.parse(fs.readFileSync(path.join(dir, 'dataset_info.json'), 'utf8')) as Record<
      string,
      { file_name: string; columns: Record<string, string> }
    >;
    expect(info.examples_train!.columns).toEqual({ messages: 'conversations', tools: 'tools' });
    expect(info.plain_train!.columns).toEqual({ messages: 'conversations' });
    let converted = 0;
    for (const entry of Object.values(info))
      for (const record of lines(path.join(dir, entry.file_name)) as unknown as ShareGPTRecord[]) {
        const example = convertLikeLlamaFactory(record, entry);
        expect(example.broken).toBe(false);
        expect(example.messages.at(-1)!.from).toBe('gpt');
        converted++;
      }
    // One example leaves the Kyoto example out (it ends without an answer); both imports are in.
    expect(converted).toBe(3);
    const withTools = lines(path.join(dir, info.examples_train!.file_name)) as unknown as ShareGPTRecord[];
    expect(convertLikeLlamaFactory(withTools[0]!, info.examples_train!).tools.length).toBeGreaterThan(0);
    expect(convertLikeLlamaFactory(withTools[0]!, info.examples_train!).system).toMatch(/travel assistant/);
    b.close();
  });
});

describe('per-record tools', () => {
  it('a ShareGPT file whose records declare different tools of the same name comes back record for record', async () => {
    const b = workspace();
    const weather = (unit: string) =>
      JSON.stringify([
        {
          name: 'get_weather',
          description: `Weather in ${unit}`,
          parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { const: unit } } },
        },
      ]);
    const record = (city: string, unit: string) => ({
      conversations: [
        { from: 'human', value: `Weather in ${city}?` },
        { from: 'function_call', value: JSON.stringify({ name: 'get_weather', arguments: { city, unit } }) },
        { from: 'observation', value: '{"temp":18}' },
        { from: 'gpt', value: `18 ${unit} in ${city}.` },
      ],
      tools: weather(unit),
    });
    const records = [record('Oslo', 'celsius'), record('Austin', 'fahrenheit')];
    await importRecords(b, 'glaive.jsonl', records);
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'glaive',
      filter: {},
      ratio: { train: 1, validation: 0, test: 0 },
    });
    const { files } = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'sharegpt',
      dir: tempDir(),
    });
    const text = fs.readFileSync(files[0]!.path, 'utf8');
    const byCity = (line: string) =>
      (JSON.parse(line) as { conversations: { value: string }[] }).conversations[0]!.value;
    expect(
      text
        .trim()
        .split('\n')
        .sort((a, b) => byCity(a).localeCompare(byCity(b))),
    ).toEqual([JSON.stringify(records[1]), JSON.stringify(records[0])]);
    b.close();
  });
});

describe('dataset_info.json', () => {
  it('is merged: other entries kept, ours replaced', async () => {
    const b = workspace();
    await importRecords(b, 'good.jsonl', [goodRecord(1), goodRecord(2)]);
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'weather',
      filter: {},
      ratio: { train: 1, validation: 0, test: 0 },
    });
    const dir = tempDir();
    const other = {
      file_name: 'glaive.json',
      formatting: 'sharegpt',
      columns: { messages: 'conversations', tools: 'tools' },
    };
    fs.writeFileSync(
      path.join(dir, 'dataset_info.json'),
      JSON.stringify({ glaive: other, weather_train: { file_name: 'stale.json' } }),
    );
    await b.registry.invoke('datasets.export', { id: dataset.id, format: 'sharegpt', dir });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'dataset_info.json'), 'utf8'))).toEqual({
      glaive: other,
      weather_train: {
        file_name: 'weather.train.jsonl',
        formatting: 'sharegpt',
        columns: { messages: 'conversations' },
      },
    });
    b.close();
  });

  it('that is not a JSON object is refused before anything is written', async () => {
    const b = workspace();
    await importRecords(b, 'good.jsonl', [goodRecord(1)]);
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'weather',
      filter: {},
      ratio: { train: 1, validation: 0, test: 0 },
    });
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'dataset_info.json'), '{"glaive": ');
    await expect(
      b.registry.invoke('datasets.export', { id: dataset.id, format: 'sharegpt', dir }),
    ).rejects.toMatchObject({ code: 'E3003', message: expect.stringContaining('is not a JSON object') });
    expect(fs.readdirSync(dir)).toEqual(['dataset_info.json']);
    expect(fs.readFileSync(path.join(dir, 'dataset_info.json'), 'utf8')).toBe('{"glaive": ');
    b.close();
  });
});

describe('an earlier export in the folder', () => {
  it('is never replaced unasked: an export in another format is refused, naming the files, and writes nothing', async () => {
    const b = workspace();
    await importRecords(b, 'good.jsonl', [goodRecord(1), goodRecord(2)]);
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'weather',
      filter: {},
      ratio: { train: 0.5, validation: 0, test: 0.5 },
      seed: 1,
    });
    const dir = tempDir();
    const first = await b.registry.invoke('datasets.export', { id: dataset.id, format: 'openai', dir });
    const before = new Map(first.files.map((f) => [f.path, fs.readFileSync(f.path)]));
    expect(before.size).toBe(2);
    for (const format of ['sharegpt', 'hermes', 'openai'] as const) {
      await expect(b.registry.invoke('datasets.export', { id: dataset.id, format, dir })).rejects.toMatchObject({
        code: 'E3005',
        message: `weather.test.jsonl and weather.train.jsonl are already in ${dir}, from an earlier export; nothing was written.`,
        hint: expect.stringMatching(/another folder, or replace those files .*--replace/),
      });
      for (const [file, bytes] of before) expect(fs.readFileSync(file)).toEqual(bytes);
      expect(fs.readdirSync(dir).sort()).toEqual(['weather.test.jsonl', 'weather.train.jsonl']);
    }
    // Asked to, it replaces them.
    const replaced = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'sharegpt',
      dir,
      replace: true,
    });
    expect(replaced.files.map((f) => f.path).sort()).toEqual([...before.keys()].sort());
    expect(Object.keys(lines(replaced.files[0]!.path)[0] as object)).toContain('conversations');
    b.close();
  });
});

describe('export files are replaced whole', () => {
  it('replace a symbolic link with the file itself, never writing through it, and say so', async () => {
    const b = workspace();
    await importRecords(b, 'good.jsonl', [goodRecord(1)]);
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'weather',
      filter: {},
      ratio: { train: 1, validation: 0, test: 0 },
    });
    const dir = tempDir();
    const elsewhere = path.join(tempDir(), 'precious.txt');
    fs.writeFileSync(elsewhere, 'keep me');
    const target = path.join(dir, 'weather.train.jsonl');
    fs.symlinkSync(elsewhere, target);
    const { report } = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'openai',
      dir,
      replace: true,
    });
    expect(report.replacedLinks).toEqual([target]);
    expect(fs.lstatSync(target).isSymbolicLink()).toBe(false);
    expect(lines(target)).toHaveLength(1);
    expect(fs.readFileSync(elsewhere, 'utf8')).toBe('keep me');
    b.close();
  });

  it('leave the previous files as they were when the export is cancelled, with no temporary file', async () => {
    const b = workspace();
    await importRecords(
      b,
      'good.jsonl',
      Array.from({ length: 10 }, (_, i) => goodRecord(i)),
    );
    const dataset = b.store.datasets.get(
      (
        await b.registry.invoke('datasets.create', {
          name: 'weather',
          filter: {},
          ratio: { train: 0.5, validation: 0, test: 0.5 },
        })
      ).id,
    );
    const dir = tempDir();
    const before = (await exportDataset(b.store, dataset, 'openai', dir)).files.map((f) => [
      f.path,
      fs.readFileSync(f.path),
    ]);
    b.store.labels.setStatus(
      dataset.items.map((i) => i.trajectoryId),
      'rejected',
    );
    const controller = new AbortController();
    const job: Job = {
      id: 'cancel',
      kind: 'datasets.export',
      signal: controller.signal,
      progress: () => controller.abort(),
      yield: async () => true,
    };
    const result = await exportDataset(b.store, dataset, 'openai', dir, job);
    expect(result).toMatchObject({ cancelled: true, files: [] });
    for (const [file, bytes] of before) expect(fs.readFileSync(file as string)).toEqual(bytes);
    expect(tempsIn(dir)).toEqual([]);
    b.close();
  });
});

const DIST = path.join(__dirname, '..', '..', '..', 'dist', 'backend');

/** Processes a test started: killed when it ends, pass or fail. */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

/**
 * Exports dataset `id` of `workspace` as ShareGPT into `dir` in another process (the built
 * backend), printing "progress N" after each chunk it has written. After the first chunk the
 * export waits, so the test kills it in the middle of writing, not before or after.
 */
function exportInChild(workspace: string, id: string, dir: string) {
  const script = `
    const { openWorkspaceStore } = require(${JSON.stringify(path.join(DIST, 'store', 'workspace-store.js'))});
    const { exportDataset } = require(${JSON.stringify(path.join(DIST, 'datasets', 'export.js'))});
    const store = openWorkspaceStore(${JSON.stringify(workspace)});
    setInterval(() => {}, 1000);
    let started = false;
    const job = {
      id: 'killed', kind: 'datasets.export', signal: new AbortController().signal,
      progress: (done) => { started = true; process.stdout.write('progress ' + done + '\\n'); },
      yield: () => (started ? new Promise(() => {}) : Promise.resolve(true)),
    };
    exportDataset(store, store.datasets.get(${JSON.stringify(id)}), 'sharegpt', ${JSON.stringify(dir)}, job)
      .then(() => process.stdout.write('done\\n'), (e) => process.stdout.write('failed ' + e.message + '\\n'));
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

const snapshot = (dir: string) =>
  Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((f) => !f.endsWith('.trellis-tmp'))
      .map((f) => [f, fs.readFileSync(path.join(dir, f))]),
  );

describe('an export killed while it writes', () => {
  it('leaves the previous files byte for byte; its temporary file is removed by the next export', async () => {
    const file = path.join(tempDir(), 'ws.trellis');
    let b = createBackend({ workspace: file, host: 'cli', seed: false });
    const ids = await importRecords(
      b,
      'many.jsonl',
      Array.from({ length: 2000 }, (_, i) => goodRecord(i, `tool_${i % 5}`, i % 7 === 0)),
    );
    const dataset = await b.registry.invoke('datasets.create', { name: 'many', filter: {} });
    const dir = tempDir();
    await b.registry.invoke('datasets.export', { id: dataset.id, format: 'sharegpt', dir });
    const before = snapshot(dir);
    expect(Object.keys(before).sort()).toEqual([
      'dataset_info.json',
      'many.test.jsonl',
      'many.train.jsonl',
      'many.validation.jsonl',
    ]);
    // What the killed export would write differs from what is there.
    b.store.labels.setStatus(ids.slice(0, 300), 'rejected');
    b.close();

    const child = exportInChild(file, dataset.id, dir);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect.poll(() => out, { timeout: 60_000 }).toMatch(/^progress \d+\n/);
    const [temp] = tempsIn(dir);
    expect(fs.statSync(path.join(dir, temp!)).size).toBeGreaterThan(0);
    child.kill('SIGKILL');
    await exited;

    expect(snapshot(dir)).toEqual(before);
    expect(tempsIn(dir)).toEqual([temp]);

    b = createBackend({ workspace: file, host: 'cli', seed: false });
    const again = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'sharegpt',
      dir,
      replace: true,
    });
    expect(tempsIn(dir)).toEqual([]);
    expect(again.report.reasons).toEqual({ 'label:rejected': 300 });
    expect(again.files.reduce((n, f) => n + lines(f.path).length, 0)).toBe(1700);
    b.close();
  }, 120_000);
});

describe("a run's outcome and metadata", () => {
  it('come back from a ShareGPT export record for record; an OpenAI export says it has no place for them', async () => {
    const b = workspace();
    const tau = path.join(
      __dirname,
      '..',
      '..',
      'fixtures',
      'trajectories',
      'harness',
      'tau-bench-historical-gpt-4o-airline-59a200c.json',
    );
    await importTrajectoryFile(b.store, { file: tau, mode: 'strict' });
    const ids = b.store.trajectoryQueries.ids({});
    const originals = new Map(ids.map((id) => [id, b.store.trajectories.get(id)]));
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'tau',
      picks: ids,
      ratio: { train: 1, validation: 0, test: 0 },
    });
    const dir = tempDir();
    const shared = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'sharegpt',
      dir,
      includeInvalid: true,
    });
    expect(shared.report.notWritten).toBeNull();
    const written = lines(shared.files[0]!.path) as { outcome: string; metadata: string }[];
    expect(written).toHaveLength(3);
    // JSON text, so every row loads with one column type whatever its fields hold.
    for (const record of written) {
      expect(typeof record.outcome).toBe('string');
      expect(typeof record.metadata).toBe('string');
    }
    const again = workspace();
    const back = await importTrajectoryFile(again.store, { file: shared.files[0]!.path, mode: 'strict' });
    expect(back).toMatchObject({
      committed: true,
      format: 'sharegpt',
      imported: 3,
      outcomes: { success: 2, failure: 1 },
    });
    const reread = again.store.trajectories.allIds().map(({ id }) => again.store.trajectories.get(id));
    expect(new Set(reread.map((t) => JSON.stringify([t.outcome, t.metadata])))).toEqual(
      new Set([...originals.values()].map((t) => JSON.stringify([t.outcome, t.metadata]))),
    );
    const openai = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'openai',
      dir: tempDir(),
      includeInvalid: true,
    });
    expect(openai.report.notWritten).toMatchObject({ outcomes: 3, metadata: 3 });
    expect(openai.report.notWritten!.message).toMatch(/^openai records have no place for a run's outcome or metadata/);
    for (const record of lines(openai.files[0]!.path)) expect(Object.keys(record).sort()).toEqual(['messages']);
    b.close();
    again.close();
  });
});
