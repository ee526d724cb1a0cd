import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import {
  expectedVerdict,
  fixtureEntries,
  multiTurnFixture,
  officialVerdict,
} from '../../helpers/bfcl-multi-turn-fixture';
import { TEST_SETTINGS, tinyModel } from '../../helpers/models';
import { tempDir } from '../../helpers/temp';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'eval');
const fixture = (name: string) => path.join(FIXTURES, name);

function backend() {
  return createBackend({
    workspace: path.join(tempDir(), 'eval.trellis'),
    host: 'cli',
    seed: false,
    modelEnv: { ...process.env, TRELLIS_GPU: 'off' },
  });
}

describe('evaluation.worfbench', () => {
  it('scores each item and the mean, corrected and in compat mode, with lexical node matching', async () => {
    const b = backend();
    const args = { pred: fixture('worfbench-pred.jsonl'), gold: fixture('worfbench-gold.json') };
    const corrected = await b.registry.invoke('evaluation.worfbench', args);
    expect(corrected.matcher).toBe('lexical');
    expect(corrected.items.map((i) => [i.id, +i.f1Chain.toFixed(4), i.f1Graph])).toEqual([
      ['trip_1', 0.3333, expect.closeTo(0.2)],
      ['trip_2', 1, 1],
    ]);
    expect(corrected.mean.f1Graph).toBeCloseTo(0.6);
    const compat = await b.registry.invoke('evaluation.worfbench', { ...args, compat: true });
    expect(compat.items[0]!.f1Graph).toBe(1); // the reversed chain, as the reference scores it
    b.close();
  });

  it('scores a missing prediction as 0 and names a broken line', async () => {
    const b = backend();
    const pred = path.join(tempDir(), 'pred.jsonl');
    fs.writeFileSync(pred, '{"id": "trip_2", "workflow": "Node:\\n1: x\\nEdge: (START,1) (1,END)"}\n{oops\n');
    await expect(
      b.registry.invoke('evaluation.worfbench', { pred, gold: fixture('worfbench-gold.json') }),
    ).rejects.toMatchObject({
      code: 'E4004',
      message: expect.stringContaining(`${pred}:2 is not valid JSON`),
    });
    fs.writeFileSync(pred, '{"id": "trip_2", "workflow": "Node:\\n1: x\\nEdge: (START,1) (1,END)"}\n');
    const result = await b.registry.invoke('evaluation.worfbench', { pred, gold: fixture('worfbench-gold.json') });
    expect(result.items[0]).toMatchObject({ id: 'trip_1', f1Chain: 0, error: 'no prediction' });
    b.close();
  });

  it('matches nodes with embeddings from the loaded model (a real GGUF in the helper)', async () => {
    const b = backend();
    await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
    const gold = fixture('worfbench-gold.json');
    const result = await b.registry.invoke('evaluation.worfbench', { pred: gold, gold, matcher: 'model' });
    expect(result.matcher).toBe('embedding');
    // Identical texts embed identically whatever the weights: every node matches itself.
    expect(result.items.map((i) => [i.f1Chain, i.f1Graph])).toEqual([
      [1, 1],
      [1, 1],
    ]);
    b.close();
  }, 120_000);
});

describe('evaluation.bfcl', () => {
  it('checks each entry and reports accuracy by category', async () => {
    const b = backend();
    const result = await b.registry.invoke('evaluation.bfcl', {
      pred: fixture('bfcl-pred.jsonl'),
      answers: fixture('bfcl-answers.jsonl'),
      entries: fixture('bfcl-entries.jsonl'),
    });
    expect(result.items).toEqual([
      { id: 'simple_0', category: 'simple', valid: true },
      {
        id: 'simple_1',
        category: 'simple',
        valid: false,
        error: expect.stringMatching(/"unit" is missing/),
        errorType: 'simple_function_checker:missing_optional',
      },
      { id: 'parallel_0', category: 'parallel', valid: true },
    ]);
    expect(result.byCategory).toEqual({ simple: { total: 2, valid: 1 }, parallel: { total: 1, valid: 1 } });
    expect(result.accuracy).toBeCloseTo(2 / 3);
    b.close();
  });
});

describe('evaluation.bfcl on multi-turn results', () => {
  it("runs each entry's calls and gives the leaderboard's verdict, error type and what differed, reporting progress", async () => {
    const b = backend();
    const progress: unknown[] = [];
    b.events.subscribe((name, p) => name === 'jobs.progress' && progress.push(p));
    for (const mode of ['prompt', 'fc'] as const) {
      const result = await b.registry.invoke('evaluation.bfcl', {
        pred: multiTurnFixture(mode === 'fc' ? 'pred-fc' : 'pred'),
        answers: multiTurnFixture('answers'),
        entries: multiTurnFixture('entries'),
        fc: mode === 'fc',
      });
      expect(
        result.items.map((i) => ({ valid: i.valid, errorType: i.errorType ?? null, errorMessage: i.error ?? null })),
      ).toEqual(fixtureEntries.map((e) => expectedVerdict(e, mode)));
      expect(result.cancelled).toBe(false);
      expect(Object.keys(result.byCategory)).toEqual([
        'multi_turn_base',
        'multi_turn_miss_func',
        'multi_turn_long_context',
      ]);
      const failed = result.items.find((i) => i.errorType === 'multi_turn:force_terminated')!;
      expect(failed.details).toEqual({ turns: [] });
    }
    // The leaderboard's verdicts themselves differ between the two modes (prompt mode drops positional arguments).
    expect(fixtureEntries.filter((e) => officialVerdict(e.id, 'prompt').valid).length).toBeGreaterThan(0);
    expect(progress).toContainEqual(expect.objectContaining({ kind: 'evaluation.bfcl', done: 130, total: 130 }));
    b.close();
  });
});

describe('evaluation.gpa', () => {
  function seeded() {
    return createBackend({
      workspace: path.join(tempDir(), 'gpa.trellis'),
      host: 'cli',
      seed: true,
      modelEnv: { ...process.env, TRELLIS_GPU: 'off' },
    });
  }

  it('scores the selection deterministically, labelling heuristic scores as such', async () => {
    const b = seeded();
    const result = await b.registry.invoke('evaluation.gpa', {});
    expect(result.metrics.find((m) => m.name === 'groundedArguments')?.source).toBe('heuristic');
    const kyoto = result.items.find((i) => i.title.startsWith('Kyoto'))!;
    const lisbon = result.items.find((i) => i.title.startsWith('Cheapest'))!;
    expect(kyoto.scores.executionEfficiency).toBeLessThan(1);
    expect(kyoto.scores.finalAnswer).toBe(0);
    expect(kyoto.scores.groundedArguments).toBeLessThan(1);
    expect(lisbon.scores).toMatchObject({ executionEfficiency: 1, answeredCalls: 1, finalAnswer: 1 });
    expect(kyoto.judged).toBeUndefined();
    await expect(b.registry.invoke('evaluation.gpa', { judge: true })).rejects.toMatchObject({ code: 'E5003' });
    b.close();
  });

  it('adds the five model-judged scores with reasons from the loaded model', async () => {
    const b = seeded();
    await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
    const progress: unknown[] = [];
    b.events.subscribe((name, payload) => name === 'jobs.progress' && progress.push(payload));
    const result = await b.registry.invoke('evaluation.gpa', { judge: true, filter: { text: 'Kyoto' }, jobId: 'gpa' });
    expect(result.items).toHaveLength(1);
    expect(result.metrics.filter((m) => m.source === 'model-judged')).toHaveLength(5);
    const judged = result.items[0]!.judged!;
    expect(Object.keys(judged).sort()).toEqual([
      'executionEfficiency',
      'goalFulfillment',
      'logicalConsistency',
      'planAdherence',
      'planQuality',
    ]);
    for (const { score, reason } of Object.values(judged)) {
      expect([0, 1 / 3, 2 / 3, 1]).toContainEqual(score);
      expect(typeof reason).toBe('string');
    }
    expect(progress).toEqual([{ jobId: 'gpa', kind: 'evaluation.gpa', done: 1, total: 1, unit: 'items' }]);
    b.close();
  }, 180_000);
});
