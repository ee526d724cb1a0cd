import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nativeBuildsDir } from '../../backend/llm/native-build';
import { prebuiltBindingFolder, recordNativeBuild } from '../helpers/native-binding';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

/** `trellis` with its own config folder (where native builds are recorded) and no GPU. */
function trellis(home: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const workspace = args.length > 1 ? ['--workspace', path.join(home, 'w.trellis')] : [];
  const result = spawnSync(process.execPath, [BIN, ...args, ...workspace], {
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, TRELLIS_HOME: home, TRELLIS_GPU: 'off', ...env },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const prebuilt = prebuiltBindingFolder();

describe('trellis model', () => {
  it('lists its two verbs', () => {
    const { code, err } = trellis(tempDir(), ['model']);
    expect(code).toBe(2);
    expect(err).toMatch(/Usage: trellis model <build\|info>/);
  });

  it.skipIf(!prebuilt)('info says the recorded native build runs, with its backend and CPU features', () => {
    const home = tempDir();
    const folder = path.join(home, 'llama', 'native');
    fs.cpSync(prebuilt!, folder, { recursive: true });
    recordNativeBuild(nativeBuildsDir(home), folder);
    const { code, out } = trellis(home, ['model', 'info', '--json']);
    expect(code).toBe(0);
    const info = JSON.parse(out) as { binary: { kind: string; backend: string }; native: { folder: string } };
    expect(info.binary).toMatchObject({ kind: 'native', backend: 'cpu' });
    expect(info.native.folder).toBe(folder);
  });

  it.skipIf(!prebuilt)('build without cmake fails before compiling, says what to install, and changes nothing', () => {
    const home = tempDir();
    const { code, err } = trellis(home, ['model', 'build', '--cpu'], { PATH: path.join(home, 'no-tools') });
    expect(code).toBe(1);
    expect(err).toMatch(/E5005 Native build failed: Building the cpu binding failed: cmake was not found on PATH/);
    expect(err).toMatch(/The prebuilt binding stays in use/);
    expect(fs.existsSync(path.join(nativeBuildsDir(home), 'native-build.json'))).toBe(false);
    const info = trellis(home, ['model', 'info']);
    expect(info.out).toMatch(/^Runs: prebuilt, cpu, /m);
    expect(info.out).toMatch(/Native build: none/);
  });
});
