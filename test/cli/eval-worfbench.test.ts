import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'worfbench');
const f = (name: string) => path.join(FIXTURES, name);

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe('trellis eval worfbench', () => {
  it('scores WorfBench generator output (JSON array and JSON Lines) with the reference’s numbers under --compat', () => {
    for (const pred of ['pred-generator.json', 'pred-generator.jsonl']) {
      const { code, out } = trellis('eval', 'worfbench', '--pred', f(pred), '--gold', f('gold.json'), '--compat');
      expect(code).toBe(0);
      expect(out.split('\n')).toEqual([
        'trip_chain               f1_chain 1.0000  f1_graph 1.0000',
        'trip_parallel            f1_chain 0.7500  f1_graph 1.0000',
        'kitchen_twice            f1_chain 0.5000  f1_graph 1.0000',
        'mail_reply               f1_chain 0.0000  f1_graph 0.0000  (skipped as the reference skips it: no "Node" in the text)',
        // WorfBench's node_eval.py prints Average F1_score 0.5625 (node) and 0.75 (graph) here.
        'Mean over 4: F1 chain 0.5625, F1 graph 0.7500 (nodes matched lexically: no embedding model, compat mode).',
        '',
      ]);
    }
  });

  it('gives the corrected metric without --compat, and JSON with --json', () => {
    const { code, out } = trellis(
      'eval',
      'worfbench',
      '--pred',
      f('pred-generator.json'),
      '--gold',
      f('gold.json'),
      '--json',
    );
    expect(code).toBe(0);
    const result = JSON.parse(out) as { compat: boolean; mean: { f1Chain: number; f1Graph: number } };
    expect(result.compat).toBe(false);
    expect(result.mean.f1Chain).toBe(0.75);
    expect(result.mean.f1Graph).toBeCloseTo((3 + 1 / 3) / 4);
  });

  it('gives each metric its own usage under --help', () => {
    const bfcl = trellis('eval', 'bfcl', '--help');
    expect(bfcl.code).toBe(0);
    expect(bfcl.out).toMatch(/^Usage: trellis eval bfcl --pred FILE --answers FILE --entries FILE/);
    expect(bfcl.out).not.toContain('trellis eval worfbench');
    const worfbench = trellis('eval', 'worfbench', '--help');
    expect(worfbench.out).toMatch(/^Usage: trellis eval worfbench --pred FILE --gold FILE/);
    expect(worfbench.out).not.toContain('trellis eval bfcl');
  });

  it('lists each correction of the default mode in --help', () => {
    const { code, out } = trellis('eval', '--help');
    expect(code).toBe(0);
    for (const correction of [
      'nodes are the numbered lines before the edge list',
      'every prediction is scored',
      'nodes are matched once, by the Hungarian method',
      'first 20 topological orders in lexicographic order',
      'a gold graph of 10+ nodes is scored over its orders',
      'no matched node gives a chain of 0',
      'translated through the node matching',
      'an input the reference cannot score is still scored',
    ])
      expect(out).toContain(correction);
    expect(out).toContain('answer.choices[0].message.content');
  });

  it('fails with the reason when predictions paired by position do not line up with the gold', () => {
    const lines = fs.readFileSync(f('pred-generator.jsonl'), 'utf8').trim().split('\n');
    const pred = path.join(tempDir(), 'short.jsonl');
    fs.writeFileSync(pred, lines.slice(1).join('\n'));
    const { code, out, err } = trellis('eval', 'worfbench', '--pred', pred, '--gold', f('gold.json'));
    expect(code).toBe(1);
    expect(out + err).toContain('has 3 predictions for 4 gold items');
  });
});
