import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'trajectories', 'sharegpt.jsonl');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** Longer than any file system's 255-byte name. */
const LONG = 'a'.repeat(300);

describe('names too long for the file system', () => {
  it('exports a dataset with a 300-character name to files named within the limit', () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    expect(trellis('import', FIXTURE, '--workspace', workspace).code).toBe(0);
    expect(trellis('dataset', 'create', LONG, '--workspace', workspace).code).toBe(0);
    const out = path.join(dir, 'out');
    const exported = trellis('export', '--format', 'openai', '--dataset', LONG, '--out', out, '--workspace', workspace);
    // Only the report's notes on stderr: no error, nothing left out.
    expect(exported.err).toMatch(/^Tools: [^\n]+\n$/);
    expect(exported.code).toBe(0);
    const files = fs.readdirSync(out);
    expect(files).toHaveLength(2);
    for (const name of files) {
      expect(name).toMatch(/^a{167}-[0-9a-f]{8}\.(train|validation)\.jsonl$/);
      expect(exported.out).toContain(path.join(out, name));
    }
  });

  it('says a file or folder name is too long instead of "disk full" or an unexpected error', () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    expect(trellis('import', FIXTURE, '--workspace', workspace).code).toBe(0);
    const cases = [
      trellis('import', path.join(dir, `${LONG}.jsonl`), '--workspace', workspace),
      trellis('import', FIXTURE, '--workspace', path.join(dir, `${LONG}.trellis`)),
      trellis('export', '--format', 'openai', '--out', path.join(dir, LONG), '--workspace', workspace),
    ];
    for (const result of cases) {
      expect(result.code).toBe(1);
      expect(result.err).toMatch(/E2008 File name too long: .*too long.* Choose a shorter name/);
      expect(result.err).not.toMatch(/E9000|E2005/);
    }
  });
});
