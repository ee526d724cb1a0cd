// bench:discard — what an import that does not finish costs to take back: a strict import of N
// good records and one bad line at the end (refused: everything it wrote is discarded), beside
// committing the same N records, in the same run; and a killed import (its rows written, its
// writer gone) taken back when the workspace is next opened: how long the open takes, and the
// rows discarded per second until it is all gone. The last line is one JSON object with the figures.
// Usage: npm run bench:discard [-- --count 20000] [--quick]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { generate } from './generate.mjs';
import { arg } from '../args.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { openWorkspaceStore } = require(path.join(root, 'dist/backend/store/workspace-store.js'));
const { importTrajectoryFile } = require(path.join(root, 'dist/backend/trajectories/import-file.js'));

const count = Number(arg('count', 20_000, 300));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-discard-'));
const seconds = (t) => (performance.now() - t) / 1000;

try {
  const good = path.join(dir, 'good.jsonl');
  const turns = generate(good, count);
  const bad = path.join(dir, 'bad.jsonl');
  fs.writeFileSync(bad, `${fs.readFileSync(good, 'utf8')}{broken\n`);
  const rows = count + turns;

  let store = openWorkspaceStore(path.join(dir, 'commit.trellis'));
  let t = performance.now();
  const committed = await importTrajectoryFile(store, { file: good, mode: 'strict' });
  const commitSeconds = seconds(t);
  store.close();
  if (committed.imported !== count) throw new Error(`committed ${committed.imported} of ${count}`);

  store = openWorkspaceStore(path.join(dir, 'refuse.trellis'));
  t = performance.now();
  const refused = await importTrajectoryFile(store, { file: bad, mode: 'strict' });
  const refuseSeconds = seconds(t);
  const left = store.db.prepare('SELECT count(*) FROM trajectories').pluck().get();
  store.close();
  if (refused.committed || left !== 0) throw new Error(`the refused import left ${left} trajectories`);

  // A killed import: its batches are written, it never finishes, and its writer is gone.
  const killedFile = path.join(dir, 'killed.trellis');
  store = openWorkspaceStore(killedFile);
  await importTrajectoryFile(store, { file: good, mode: 'strict' });
  store.db.prepare("UPDATE imports SET status = 'running', pid = NULL").run();
  store.close();
  t = performance.now();
  store = openWorkspaceStore(killedFile);
  const reopenSeconds = seconds(t);
  // What is left is invisible; the backend drains it in batches with the event loop free between them.
  t = performance.now();
  await store.imports.drainDiscarded?.();
  const drainSeconds = seconds(t);
  const remaining = store.db.prepare('SELECT count(*) FROM trajectories').pluck().get();
  store.close();
  if (remaining !== 0) throw new Error(`reopening left ${remaining} trajectories of the killed import`);

  console.log(`${count} trajectories, ${turns} turns (${rows} rows)`);
  console.log(`strict import committed:        ${commitSeconds.toFixed(1)} s`);
  console.log(
    `strict import refused (1 bad):  ${refuseSeconds.toFixed(1)} s (${(refuseSeconds / commitSeconds).toFixed(2)} × the commit)`,
  );
  const discardSeconds = reopenSeconds + drainSeconds;
  console.log(
    `killed import: workspace open in ${reopenSeconds.toFixed(2)} s; discarded in ${discardSeconds.toFixed(1)} s, ${Math.round(rows / discardSeconds)} rows/s`,
  );
  console.log(
    JSON.stringify({
      bench: 'discard',
      trajectories: count,
      turns,
      commitSeconds: +commitSeconds.toFixed(2),
      refuseSeconds: +refuseSeconds.toFixed(2),
      refuseOverCommit: +(refuseSeconds / commitSeconds).toFixed(3),
      reopenSeconds: +reopenSeconds.toFixed(2),
      discardSeconds: +discardSeconds.toFixed(2),
      discardedRowsPerSecond: Math.round(rows / discardSeconds),
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
