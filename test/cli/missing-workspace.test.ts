import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The same, run alongside others: the verbs are independent. */
function trellisAsync(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 }, (error, out, err) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, out, err }),
    );
  });
}

describe('a --workspace that does not exist', () => {
  // Eleven CLI starts: on a busy two-core machine each takes seconds.
  it(
    'is refused by every verb that works on what a workspace holds, and nothing is created',
    { timeout: 120_000 },
    async () => {
      const dir = tempDir();
      // A mistyped name in a folder that does not exist either.
      const typo = path.join(dir, 'no', 'such', 'typo.trellis');
      const verbs = [
        ['check'],
        ['export', '--format', 'openai', '--out', path.join(dir, 'out')],
        ['dataset', 'list'],
        ['dataset', 'show', 'train'],
        ['dataset', 'create', 'train'],
        ['dedup', '--dataset', 'train'],
        ['plan', '--intent', 'book a hotel'],
        ['run', '--plan', 'p1'],
        ['graph', 'replay', '--graph', 'Trips'],
        ['synth', '--count', '1'],
      ];
      const results = await Promise.all(verbs.map((verb) => trellisAsync(...verb, '--workspace', typo)));
      for (const [i, verb] of verbs.entries()) {
        const result = results[i]!;
        expect({ verb: verb.join(' '), code: result.code }).toEqual({ verb: verb.join(' '), code: 1 });
        expect(result.err).toContain(`E3001 Not found: There is no workspace at ${typo}; nothing was created.`);
        expect(result.err).toContain('Check the path given with --workspace.');
      }
      expect(fs.readdirSync(dir)).toEqual([]);

      const json = trellis('check', '--workspace', typo, '--json');
      expect(JSON.parse(json.out)).toMatchObject({ ok: false, error: { code: 'E3001' } });
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );

  it('is made by the verbs that bring data in', () => {
    const workspace = path.join(tempDir(), 'new', 'w.trellis');
    const fixture = path.join(__dirname, '..', 'fixtures', 'trajectories', 'sharegpt.jsonl');
    expect(trellis('import', fixture, '--workspace', workspace).code).toBe(0);
    expect(trellis('dataset', 'list', '--workspace', workspace).out).toContain('No datasets yet');
  });
});
