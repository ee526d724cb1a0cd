import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureLlamaSource, llamaSourceReady } from '../../../backend/llm/llama-source';

const COMPILED = path.join(__dirname, '..', '..', '..', 'dist', 'backend', 'llm', 'llama-source.js');
const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});
const llamaDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-llama-source-'));
  dirs.push(dir);
  return dir;
};
/** What node-llama-cpp's `source download` leaves: the source folder with its CMakeLists.txt. */
const unpackInto = (dir: string) => {
  fs.mkdirSync(path.join(dir, 'llama.cpp'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'llama.cpp', 'CMakeLists.txt'), 'project(llama.cpp)\n');
};

describe('unpacking the bundled llama.cpp source', () => {
  it('unpacks once when asked twice at once, and not at all when the source is there', async () => {
    const dir = llamaDir();
    let unpacks = 0;
    const slowUnpack = async () => {
      unpacks++;
      await new Promise((resolve) => setTimeout(resolve, 200));
      unpackInto(dir);
    };
    await Promise.all([
      ensureLlamaSource(dir, slowUnpack, { pollMs: 20 }),
      ensureLlamaSource(dir, slowUnpack, { pollMs: 20 }),
    ]);
    expect(unpacks).toBe(1);
    await ensureLlamaSource(dir, slowUnpack, { pollMs: 20 });
    expect(unpacks).toBe(1);
    expect(llamaSourceReady(dir)).toBe(true);
    expect(fs.existsSync(path.join(dir, '.unpacking.lock'))).toBe(false);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dir = llamaDir();
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    fs.mkdirSync(path.join(dir, '.unpacking.lock'));
    fs.writeFileSync(path.join(dir, '.unpacking.lock', 'pid'), gone.stdout);
    await ensureLlamaSource(dir, async () => unpackInto(dir), { pollMs: 20 });
    expect(llamaSourceReady(dir)).toBe(true);
  });

  it('leaves no lock behind when unpacking fails, so the next try unpacks', async () => {
    const dir = llamaDir();
    await expect(
      ensureLlamaSource(dir, () => Promise.reject(new Error('source download exited with code 1'))),
    ).rejects.toThrow(/exited with code 1/);
    await ensureLlamaSource(dir, async () => unpackInto(dir));
    expect(llamaSourceReady(dir)).toBe(true);
  });

  it.skipIf(!fs.existsSync(COMPILED))('waits for another process that is unpacking, then uses its source', async () => {
    const dir = llamaDir();
    // Another process (the compiled module, as scripts/build-llama-tools.mjs loads it) unpacks slowly.
    const other = spawn(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(COMPILED)}).ensureLlamaSource(${JSON.stringify(dir)}, async () => {
           console.log('unpacking');
           await new Promise((r) => setTimeout(r, 1500));
           require('node:fs').mkdirSync(${JSON.stringify(path.join(dir, 'llama.cpp'))});
           require('node:fs').writeFileSync(${JSON.stringify(path.join(dir, 'llama.cpp', 'CMakeLists.txt'))}, '');
         })`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(other);
    await new Promise<void>((resolve) => other.stdout!.once('data', () => resolve()));
    const waitedFor: number[] = [];
    let unpackedHere = false;
    await ensureLlamaSource(dir, async () => void (unpackedHere = true), {
      pollMs: 50,
      onWait: (pid) => waitedFor.push(pid),
    });
    expect(waitedFor).toEqual([other.pid]);
    expect(unpackedHere).toBe(false);
    expect(llamaSourceReady(dir)).toBe(true);
  });
});
