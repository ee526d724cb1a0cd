import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { tempDir } from '../../helpers/temp';

function backend() {
  return createBackend({ workspace: path.join(tempDir(), 'curation.trellis'), host: 'cli', seed: true });
}

const record = (n: number, city: string) =>
  JSON.stringify({
    messages: [
      {
        role: 'user',
        content: `What is the weather in ${city} on day ${n}? I am planning a long walk along the river.`,
      },
      {
        role: 'assistant',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'get_weather', arguments: JSON.stringify({ city }) } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: '{"temp":18}' },
      { role: 'assistant', content: `It is 18°C in ${city}.` },
    ],
  });

async function seededWithImports(b: ReturnType<typeof backend>) {
  const file = path.join(tempDir(), 'logs.jsonl');
  const lines = Array.from({ length: 20 }, (_, i) => record(i, ['Lisbon', 'Oslo'][i % 2]!));
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  await importTrajectoryFile(b.store, { file, mode: 'strict' });
}

describe('curation domain', () => {
  it('labels one trajectory or a whole selection', async () => {
    const b = backend();
    const { items } = await b.registry.invoke('trajectories.list', {});
    const id = items[0]!.id;
    await b.registry.invoke('labels.set', {
      trajectoryId: id,
      status: 'accepted',
      rating: 5,
      tags: ['clean'],
      note: 'good',
    });
    expect(await b.registry.invoke('labels.get', { trajectoryId: id })).toMatchObject({
      status: 'accepted',
      rating: 5,
      tags: ['clean'],
    });
    const bulk = await b.registry.invoke('labels.bulk', { filter: {}, status: 'needs-fix' });
    expect(bulk.updated).toBeGreaterThan(1);
    // What each one was before: the accepted one, and the never-reviewed rest.
    expect(bulk.previous.find((p) => p.trajectoryId === id)).toEqual({ trajectoryId: id, status: 'accepted' });
    expect(bulk.previous.filter((p) => p.status === null)).toHaveLength(bulk.updated - 1);
    const facets = await b.registry.invoke('trajectories.facets', {});
    expect(facets.labels.map((l) => l.value)).toEqual(['needs-fix']);
    // Undone: the accepted label is back with its rating and tags, the rest unreviewed again.
    expect(await b.registry.invoke('labels.restoreStatuses', { statuses: bulk.previous })).toEqual({
      restored: bulk.updated,
    });
    expect(await b.registry.invoke('labels.get', { trajectoryId: id })).toMatchObject({
      status: 'accepted',
      rating: 5,
      tags: ['clean'],
    });
    const after = await b.registry.invoke('trajectories.facets', {});
    expect(after.labels.map((l) => l.value).sort()).toEqual(['accepted', 'unlabelled']);
    expect(
      await b.registry.invoke('labels.get', {
        trajectoryId: bulk.previous.find((p) => p.status === null)!.trajectoryId,
      }),
    ).toBeNull();
    b.close();
  });

  it('edits a turn keeping the original, and reverts it', async () => {
    const b = backend();
    const { items } = await b.registry.invoke('trajectories.list', { filter: { text: 'Kyoto' } });
    const id = items[0]!.id;
    const before = (await b.registry.invoke('trajectories.get', { id })).turns[2]!;
    const fixed = {
      ...before,
      toolCalls: [{ ...before.toolCalls![0]!, name: 'search_hotels', args: { city: 'Kyoto' } }],
    };
    await b.registry.invoke('trajectories.editTurn', { id, turnIndex: 2, turn: fixed });
    expect((await b.registry.invoke('trajectories.get', { id })).turns[2]).toEqual(fixed);
    await b.registry.invoke('trajectories.editTurn', { id, turnIndex: 2, turn: { ...fixed, thought: 'second edit' } });
    const edits = await b.registry.invoke('trajectories.edits', { id });
    expect(edits).toHaveLength(1);
    expect(edits[0]!.original).toEqual(before);
    // Live checks of a version not saved yet, against the trajectory's tool graph.
    const live = await b.registry.invoke('trajectories.checkTurn', {
      id,
      turnIndex: 2,
      turn: { ...fixed, toolCalls: [{ ...fixed.toolCalls![0]!, args: { city: 42 } }] },
    });
    expect(live.map((f) => f.code)).toContain('schema-violation');
    await b.registry.invoke('trajectories.revertTurn', { id, turnIndex: 2 });
    expect((await b.registry.invoke('trajectories.get', { id })).turns[2]).toEqual(before);
    expect(await b.registry.invoke('trajectories.edits', { id })).toEqual([]);
    b.close();
  });

  it('builds a dataset from a filter, splits it by seed, reports statistics, deduplicates and exports every format', async () => {
    const b = backend();
    await seededWithImports(b);
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'weather',
      filter: { tool: 'get_weather' },
      ratio: { train: 0.5, validation: 0.25, test: 0.25 },
      seed: 3,
    });
    expect(dataset.items).toHaveLength(20);
    const again = await b.registry.invoke('datasets.split', {
      id: dataset.id,
      ratio: { train: 0.5, validation: 0.25, test: 0.25 },
      seed: 3,
    });
    expect(again.items).toEqual(dataset.items);
    const stats = await b.registry.invoke('datasets.stats', { id: dataset.id });
    expect(stats).toMatchObject({
      size: 20,
      bySplit: { train: 10, validation: 5, test: 5 },
      turns: { mean: 4, max: 4 },
    });
    expect(stats.toolCoverage.calls).toEqual({ get_weather: 20 });

    const preview = await b.registry.invoke('datasets.dedup', { id: dataset.id, threshold: 0.7 });
    expect(preview.clusters[0]!.title).toMatch(/^What is the weather in/);
    expect(preview.removed).toBe(0);
    expect(preview.clusters.length).toBeGreaterThanOrEqual(1);
    const dupes = preview.clusters.reduce((n, c) => n + c.duplicates.length, 0);
    const applied = await b.registry.invoke('datasets.dedup', { id: dataset.id, threshold: 0.7, apply: true });
    expect(applied.removed).toBe(dupes);
    expect((await b.registry.invoke('datasets.get', { id: dataset.id })).items).toHaveLength(20 - dupes);

    const { items: examples } = await b.registry.invoke('trajectories.list', { filter: { source: 'example' } });
    const grown = await b.registry.invoke('datasets.addItems', { id: dataset.id, trajectoryIds: [examples[0]!.id] });
    expect(grown.items.at(-1)).toEqual({ trajectoryId: examples[0]!.id, split: 'train' });
    await b.registry.invoke('datasets.split', {
      id: dataset.id,
      ratio: { train: 0.5, validation: 0.25, test: 0.25 },
      seed: 3,
    });
    const kept = (await b.registry.invoke('datasets.get', { id: dataset.id })).items.filter(
      (i) => i.trajectoryId !== examples[0]!.id,
    );
    await b.registry.invoke('datasets.delete', { id: dataset.id });
    const rebuilt = await b.registry.invoke('datasets.create', {
      name: 'weather',
      picks: kept.map((i) => i.trajectoryId),
      ratio: { train: 0.5, validation: 0.25, test: 0.25 },
      seed: 3,
    });
    const dir = path.join(tempDir(), 'out');
    for (const format of ['openai', 'sharegpt', 'hermes', 'worfbench'] as const) {
      const { files } = await b.registry.invoke('datasets.export', {
        id: rebuilt.id,
        format,
        dir: path.join(dir, format),
      });
      expect(files.reduce((n, f) => n + f.count, 0)).toBe(20 - dupes);
      for (const f of files) {
        const text = fs.readFileSync(f.path, 'utf8');
        const records =
          format === 'worfbench'
            ? (JSON.parse(text) as unknown[])
            : text
                .trim()
                .split('\n')
                .map((l) => JSON.parse(l) as unknown);
        expect(records).toHaveLength(f.count);
      }
    }
    const info = JSON.parse(fs.readFileSync(path.join(dir, 'sharegpt', 'dataset_info.json'), 'utf8')) as Record<
      string,
      { formatting: string }
    >;
    expect(Object.values(info).every((v) => v.formatting === 'sharegpt')).toBe(true);

    // Exported OpenAI files import back into the same trajectories (content hash: all duplicates).
    const other = createBackend({ workspace: path.join(tempDir(), 'other.trellis'), host: 'cli', seed: false });
    await seededWithImports(other);
    const trainFile = path.join(dir, 'openai', 'weather.train.jsonl');
    const reimport = await importTrajectoryFile(other.store, { file: trainFile, mode: 'strict' });
    expect(reimport).toMatchObject({ imported: 0, committed: true });
    expect(reimport.duplicates).toBe(fs.readFileSync(trainFile, 'utf8').trim().split('\n').length);
    other.close();
    b.close();
  });
});

describe('export weights', () => {
  it('are 0 on every assistant message of a trajectory rated 1–2 and on turns with an error finding', async () => {
    const b = backend();
    const { items } = await b.registry.invoke('trajectories.list', {});
    const kyoto = items.find((t) => t.title.startsWith('Kyoto'))!;
    const lisbon = items.find((t) => t.title.startsWith('Cheapest'))!;
    await b.registry.invoke('trajectories.checkAll', {});
    await b.registry.invoke('labels.set', {
      trajectoryId: lisbon.id,
      status: 'accepted',
      rating: 2,
      tags: [],
      note: '',
    });
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'w',
      picks: [kyoto.id, lisbon.id],
      ratio: { train: 1, validation: 0, test: 0 },
    });
    const dir = path.join(tempDir(), 'w');
    // The Kyoto example ends without a final answer: included here, where weights are the subject.
    const { files } = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'openai',
      dir,
      includeInvalid: true,
    });
    const records = fs
      .readFileSync(files[0]!.path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { messages: { role: string; weight?: number; content?: string }[] });
    const weights = (r: (typeof records)[number]) =>
      r.messages.filter((m) => m.role === 'assistant').map((m) => m.weight);
    const byUser = (text: string) =>
      records.find((r) => r.messages.some((m) => m.role === 'user' && m.content?.startsWith(text)))!;
    expect(new Set(weights(byUser('Book the cheapest')))).toEqual(new Set([0]));
    // Every assistant turn of the Kyoto example carries an error finding (turns 2, 4, 6).
    expect(weights(byUser('Reserve a hotel in Kyoto'))).toEqual([0, 0, 0]);
    // ShareGPT has no weights: the same turns are trained on there, and the report says so.
    const shared = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'sharegpt',
      dir: path.join(tempDir(), 'w-sharegpt'),
      includeInvalid: true,
    });
    expect(shared.report.untrained.records).toBe(2);
    expect(shared.report.notes.join('\n')).toMatch(
      /^Trained on: \d+ assistant turns in 2 records \(rated 1–2, an error found on the turn, or a call that failed\), which an OpenAI export would write with weight 0/m,
    );
    await b.registry.invoke('labels.set', {
      trajectoryId: lisbon.id,
      status: 'accepted',
      rating: 5,
      tags: [],
      note: '',
    });
    const again = await b.registry.invoke('datasets.export', {
      id: dataset.id,
      format: 'openai',
      dir,
      includeInvalid: true,
      replace: true,
    });
    const lines = fs.readFileSync(again.files[0]!.path, 'utf8').trim().split('\n');
    const lisbonAgain = lines
      .map((l) => JSON.parse(l) as (typeof records)[number])
      .find((r) => r.messages.some((m) => m.content?.startsWith('Book the cheapest')))!;
    expect(new Set(weights(lisbonAgain))).toEqual(new Set([1]));
    b.close();
  });
});

describe('chat-template preview', () => {
  it('renders a trajectory through the GGUF chat template of the loaded model and counts its tokens', async () => {
    const { TEST_SETTINGS, tinyModel } = await import('../../helpers/models');
    const b = createBackend({
      workspace: path.join(tempDir(), 'preview.trellis'),
      host: 'cli',
      seed: true,
      modelEnv: { ...process.env, TRELLIS_GPU: 'off' },
    });
    const { items } = await b.registry.invoke('trajectories.list', { filter: { text: 'Lisbon flight' } });
    await expect(b.registry.invoke('datasets.preview', { trajectoryId: items[0]!.id })).rejects.toMatchObject({
      code: 'E5003',
    });
    await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
    const preview = await b.registry.invoke('datasets.preview', { trajectoryId: items[0]!.id });
    // The tiny model carries a ChatML template.
    expect(preview.text).toMatch(/^<\|im_start\|>system\nYou are a travel assistant/);
    expect(preview.text).toContain('<|im_start|>user\nBook the cheapest flight from Paris to Lisbon');
    expect(preview.tokens).toBeGreaterThan(50);
    const dataset = await b.registry.invoke('datasets.create', { name: 'one', picks: [items[0]!.id] });
    const stats = await b.registry.invoke('datasets.stats', { id: dataset.id });
    expect(stats.modelTokens).toEqual({ sampled: 1, mean: preview.tokens, max: preview.tokens });
    b.close();
  }, 120_000);
});
