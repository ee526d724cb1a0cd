// bench:curation — export of N trajectories (default 100,000) as OpenAI JSONL through Trellis's
// exporter, against a bare loop over the same data in the same run (read each trajectory from
// the store and write the same OpenAI records with bare statements and JSON.stringify, checked
// byte for byte against the export); then near-duplicate detection (MinHash/LSH) over the
// same N (every 20th record is a near copy of the one before), with its time and memory. The last line is one JSON object with the figures.
// Usage: npm run bench:curation [-- --count 100000] [--quick]
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from '../import/generate.mjs';
import { arg } from '../args.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const { openWorkspaceStore } = require(path.join(root, 'dist/backend/store/workspace-store.js'));
const { importTrajectoryFile } = require(path.join(root, 'dist/backend/trajectories/import-file.js'));
const { exportDataset } = require(path.join(root, 'dist/backend/datasets/export.js'));
const { clusterFingerprints, fingerprint } = require(path.join(root, 'dist/shared/curation/dedup.js'));

const count = Number(arg('count', 100_000, 300));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-curation-'));
const mb = (bytes) => Math.round(bytes / 2 ** 20);

/** CPU seconds (user and system) since `from`: what a busy shared machine moves less than wall time. */
const cpuSeconds = (from) => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1e6;
};
const sha256 = (file) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The reference loop: the same OpenAI chat JSONL as Trellis's exporter writes, from bare statements. */
function bareOpenAIExport(db, ids, file) {
  const toolSetOf = db.prepare('SELECT tool_set FROM trajectories WHERE id = ?').pluck();
  const turnsOf = db.prepare(
    'SELECT role, content, tool_calls, tool_call_id FROM turns WHERE trajectory_id = ? ORDER BY idx',
  );
  const setText = db.prepare('SELECT tools FROM tool_sets WHERE id = ?').pluck();
  const sets = new Map();
  const fd = fs.openSync(file, 'w');
  let chunk = [];
  for (const id of ids) {
    const set = toolSetOf.get(id);
    if (set && !sets.has(set))
      sets.set(
        set,
        JSON.parse(setText.get(set)).map((t) => ({
          type: 'function',
          function: { name: t.name, description: t.description, parameters: t.parameters },
        })),
      );
    const messages = turnsOf.all(id).map((row) => {
      const m = { role: row.role };
      if (row.content !== null) m.content = row.content;
      const calls = row.tool_calls === null ? [] : JSON.parse(row.tool_calls);
      if (calls.length)
        m.tool_calls = calls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args ?? {}) },
        }));
      if (row.tool_call_id) m.tool_call_id = row.tool_call_id;
      if (row.role === 'assistant') m.weight = 1;
      return m;
    });
    chunk.push(JSON.stringify(set ? { messages, tools: sets.get(set) } : { messages }));
    if (chunk.length === 500) {
      fs.writeSync(fd, `${chunk.join('\n')}\n`);
      chunk = [];
    }
  }
  if (chunk.length) fs.writeSync(fd, `${chunk.join('\n')}\n`);
  fs.closeSync(fd);
}

try {
  const file = path.join(dir, 'data.jsonl');
  generate(file, count, { nearDuplicateEvery: 20 });
  const store = openWorkspaceStore(path.join(dir, 'bench.trellis'));
  let t = performance.now();
  await importTrajectoryFile(store, { file, mode: 'strict' });
  console.log(`Imported ${count} trajectories in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const ids = store.trajectoryQueries.ids({});
  const dataset = store.datasets.create({
    name: 'bench',
    filter: {},
    items: ids.map((trajectoryId) => ({ trajectoryId, split: 'train' })),
  });

  // Reference: a bare loop that writes the same OpenAI chat records (checked byte for byte
  // below) with its own prepared statements on the same connection: each trajectory's tool-set
  // id and turns read, each tool set parsed once, calls' arguments written as JSON text, a
  // weight of 1 on assistant messages (the bench labels nothing), JSON.stringify, writes in
  // chunks of 500. What Trellis adds is its checks of each record, its labels and findings
  // (weights) and its report.
  t = performance.now();
  let cpu = process.cpuUsage();
  const bareFile = path.join(dir, 'bare.jsonl');
  bareOpenAIExport(store.db, ids, bareFile);
  const bareSeconds = (performance.now() - t) / 1000;
  const bareCpuSeconds = cpuSeconds(cpu);
  t = performance.now();
  cpu = process.cpuUsage();
  const { files } = await exportDataset(store, dataset, 'openai', path.join(dir, 'out'));
  const exportSeconds = (performance.now() - t) / 1000;
  const exportCpuSeconds = cpuSeconds(cpu);
  const ratio = bareSeconds / exportSeconds;
  const sameRecords = sha256(files[0].path) === sha256(bareFile);
  if (!sameRecords)
    throw new Error('the bare loop wrote other records than the export: the reference is not comparable');
  console.log(
    `Export OpenAI JSONL: Trellis ${exportSeconds.toFixed(1)} s (${Math.round(count / exportSeconds)}/s, ${mb(fs.statSync(files[0].path).size)} MiB), ` +
      `bare loop ${bareSeconds.toFixed(1)} s (same bytes); ratio ${ratio.toFixed(2)} (goal ≥ 0.9) ${ratio >= 0.9 ? 'met' : 'NOT met'}; ` +
      `CPU seconds ${exportCpuSeconds.toFixed(1)} vs ${bareCpuSeconds.toFixed(1)} (ratio ${(bareCpuSeconds / exportCpuSeconds).toFixed(2)})`,
  );

  t = performance.now();
  for (const id of ids) store.trajectories.get(id);
  const loadSeconds = (performance.now() - t) / 1000;
  // As datasets.dedup does it: one trajectory at a time, only fingerprints kept. With
  // --expose-gc (npm run bench:curation passes it) the heap is measured after collections.
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  t = performance.now();
  const prints = ids.map((id) => fingerprint(id, store.trajectories.get(id).turns));
  globalThis.gc?.();
  const heapMb = mb(process.memoryUsage().heapUsed - before);
  const clusters = clusterFingerprints(prints, 0.8);
  const dedupSeconds = (performance.now() - t) / 1000 - loadSeconds;
  const duplicates = clusters.reduce((n, c) => n + c.duplicates.length, 0);
  console.log(
    `Near-duplicates over ${count}: ${dedupSeconds.toFixed(1)} s (+ ${loadSeconds.toFixed(1)} s reading, measured apart), ${clusters.length} clusters, ` +
      `${duplicates} duplicates; fingerprints held ${heapMb} MB, peak RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB`,
  );
  store.close();
  console.log(
    JSON.stringify({
      bench: 'curation',
      trajectories: count,
      exportSeconds: +exportSeconds.toFixed(2),
      bareSeconds: +bareSeconds.toFixed(2),
      exportRatio: +ratio.toFixed(3),
      exportCpuSeconds: +exportCpuSeconds.toFixed(2),
      bareCpuSeconds: +bareCpuSeconds.toFixed(2),
      exportCpuRatio: +(bareCpuSeconds / exportCpuSeconds).toFixed(3),
      dedupSeconds: +dedupSeconds.toFixed(2),
      dedupReadSeconds: +loadSeconds.toFixed(2),
      clusters: clusters.length,
      duplicates,
      dedupHeapMb: heapMb,
      peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
