// `npm start`: the Electron app where Electron's binary can be had, the web host otherwise.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'package.json'));
const passArgs = process.argv.slice(2);

function electronBinary() {
  try {
    const binary = require('electron');
    return fs.existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** Electron's own installer fetches the binary on first start; it needs GitHub to be reachable. */
function installElectron() {
  console.log('Trellis: fetching Electron’s binary (first start only)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/electron/install.js')], {
    cwd: path.join(root, 'node_modules/electron'),
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status === 0 && electronBinary()) return { ok: true };
  const reason = `${result.stderr || result.stdout || result.error?.message || ''}`
    .trim()
    .split('\n')
    .find((l) => /error/i.test(l));
  return { ok: false, reason: reason ?? `the installer exited with ${result.status}` };
}

/** better-sqlite3 built for Electron's ABI, beside (not instead of) the Node build tests use. */
function ensureElectronSqlite() {
  const version = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/electron/package.json'), 'utf8')).version;
  const target = path.join(root, 'build', 'native', `electron-${version}`, 'better_sqlite3.node');
  if (fs.existsSync(target)) return { ok: true };
  console.log(`Trellis: building the SQLite module for Electron ${version} (first start only)…`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-sqlite-'));
  fs.cpSync(path.join(root, 'node_modules/better-sqlite3'), work, {
    recursive: true,
    filter: (f) => !f.includes(`${path.sep}build${path.sep}`),
  });
  const npmGyp =
    process.env.npm_execpath &&
    path.join(path.dirname(process.env.npm_execpath), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js');
  const gyp = npmGyp && fs.existsSync(npmGyp) ? [process.execPath, npmGyp] : ['npx', 'node-gyp'];
  const result = spawnSync(
    gyp[0],
    [
      ...gyp.slice(1),
      'rebuild',
      '--release',
      `--target=${version}`,
      `--arch=${process.arch}`,
      '--dist-url=https://electronjs.org/headers',
    ],
    {
      cwd: work,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) return { ok: false, reason: 'node-gyp could not build better-sqlite3 for Electron' };
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(path.join(work, 'build', 'Release', 'better_sqlite3.node'), target);
  fs.rmSync(work, { recursive: true, force: true });
  return { ok: true };
}

function run(command, args) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function startWebHost(why) {
  console.log(`\nTrellis: ${why}`);
  console.log('Starting the web host instead: the same app in your browser. Open the URL below.\n');
  run(process.execPath, [path.join(root, 'bin/trellis.js'), 'serve', ...passArgs]);
}

let binary = electronBinary();
if (!binary) {
  const installed = installElectron();
  if (installed.ok) binary = electronBinary();
  else
    startWebHost(`Electron’s binary could not be downloaded (${installed.reason}), so the desktop window cannot open.`);
}
if (binary) {
  const sqlite = ensureElectronSqlite();
  if (sqlite.ok) run(binary, [root, ...passArgs]);
  else startWebHost(`${sqlite.reason}, so the desktop app cannot open its workspace.`);
}
