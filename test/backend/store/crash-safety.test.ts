import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';

const WRITER = path.join(__dirname, '..', '..', 'fixtures', 'crash-writer.cjs');
const TURNS = 20_000;
const KILLS = 24;

/** Writers still running: killed when the test ends, however it ends (a timeout included). */
const writers = new Set<ChildProcess>();
afterEach(() => {
  for (const child of writers) child.kill('SIGKILL');
  writers.clear();
});

/**
 * Starts the writer and kills it `delayMs` after `trigger`: its "open" line (the kill lands in
 * the first transaction) or its first "committed" line (the kill lands in a later one).
 */
function killWriterAfter(
  file: string,
  trigger: 'open' | 'committed',
  delayMs: number,
  seed: string,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WRITER, file, String(TURNS), seed], { stdio: ['ignore', 'pipe', 'pipe'] });
    writers.add(child);
    let out = '';
    let err = '';
    let armed = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!armed && out.includes(trigger === 'open' ? 'open\n' : 'committed ')) {
        armed = true;
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (_code, signal) => {
      writers.delete(child);
      if (signal !== 'SIGKILL') return reject(new Error(`writer ended on its own: ${err}`));
      resolve(
        out
          .split('\n')
          .filter((l) => l.startsWith('committed '))
          .map((l) => l.slice('committed '.length)),
      );
    });
  });
}

describe('crash safety on a real workspace file', () => {
  it(`keeps every transaction whole across ${KILLS} SIGKILLs at random points`, async () => {
    expect(
      fs.existsSync(path.join(__dirname, '..', '..', '..', 'dist', 'backend', 'store', 'workspace-store.js')),
      'run "npm run build" first',
    ).toBe(true);
    const file = path.join(tempDir(), 'crash.trellis');
    openWorkspaceStore(file).close();
    const acknowledged: string[] = [];
    const commitsPerRound: number[] = [];
    for (let round = 0; round < KILLS; round++) {
      // A 20,000-turn transaction takes 100 ms or more here. Even rounds kill within 60 ms of
      // opening (inside the first transaction, whatever the load); odd rounds within 300 ms of
      // the first commit (inside or between later ones). Both are timed at random.
      const committed =
        round % 2 === 0
          ? await killWriterAfter(file, 'open', Math.floor(Math.random() * 60), `r${round}`)
          : await killWriterAfter(file, 'committed', Math.floor(Math.random() * 300), `r${round}`);
      commitsPerRound.push(committed.length);
      acknowledged.push(...committed);

      const db = new Database(file);
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const counts = db
        .prepare('SELECT t.id, (SELECT count(*) FROM turns u WHERE u.trajectory_id = t.id) AS n FROM trajectories t')
        .all() as { id: string; n: number }[];
      db.close();
      for (const { id, n } of counts) expect(n, `trajectory ${id} is ${n}/${TURNS} turns`).toBe(TURNS);
      const present = new Set(counts.map((c) => c.id));
      for (const id of acknowledged) expect(present, `committed ${id} was lost`).toContain(id);
    }
    console.info(`crash-safety: commits acknowledged per round before SIGKILL: ${commitsPerRound.join(',')}`);
    // Evidence the kills were spread: some rounds died in the first transaction, some later.
    expect(
      commitsPerRound.some((n) => n === 0),
      commitsPerRound.join(','),
    ).toBe(true);
    expect(
      commitsPerRound.some((n) => n > 0),
      commitsPerRound.join(','),
    ).toBe(true);
    const reopened = openWorkspaceStore(file);
    expect(reopened.trajectoryQueries.list({}, 1, 0).total).toBeGreaterThanOrEqual(acknowledged.length);
    reopened.close();
    // 24 writer processes: slow on a busy machine, and nothing here depends on how slow.
  }, 600_000);
});
