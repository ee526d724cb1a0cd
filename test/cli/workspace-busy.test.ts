import { execFile } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'trajectories', 'sharegpt.jsonl');

/** Runs the CLI without blocking this process, which may hold a lock the CLI waits for. */
function trellis(...args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000 }, (error, out, err) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, out, err }),
    );
  });
}

describe('a workspace another process is writing to', () => {
  it('makes an import fail with "busy, try again" (exit 1) while the lock is held, and succeed after', async () => {
    const workspace = path.join(tempDir(), 'w.trellis');
    expect((await trellis('import', FIXTURE, '--workspace', workspace)).code).toBe(0);
    // Another writer (an import, the app) holds the write lock for as long as the CLI runs.
    const other = new Database(workspace);
    other.exec('BEGIN IMMEDIATE');
    let busy;
    try {
      busy = await trellis('import', FIXTURE, '--workspace', workspace);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect(busy.code).toBe(1);
    expect(busy.err).toContain(
      'E2007 Workspace is busy: The workspace was locked by another process for longer than the 5 seconds Trellis waits (SQLITE_BUSY).',
    );
    expect(busy.err).toContain('try again when it has finished.');
    expect(busy.err).not.toContain('E9000');

    const again = await trellis('import', FIXTURE, '--workspace', workspace, '--json');
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ ok: true });
  });

  it('lets two imports that create the same new workspace at once both finish', async () => {
    const workspace = path.join(tempDir(), 'new.trellis');
    const both = await Promise.all([
      trellis('import', FIXTURE, '--workspace', workspace),
      trellis('import', FIXTURE, '--workspace', workspace),
    ]);
    expect(both.map((r) => [r.code, r.err])).toEqual([
      [0, ''],
      [0, ''],
    ]);
  });
});
