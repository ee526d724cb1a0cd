// bench:import — imports N generated OpenAI JSONL trajectories (default 100,000, ~1M turns),
// each declaring its own tools, with Trellis's importer, and in the same run inserts the same
// rows (tool sets included) with a bare better-sqlite3 loop as the reference. Then imports the
// same records written as one indented JSON array (as LLaMA-Factory ships data) to show that
// array files stream too (RSS stays flat). Prints rows/s for both and their ratio, peak RSS
// (and RSS at each quarter of the file, to show it stays flat), and full-text query latency
// over the imported set. The last line is one JSON object with the figures.
// Usage: npm run bench:import [-- --count 100000] [--queries 200] [--quick]
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { generate, vocabulary } from './generate.mjs';
import { arg, percentile } from '../args.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { openWorkspaceStore } = require(path.join(root, 'dist/backend/store/workspace-store.js'));

const count = Number(arg('count', 100_000, 300));
const queries = Number(arg('queries', 200, 10));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-import-'));
const child = (script, ...args) =>
  JSON.parse(
    execFileSync(process.execPath, [path.join(import.meta.dirname, script), ...args], {
      maxBuffer: 1 << 20,
    }).toString(),
  );

try {
  const file = path.join(dir, 'bench.jsonl');
  let t = performance.now();
  const turns = generate(file, count);
  const mb = fs.statSync(file).size / 2 ** 20;
  console.log(
    `Generated ${count} trajectories, ${turns} turns, ${mb.toFixed(0)} MiB in ${((performance.now() - t) / 1000).toFixed(1)} s`,
  );

  const bare = child('bare-import.cjs', file, path.join(dir, 'bare.trellis'));
  const bareRows = (count + bare.turns) / bare.seconds;
  console.log(
    `bare better-sqlite3: ${bare.seconds.toFixed(1)} s, ${Math.round(bareRows)} rows/s, peak RSS ${bare.peakRssMb} MB`,
  );

  const workspace = path.join(dir, 'trellis.trellis');
  const ours = child('trellis-import.cjs', file, workspace);
  const ourRows = (ours.imported + ours.turns) / ours.seconds;
  console.log(
    `Trellis import:     ${ours.seconds.toFixed(1)} s, ${Math.round(ourRows)} rows/s, peak RSS ${ours.peakRssMb} MB ` +
      `(RSS at 25/50/75/100%: ${ours.rssAt.join(', ')} MB); also keeps the FTS index, tools table and content hashes`,
  );
  if (ours.turns !== bare.turns) throw new Error(`row counts differ: ${ours.turns} vs ${bare.turns}`);

  const arrayFile = path.join(dir, 'bench.json');
  generate(arrayFile, count, { array: true });
  fs.rmSync(file);
  const arrayMb = fs.statSync(arrayFile).size / 2 ** 20;
  const asArray = child('trellis-import.cjs', arrayFile, path.join(dir, 'array.trellis'));
  fs.rmSync(arrayFile);
  const arrayRows = (asArray.imported + asArray.turns) / asArray.seconds;
  console.log(
    `Trellis import of the same records as one JSON array (${arrayMb.toFixed(0)} MiB): ${asArray.seconds.toFixed(1)} s, ` +
      `${Math.round(arrayRows)} rows/s, peak RSS ${asArray.peakRssMb} MB (RSS at 25/50/75/100%: ${asArray.rssAt.join(', ')} MB)`,
  );
  if (asArray.turns !== bare.turns) throw new Error(`JSON array: row counts differ: ${asArray.turns} vs ${bare.turns}`);

  const store = openWorkspaceStore(workspace);
  const latencies = [];
  let seed = 7;
  const pick = () => vocabulary[(seed = (seed * 48271) % 2147483647) % vocabulary.length];
  for (let i = 0; i < queries; i++) {
    const text = i % 2 ? pick() : `${pick()} ${pick()}`;
    t = performance.now();
    store.trajectoryQueries.list({ text }, 200, 0);
    latencies.push(performance.now() - t);
  }
  store.close();
  const p = (q) => percentile(latencies, q);
  console.log(
    `FTS search (first page of 200 + total), ${queries} queries: p50 ${p(0.5).toFixed(1)} ms, p95 ${p(0.95).toFixed(1)} ms`,
  );

  const ratio = ourRows / bareRows;
  // The same rows in less CPU time is the same ratio: CPU seconds are moved far less than wall
  // seconds by other work on a shared machine.
  const cpuRatio = bare.cpuSeconds / ours.cpuSeconds;
  const arrayCpuRatio = bare.cpuSeconds / asArray.cpuSeconds;
  console.log(
    `CPU seconds: bare ${bare.cpuSeconds.toFixed(1)}, Trellis ${ours.cpuSeconds.toFixed(1)} (ratio ${cpuRatio.toFixed(2)}), ` +
      `JSON array ${asArray.cpuSeconds.toFixed(1)} (ratio ${arrayCpuRatio.toFixed(2)})`,
  );
  const verdicts = [
    `ratio ${ratio.toFixed(2)} (goal ≥ 0.9) ${ratio >= 0.9 ? 'met' : 'NOT met'}`,
    `peak RSS ${ours.peakRssMb} MB (goal < 400) ${ours.peakRssMb < 400 ? 'met' : 'NOT met'}`,
    `JSON array ratio ${(arrayRows / bareRows).toFixed(2)} (goal ≥ 0.9) ${arrayRows / bareRows >= 0.9 ? 'met' : 'NOT met'}, peak RSS ${asArray.peakRssMb} MB (goal < 400) ${asArray.peakRssMb < 400 ? 'met' : 'NOT met'}`,
    `FTS p95 ${p(0.95).toFixed(1)} ms (goal < 50) ${p(0.95) < 50 ? 'met' : 'NOT met'}`,
  ];
  console.log(verdicts.join('; '));
  console.log(
    JSON.stringify({
      bench: 'import',
      trajectories: count,
      turns,
      fileMb: Math.round(mb),
      bareSeconds: +bare.seconds.toFixed(2),
      trellisSeconds: +ours.seconds.toFixed(2),
      bareRowsPerSecond: Math.round(bareRows),
      trellisRowsPerSecond: Math.round(ourRows),
      ratio: +ratio.toFixed(3),
      peakRssMb: ours.peakRssMb,
      rssAtQuartersMb: ours.rssAt,
      toolSets: ours.toolSets,
      arrayFileMb: Math.round(arrayMb),
      arraySeconds: +asArray.seconds.toFixed(2),
      arrayRowsPerSecond: Math.round(arrayRows),
      arrayRatio: +(arrayRows / bareRows).toFixed(3),
      arrayPeakRssMb: asArray.peakRssMb,
      bareCpuSeconds: +bare.cpuSeconds.toFixed(2),
      trellisCpuSeconds: +ours.cpuSeconds.toFixed(2),
      arrayCpuSeconds: +asArray.cpuSeconds.toFixed(2),
      cpuRatio: +cpuRatio.toFixed(3),
      arrayCpuRatio: +arrayCpuRatio.toFixed(3),
      arrayRssAtQuartersMb: asArray.rssAt,
      barePeakRssMb: bare.peakRssMb,
      ftsP50Ms: +p(0.5).toFixed(2),
      ftsP95Ms: +p(0.95).toFixed(2),
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
