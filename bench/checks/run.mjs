// bench:checks — Trellis's checks of N imported trajectories (default 100,000, ~1M turns), each
// against the tools its own record declares (24 distinct sets), against a bare ajv loop over the
// same calls in the same run: the same trajectories read from the store the same way, each call's
// arguments validated by ajv against its tool's parameter schema (compiled once per set, as
// Trellis does), a call of an undeclared tool counted. What Trellis adds is the rest of its
// checks: pairing of calls and results, repeated calls, grounding of values in what was said,
// the final answer. Prints trajectories checked per second for both and their ratio; reading
// alone is measured apart. The last line is one JSON object with the figures.
// Usage: npm run bench:checks [-- --count 100000] [--quick]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generate } from '../import/generate.mjs';
import { arg } from '../args.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const Ajv = require('ajv');
const addFormats = require('ajv-formats');
const { openWorkspaceStore } = require(path.join(root, 'dist/backend/store/workspace-store.js'));
const { importTrajectoryFile } = require(path.join(root, 'dist/backend/trajectories/import-file.js'));
const { createChecker } = require(path.join(root, 'dist/backend/checks/checker.js'));

const count = Number(arg('count', 100_000, 300));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-bench-checks-'));

/** CPU seconds (user and system) since `from`: what a busy shared machine moves less than wall time. */
const cpuSeconds = (from) => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1e6;
};

/** The reference: ajv over every call, validators compiled once per tool set. */
function bareAjvChecks(store, ids) {
  const sets = new Map();
  let calls = 0;
  let problems = 0;
  for (const id of ids) {
    const t = store.trajectories.get(id);
    let validators = sets.get(t.toolSet);
    if (!validators) {
      const ajv = new (Ajv.default ?? Ajv)({ strict: false, allErrors: true });
      (addFormats.default ?? addFormats)(ajv);
      const tools = t.toolSet ? store.toolSets.get(t.toolSet) : [];
      validators = new Map(tools.map((tool) => [tool.name, ajv.compile(tool.parameters)]));
      sets.set(t.toolSet, validators);
    }
    for (const turn of t.turns)
      for (const call of turn.toolCalls ?? []) {
        calls++;
        const validate = validators.get(call.name);
        if (!validate) problems++;
        else if (!validate(call.args)) problems += validate.errors.length;
      }
  }
  return { calls, problems };
}

try {
  const file = path.join(dir, 'data.jsonl');
  generate(file, count);
  const store = openWorkspaceStore(path.join(dir, 'bench.trellis'));
  let t = performance.now();
  await importTrajectoryFile(store, { file, mode: 'strict' });
  fs.rmSync(file);
  console.log(`Imported ${count} trajectories in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const ids = store.trajectories.allIds().map((r) => r.id);

  t = performance.now();
  for (const id of ids) store.trajectories.get(id);
  const readSeconds = (performance.now() - t) / 1000;

  t = performance.now();
  let cpu = process.cpuUsage();
  const bare = bareAjvChecks(store, ids);
  const bareSeconds = (performance.now() - t) / 1000;
  const bareCpuSeconds = cpuSeconds(cpu);

  t = performance.now();
  cpu = process.cpuUsage();
  const checker = createChecker(store);
  let findings = 0;
  let schemaFindings = 0;
  const against = {};
  for (const id of ids) {
    const trajectory = store.trajectories.get(id);
    const found = checker(trajectory);
    findings += found.length;
    for (const f of found) if (f.code === 'schema-violation' || f.code === 'unknown-tool') schemaFindings++;
    const basis = checker.basis(trajectory);
    against[basis] = (against[basis] ?? 0) + 1;
  }
  const trellisSeconds = (performance.now() - t) / 1000;
  const trellisCpuSeconds = cpuSeconds(cpu);
  store.close();

  const ratio = bareSeconds / trellisSeconds;
  console.log(
    `Checks against their own tools: Trellis ${trellisSeconds.toFixed(1)} s (${Math.round(count / trellisSeconds)} trajectories/s, ` +
      `${findings} findings), bare ajv loop ${bareSeconds.toFixed(1)} s (${Math.round(count / bareSeconds)}/s, ${bare.calls} calls, ` +
      `${bare.problems} problems); both include ${readSeconds.toFixed(1)} s of reading; ratio ${ratio.toFixed(2)}`,
  );
  if (schemaFindings !== bare.problems)
    throw new Error(`Trellis found ${schemaFindings} schema and unknown-tool findings, the bare loop ${bare.problems}`);
  console.log(
    JSON.stringify({
      bench: 'checks',
      trajectories: count,
      calls: bare.calls,
      against,
      readSeconds: +readSeconds.toFixed(2),
      bareSeconds: +bareSeconds.toFixed(2),
      trellisSeconds: +trellisSeconds.toFixed(2),
      bareChecksPerSecond: Math.round(count / bareSeconds),
      trellisChecksPerSecond: Math.round(count / trellisSeconds),
      ratio: +ratio.toFixed(3),
      bareCpuSeconds: +bareCpuSeconds.toFixed(2),
      trellisCpuSeconds: +trellisCpuSeconds.toFixed(2),
      cpuRatio: +(bareCpuSeconds / trellisCpuSeconds).toFixed(3),
      findings,
      schemaFindings,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
