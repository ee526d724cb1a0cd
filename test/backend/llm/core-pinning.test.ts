import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { corePinning, parseCpuList, type PinningDeps } from '../../../backend/llm/core-pinning';

/** A fake taskset over an affinity list it keeps; records each call. */
function fakeTaskset(start: string, overrides: Partial<PinningDeps> = {}) {
  let affinity = start;
  const calls: string[][] = [];
  const deps: PinningDeps = {
    platform: 'linux',
    pid: 42,
    env: {},
    run: (command, args) => {
      calls.push([command, ...args]);
      if (args[0] === '-a') {
        affinity = args[3]!;
        return { status: 0, stdout: '' };
      }
      return { status: 0, stdout: `pid 42's current affinity list: ${affinity}\n` };
    },
    ...overrides,
  };
  return { deps, calls, affinity: () => affinity };
}

describe('parseCpuList', () => {
  it('reads ranges and single cores', () => {
    expect(parseCpuList('0-3,6,8-9')).toEqual([0, 1, 2, 3, 6, 8, 9]);
    expect(parseCpuList(' 1\n')).toEqual([1]);
    expect(parseCpuList('')).toEqual([]);
  });
});

describe('corePinning', () => {
  it('keeps fewer threads than cores on the last cores', () => {
    const taskset = fakeTaskset('0-3');
    expect(corePinning(taskset.deps)(2)).toEqual([2, 3]);
    expect(taskset.affinity()).toBe('2,3');
    expect(taskset.calls.at(-1)).toEqual(['taskset', '-a', '-c', '-p', '2,3', '42']);
  });

  it('leaves the helper free with as many threads as cores', () => {
    const taskset = fakeTaskset('0-1');
    expect(corePinning(taskset.deps)(2)).toBeNull();
    expect(taskset.affinity()).toBe('0-1');
  });

  it('goes back to every core it started with when a later load asks for more threads', () => {
    const taskset = fakeTaskset('0-3');
    const pin = corePinning(taskset.deps);
    expect(pin(1)).toEqual([3]);
    expect(pin(2)).toEqual([2, 3]);
    expect(pin(4)).toBeNull();
    expect(taskset.affinity()).toBe('0,1,2,3');
  });

  it('does nothing off Linux, when turned off, or without taskset', () => {
    expect(corePinning(fakeTaskset('0-3', { platform: 'darwin' }).deps)(1)).toBeNull();
    const off = fakeTaskset('0-3', { env: { TRELLIS_PIN_CORES: 'off' } });
    expect(corePinning(off.deps)(1)).toBeNull();
    expect(off.calls).toEqual([]);
    expect(corePinning(fakeTaskset('0-3', { run: () => ({ status: null, stdout: '' }) }).deps)(1)).toBeNull();
  });
});

const allowedCores = (pid: number) =>
  /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]!;
const hasTaskset = process.platform === 'linux' && spawnSync('taskset', ['--version']).status === 0;
const startCores = hasTaskset ? parseCpuList(allowedCores(process.pid)) : [];

describe.skipIf(!hasTaskset || startCores.length < 2)('corePinning with the real taskset (Linux, 2+ cores)', () => {
  it('pins every thread of a running process and can release it', async () => {
    // Started and running its event loop (with its worker threads) before it is pinned.
    const child = spawn(process.execPath, ['-e', 'console.log("ready"); setInterval(() => {}, 1000)'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const pin = corePinning({
        platform: 'linux',
        pid: child.pid!,
        env: {},
        run: (command, args) => {
          const result = spawnSync(command, args, { encoding: 'utf8' });
          return { status: result.status, stdout: result.stdout };
        },
      });
      const last = startCores.at(-1)!;
      expect(pin(1)).toEqual([last]);
      // Every thread of the process (node starts several), not only its main one.
      const threads = fs.readdirSync(`/proc/${child.pid}/task`);
      expect(threads.length).toBeGreaterThan(1);
      for (const tid of threads)
        expect(
          /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync(`/proc/${child.pid}/task/${tid}/status`, 'utf8'))![1],
        ).toBe(String(last));
      expect(pin(startCores.length)).toBeNull();
      expect(parseCpuList(allowedCores(child.pid!))).toEqual(startCores);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
