import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { TrellisError } from '../../../shared/errors';
import { tempDir } from '../../helpers/temp';

type Backend = ReturnType<typeof createBackend>;

const answered = (n: number) => ({
  messages: [
    { role: 'user', content: `What is the weather in city ${n}?` },
    {
      role: 'assistant',
      tool_calls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: `{"n":${n}}` } }],
    },
    { role: 'tool', tool_call_id: 'c1', content: `{"temp":${n}}` },
    { role: 'assistant', content: `It is ${n}°C.` },
  ],
});
/** Ends on the tool's result: no final answer, which every format's rules refuse. */
const unanswered = { messages: answered(9).messages.slice(0, 3) };

async function withRecords(records: object[]): Promise<{ b: Backend; ids: string[] }> {
  const b = createBackend({ workspace: path.join(tempDir(), 'nothing.trellis'), host: 'cli', seed: false });
  const file = path.join(tempDir(), 'records.jsonl');
  fs.writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  await importTrajectoryFile(b.store, { file, mode: 'strict' });
  return { b, ids: b.store.trajectoryQueries.ids({}) };
}

const reject = (b: Backend, trajectoryId: string) =>
  b.registry.invoke('labels.set', { trajectoryId, status: 'rejected', rating: null, tags: [], note: '' });

/** Every file under `dir` with its content, so a refusal can be shown to change nothing. */
const contents = (dir: string) =>
  Object.fromEntries(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));

async function refusal(work: Promise<unknown>): Promise<TrellisError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrellisError);
  return error as TrellisError;
}

describe('an export with nothing to write', () => {
  it('refuses, says why each record was left out, and leaves the previous export at that path intact', async () => {
    const { b, ids } = await withRecords([answered(1), answered(2), unanswered]);
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'weather',
      filter: {},
      ratio: { train: 1, validation: 0, test: 0 },
    });
    const dir = tempDir();
    for (const format of ['openai', 'sharegpt'] as const) {
      const first = await b.registry.invoke('datasets.export', { id: dataset.id, format, dir, replace: true });
      expect(first.report.written).toBe(2);
    }
    const before = contents(dir);
    expect(Object.keys(before).sort()).toEqual(['dataset_info.json', 'weather.train.jsonl']);

    // Now both answered records are rejected: only the unanswered one is left, and it breaks the rules.
    for (const id of ids.filter((id) => b.store.trajectories.get(id).turns.length === 4)) await reject(b, id);
    for (const format of ['openai', 'sharegpt'] as const) {
      const error = await refusal(b.registry.invoke('datasets.export', { id: dataset.id, format, dir }));
      expect(error.code).toBe('E3004');
      expect(error.message).toMatch(/^Nothing to export: the dataset "weather" has 0 records that pass/);
      expect(error.message).toContain('of its 3: 2 labelled rejected or needs-fix;');
      expect(error.message).toContain('no-final-answer 1');
      expect(error.message).toContain('Accept some trajectories in the review queue or change the filter');
      // The earlier files are byte for byte as they were, and no temporary file is left beside them.
      expect(contents(dir)).toEqual(before);
    }
    b.close();
  });

  it('creates no folder and no file for a selection with no trajectories, or none that passes', async () => {
    const { b, ids } = await withRecords([unanswered]);
    const dir = path.join(tempDir(), 'new', 'out');
    const empty = await refusal(
      b.registry.invoke('datasets.exportSelection', { filter: { text: 'nosuchword' }, format: 'openai', dir }),
    );
    expect(empty.message).toBe(
      'Nothing to export: the selection has no trajectories. Change the filter so it selects some.',
    );
    const broken = await refusal(b.registry.invoke('datasets.exportSelection', { filter: {}, format: 'hermes', dir }));
    expect(broken.message).toMatch(
      /^Nothing to export: the selection has 0 records that pass .*of its 1: breaking the Hermes format's rules/,
    );
    // Nothing was labelled: the way out is the filter or another format, each rule said in words.
    expect(broken.message).toContain('Change the filter or choose a format these records fit (no-final-answer: ');
    expect(broken.message).not.toContain('review queue');
    expect(broken.message).toContain('(on the command line: --include-invalid).');
    expect(fs.existsSync(path.dirname(dir))).toBe(false);
    // With the broken record asked for, the same export writes it.
    const written = await b.registry.invoke('datasets.exportSelection', {
      filter: {},
      format: 'hermes',
      dir,
      includeInvalid: true,
    });
    expect(written.files.map((f) => [path.basename(f.path), f.count])).toEqual([['export.train.jsonl', ids.length]]);
    b.close();
  });
});
