// Runs Electronegativity over the built Electron shell and the UI's HTML; fails on any
// HIGH or MEDIUM finding. Run after "npm run build".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const electronVersion = JSON.parse(
  fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8'),
).version;

const built = path.join(root, 'dist', 'electron');
if (!fs.existsSync(built)) {
  console.error('Nothing to check: run "npm run build" first.');
  process.exit(1);
}

// What ships: the main process, the preload, and the page with its CSP.
const stage = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-eneg-'));
fs.cpSync(built, path.join(stage, 'electron'), { recursive: true, filter: (f) => !f.endsWith('.map') });
// The built page: its CSP comes from backend/hosting/csp.ts at build time.
fs.copyFileSync(path.join(root, 'dist', 'renderer', 'index.html'), path.join(stage, 'index.html'));
fs.writeFileSync(
  path.join(stage, 'package.json'),
  JSON.stringify({ name: pkg.name, devDependencies: { electron: electronVersion } }),
);

const report = path.join(stage, 'report.csv');
const run = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@doyensec/electronegativity/dist/index.js'),
    '-i',
    stage,
    '-r',
    '-e',
    electronVersion,
    '-o',
    report,
  ],
  { encoding: 'utf8' },
);
if (!fs.existsSync(report)) {
  console.error(run.stdout, run.stderr);
  console.error('Electronegativity did not produce a report.');
  process.exit(1);
}
const rows = fs.readFileSync(report, 'utf8').trim().split('\n').slice(1).filter(Boolean);
const serious = rows.filter((row) => /^[^,]+,"(HIGH|MEDIUM)"/.test(row));
for (const row of rows) console.log(row);
fs.rmSync(stage, { recursive: true, force: true });
console.log(
  `Electronegativity on Electron ${electronVersion}: ${rows.length} findings, ${serious.length} HIGH or MEDIUM.`,
);
process.exit(serious.length ? 1 : 0);
