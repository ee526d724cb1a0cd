import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { tempDir } from '../../helpers/temp';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'worfbench');
const fixture = (name: string) => path.join(FIXTURES, name);
const GOLD = fixture('gold.json');

const opened: ReturnType<typeof createBackend>[] = [];
afterEach(() => {
  for (const b of opened.splice(0)) b.close();
});

function worfbench(args: { pred: string; gold?: string; compat?: boolean }) {
  const b = createBackend({ workspace: path.join(tempDir(), 'eval.trellis'), host: 'cli', seed: false });
  opened.push(b);
  return b.registry.invoke('evaluation.worfbench', { gold: GOLD, ...args });
}

const round = (x: number | null) => (x === null ? null : +x.toFixed(4));
const gold = JSON.parse(fs.readFileSync(GOLD, 'utf8')) as { id: string; conversations: { content: string }[] }[];

function writeTemp(name: string, content: unknown) {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('WorfBench prediction files as WorfBench’s generator writes them', () => {
  // The four predictions: the first chain under "Edges:", verbatim copies of 4 parallel nodes and
  // of a chain of two equal texts, and a refusal without "Node". Their compat scores are worked
  // out in test/shared/metrics/worfbench-compat.test.ts (1, 0.75, 0.5, skipped); WorfBench's
  // own node_eval.py prints Average F1 0.5625 (node) and 0.75 (graph) for this file.
  const COMPAT = [
    ['trip_chain', 1, 1],
    ['trip_parallel', 0.75, 1],
    ['kitchen_twice', 0.5, 1],
    ['mail_reply', 0, 0],
  ];

  for (const file of ['pred-generator.json', 'pred-generator.jsonl'])
    it(`pairs ${file} with the gold by position and scores it as the reference does in compat mode`, async () => {
      const result = await worfbench({ pred: fixture(file), compat: true });
      expect(result.items.map((i) => [i.id, round(i.f1Chain), round(i.f1Graph)])).toEqual(COMPAT);
      expect(result.items[3]!.error).toBe('skipped as the reference skips it: no "Node" in the text');
      // The skipped item counts in the mean, as the reference divides by the number of gold items.
      expect(result.mean).toEqual({ f1Chain: 0.5625, f1Graph: 0.75 });
    });

  it('scores the same file with the corrected metric by default', async () => {
    const result = await worfbench({ pred: fixture('pred-generator.json') });
    // No skip: the refusal has no node (chain 0); START and END alone match (graph: P = 1/2, R = 1/4).
    expect(result.items.map((i) => [i.id, round(i.f1Chain), round(i.f1Graph)])).toEqual([
      ['trip_chain', 1, 1],
      ['trip_parallel', 1, 1],
      ['kitchen_twice', 1, 1],
      ['mail_reply', 0, round(1 / 3)],
    ]);
  });

  it('reports a prediction whose query.id is not the gold item at its position, and scores the rest', async () => {
    const written = JSON.parse(fs.readFileSync(fixture('pred-generator.json'), 'utf8')) as {
      query: unknown;
      workflow: string;
    }[];
    [written[0], written[1]] = [written[1]!, written[0]!];
    const pred = writeTemp('swapped.json', written);
    const result = await worfbench({ pred, compat: true });
    expect(result.items[0]).toMatchObject({
      id: 'trip_chain',
      f1Chain: 0,
      f1Graph: 0,
      error: `${pred} item 1 is for query "trip_parallel", not gold item "trip_chain" at the same position`,
    });
    expect(result.items[1]!.error).toContain('is for query "trip_chain"');
    expect(round(result.items[2]!.f1Chain)).toBe(0.5);
  });

  it('refuses predictions paired by position when their count differs from the gold’s', async () => {
    const lines = fs.readFileSync(fixture('pred-generator.jsonl'), 'utf8').trim().split('\n');
    const pred = writeTemp('short.jsonl', lines.slice(0, 3).join('\n'));
    await expect(worfbench({ pred })).rejects.toMatchObject({
      code: 'E4004',
      message: expect.stringContaining('has 3 predictions for 4 gold items'),
    });
  });

  it('scores a generation that wrote no text as 0 with the reason', async () => {
    const lines = fs.readFileSync(fixture('pred-generator.jsonl'), 'utf8').trim().split('\n');
    lines[0] = JSON.stringify({ answer: { choices: [{ message: { role: 'assistant', content: null } }] } });
    const result = await worfbench({ pred: writeTemp('null.jsonl', lines.join('\n')), compat: true });
    expect(result.items[0]).toMatchObject({
      f1Chain: 0,
      f1Graph: 0,
      error: expect.stringContaining('no workflow text'),
    });
  });

  it('still pairs Trellis’s own {id, workflow} by id, in any order, and refuses a file mixing both', async () => {
    const own = gold.map((g) => ({ id: g.id, workflow: g.conversations[2]!.content })).reverse();
    const result = await worfbench({ pred: writeTemp('own.json', own), compat: true });
    expect(result.items.map((i) => [i.id, round(i.f1Chain)])).toEqual([
      ['trip_chain', 1],
      ['trip_parallel', 0.75],
      ['kitchen_twice', 0.5],
      ['mail_reply', 1],
    ]);
    const mixed = writeTemp('mixed.jsonl', `${JSON.stringify(own[0])}\n"Node:\\n1: x\\nEdge: (START,1) (1,END)"\n`);
    await expect(worfbench({ pred: mixed })).rejects.toMatchObject({
      code: 'E4004',
      message: expect.stringContaining('mixes predictions paired by "id" with others paired by position'),
    });
  });
});
