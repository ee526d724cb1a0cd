import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');
const FIXTURE = path.join(__dirname, '..', 'fixtures', 'trajectories', 'sharegpt.jsonl');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('permissions of what Trellis writes', () => {
  it("gives exported files and the folders it makes for them the workspace's permissions", () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    expect(trellis('import', FIXTURE, '--workspace', workspace).code).toBe(0);
    expect(modeOf(workspace)).toBe(0o600);
    const out = path.join(dir, 'exports', 'sharegpt');
    expect(trellis('export', '--format', 'sharegpt', '--out', out, '--workspace', workspace).code).toBe(0);
    const files = fs.readdirSync(out);
    expect(files).toEqual(expect.arrayContaining(['dataset_info.json', 'export.train.jsonl']));
    for (const name of files) expect({ name, mode: modeOf(path.join(out, name)) }).toEqual({ name, mode: 0o600 });
    expect(modeOf(out)).toBe(0o700);

    // A workspace shared with a group: its exports are the group's too, whatever the umask.
    fs.chmodSync(workspace, 0o660);
    const shared = path.join(dir, 'shared');
    expect(trellis('export', '--format', 'openai', '--out', shared, '--workspace', workspace).code).toBe(0);
    for (const name of fs.readdirSync(shared)) expect(modeOf(path.join(shared, name))).toBe(0o660);
  });

  it("makes serve's config folder (and the default workspace in it) its owner's only", async () => {
    const home = path.join(tempDir(), 'trellis-home');
    const child = spawn(process.execPath, [BIN, 'serve', '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TRELLIS_HOME: home },
    });
    stops.push(() => child.kill('SIGKILL'));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect.poll(() => out.includes('\n'), { timeout: 30_000 }).toBe(true);
    expect(JSON.parse(out.split('\n')[0]!)).toMatchObject({ ok: true, workspace: path.join(home, 'default.trellis') });
    expect(modeOf(home)).toBe(0o700);
    expect(modeOf(path.join(home, 'default.trellis'))).toBe(0o600);
    const exited = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGINT');
    await exited;
  });
});
