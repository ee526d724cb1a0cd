import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const json = <T = Record<string, unknown>>(out: string) => JSON.parse(out) as T;

/** Nine answered records, each calling its own tool, and one that ends on a tool message. */
function logFile(dir: string): string {
  const record = (n: number) => ({
    messages: [
      { role: 'user', content: `Look up item ${n} for me, please.` },
      {
        role: 'assistant',
        tool_calls: [{ id: 'c1', type: 'function', function: { name: `tool_${n}`, arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: `{"item":${n}}` },
      { role: 'assistant', content: `Item ${n} is in stock.` },
    ],
  });
  const unanswered = { messages: record(99).messages.slice(0, 3) };
  const file = path.join(dir, 'logs.jsonl');
  fs.writeFileSync(
    file,
    [...Array.from({ length: 9 }, (_, i) => record(i)), unanswered].map((r) => JSON.stringify(r)).join('\n'),
  );
  return file;
}

/** One workspace for the whole file (tempDir() folders last one test): imported and checked once. */
let shared = '';
let workspace = '';
let logs = '';
beforeAll(() => {
  shared = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-test-cli-dataset-'));
  workspace = path.join(shared, 'pipeline.trellis');
  logs = logFile(shared);
  expect(trellis('import', logs, '--workspace', workspace).code).toBe(0);
  expect(trellis('check', '--workspace', workspace).code).toBe(0);
}, 60_000);
afterAll(() => fs.rmSync(shared, { recursive: true, force: true }));

describe('trellis dataset', () => {
  it('creates a dataset from the browser filters, split so that every share has an item', () => {
    const made = trellis(
      'dataset',
      'create',
      'clean',
      '--workspace',
      workspace,
      '--finding',
      'none',
      '--source',
      logs,
      '--json',
    );
    expect(made.code).toBe(0);
    expect(json(made.out)).toMatchObject({
      ok: true,
      name: 'clean',
      filter: { finding: 'none', source: 'logs.jsonl' },
      size: 9,
      bySplit: { train: 7, validation: 1, test: 1 },
    });
    const one = trellis('dataset', 'create', 'one', '--workspace', workspace, '--tool', 'tool_3', '--split', '1,0,0');
    expect(one.code).toBe(0);
    expect(one.out).toBe('Created dataset "one": 1 trajectory (train 1).\n');
  });

  it('refuses a name already taken unless --replace is given', () => {
    trellis('dataset', 'create', 'again', '--workspace', workspace, '--query', 'item');
    const taken = trellis('dataset', 'create', 'again', '--workspace', workspace, '--query', 'item');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('E3002');
    const replaced = trellis(
      'dataset',
      'create',
      'again',
      '--workspace',
      workspace,
      '--query',
      'stock',
      '--replace',
      '--json',
    );
    expect(replaced.code).toBe(0);
    expect(json(replaced.out)).toMatchObject({ size: 9, filter: { text: 'stock' } });
  });

  it('lists datasets and shows one with its counts per split and labels', () => {
    trellis('dataset', 'create', 'shown', '--workspace', workspace, '--finding', 'none');
    const list = trellis('dataset', 'list', '--workspace', workspace, '--json');
    expect(list.code).toBe(0);
    expect(json<{ datasets: { name: string; size: number }[] }>(list.out).datasets).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'shown', size: 9 })]),
    );
    expect(trellis('dataset', 'list', '--workspace', workspace).out).toMatch(/^shown\s+9\s+\d{4}-/m);
    const shown = trellis('dataset', 'show', 'shown', '--workspace', workspace, '--json');
    expect(json(shown.out)).toMatchObject({
      ok: true,
      name: 'shown',
      size: 9,
      filter: { finding: 'none' },
      bySplit: { train: 7, validation: 1, test: 1 },
      labels: { unlabelled: 9 },
    });
    const text = trellis('dataset', 'show', 'shown', '--workspace', workspace);
    expect(text.out).toContain('shown: 9 trajectories (train 7, validation 1, test 1)');
    expect(text.out).toContain('labels  unlabelled 9');
  });
});

describe('trellis export from a filter', () => {
  it('writes the selection without a named dataset', () => {
    const out = tempDir();
    const exported = trellis(
      'export',
      '--workspace',
      workspace,
      '--finding',
      'none',
      '--format',
      'sharegpt',
      '--out',
      out,
      '--name',
      'picked',
      '--json',
    );
    expect(exported.code).toBe(0);
    const result = json<{ files: { split: string; count: number }[]; report: { written: number; leftOut: number } }>(
      exported.out,
    );
    expect(Object.fromEntries(result.files.map((f) => [f.split, f.count]))).toEqual({
      train: 7,
      validation: 1,
      test: 1,
    });
    expect(result.report).toMatchObject({ written: 9, leftOut: 0 });
    expect(fs.readdirSync(out).sort()).toEqual([
      'dataset_info.json',
      'picked.test.jsonl',
      'picked.train.jsonl',
      'picked.validation.jsonl',
    ]);
    expect(trellis('dataset', 'list', '--workspace', workspace, '--json').out).not.toContain('picked');
  });

  it('leaves out the record without a final answer, says why on stderr, and writes it with --include-invalid', () => {
    const out = tempDir();
    const skipped = trellis('export', '--workspace', workspace, '--format', 'openai', '--out', out, '--split', '1,0,0');
    expect(skipped.code).toBe(0);
    expect(skipped.out).toMatch(/^train\s+9\s+\S+export\.train\.jsonl\n$/);
    expect(skipped.err).toContain('Left out 1 of 10: 1 no-final-answer; --include-invalid writes them.');
    // Named as the trajectory list names it, by title, with its id for a search.
    expect(skipped.err).toMatch(
      /\n {2}"Look up item 99 for me, please\." \[[0-9a-f-]{36}\] \(train\): error no-final-answer: The last message \("tool"\)/,
    );
    const all = trellis(
      'export',
      '--workspace',
      workspace,
      '--format',
      'openai',
      '--out',
      out,
      '--split',
      '1,0,0',
      '--include-invalid',
      '--replace',
      '--json',
    );
    expect(json(all.out)).toMatchObject({ files: [{ split: 'train', count: 10 }], report: { leftOut: 0, flagged: 1 } });
  });
});

describe('usage errors exit 2', () => {
  it.each([
    [['dataset'], /Usage: trellis dataset <create\|list\|show>/],
    [['dataset', 'frobnicate'], /unknown verb "frobnicate"/],
    [['dataset', 'create'], /No dataset name given/],
    [['dataset', 'create', 'x', '--label', 'maybe'], /--label must be accepted, rejected, needs-fix or unlabelled/],
    [['dataset', 'create', 'x', '--split', '0.8,0.2'], /--split takes three shares/],
    [['dataset', 'create', 'x', '--min-turns', 'two'], /--min-turns takes a whole number/],
    [['dataset', 'create', 'x', '--colour', 'red'], /Unknown option '--colour'/],
    [['dataset', 'show'], /No dataset name given/],
    [['export', '--format', 'openai', '--out', 'o', '--dataset', 'clean', '--label', 'accepted'], /not both/],
    [['export', '--format', 'csv', '--out', 'o'], /--format must be one of/],
    [['export', '--format', 'openai'], /--out is required/],
  ])('trellis %j', (args, message) => {
    const { code, err } = trellis(...args, '--workspace', workspace);
    expect(err).toMatch(message);
    expect(code).toBe(2);
  });

  it('but a dataset that is not there is a failure (1), and --help is success (0)', () => {
    const missing = trellis('dataset', 'show', 'nope', '--workspace', workspace);
    expect([missing.code, missing.err]).toEqual([1, expect.stringContaining('No dataset named "nope"')]);
    expect(trellis('dataset', '--help').code).toBe(0);
    const help = trellis('dataset', 'create', '--help');
    expect(help.code).toBe(0);
    for (const flag of ['--label', '--finding', '--source', '--tool', '--query', '--split', '--seed', '--replace'])
      expect(help.out).toContain(flag);
  });
});
