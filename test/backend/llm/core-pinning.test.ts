import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { corePinning, parseCpuList, type PinningDeps } from '../../../backend/llm/core-pinning';

/**
 * A fake taskset over the affinity of a process 42 with threads 42 (main), 43 and 44 (libuv's pool
 * when `decoding` says so); records each call.
 */
function fakeTaskset(start: string, overrides: Partial<PinningDeps> = {}) {
  const affinity = new Map([42, 43, 44].map((tid) => [tid, start]));
  const calls: string[][] = [];
  const deps: PinningDeps = {
    platform: 'linux',
    pid: 42,
    env: {},
    run: (command, args) => {
      calls.push([command, ...args]);
      if (args[0] === '-a') {
        for (const tid of affinity.keys()) affinity.set(tid, args[3]!);
        return { status: 0, stdout: '' };
      }
      if (args.length === 4) {
        affinity.set(Number(args[3]), args[2]!);
        return { status: 0, stdout: '' };
      }
      return { status: 0, stdout: `pid 42's current affinity list: ${affinity.get(42)}\n` };
    },
    decodeThreads: () => null,
    threads: () => [...affinity.keys()],
    ...overrides,
  };
  return { deps, calls, affinity: (tid = 42) => affinity.get(tid) };
}

describe('parseCpuList', () => {
  it('reads ranges and single cores', () => {
    expect(parseCpuList('0-3,6,8-9')).toEqual([0, 1, 2, 3, 6, 8, 9]);
    expect(parseCpuList(' 1\n')).toEqual([1]);
    expect(parseCpuList('')).toEqual([]);
  });
});

describe('corePinning', () => {
  it('keeps the whole helper on the last cores when its decoding threads are not known', () => {
    const taskset = fakeTaskset('0-3');
    expect(corePinning(taskset.deps)(2)).toEqual({ cores: [2, 3], restCores: null });
    expect(taskset.affinity()).toBe('2,3');
    expect(taskset.affinity(44)).toBe('2,3');
    expect(taskset.calls.at(-1)).toEqual(['taskset', '-a', '-c', '-p', '2,3', '42']);
  });

  it('keeps the decoding threads on the last cores and the rest of the helper on the cores before them', () => {
    const taskset = fakeTaskset('0-3', { decodeThreads: () => new Set([43, 44]) });
    expect(corePinning(taskset.deps)(1)).toEqual({ cores: [3], restCores: [0, 1, 2] });
    expect([taskset.affinity(42), taskset.affinity(43), taskset.affinity(44)]).toEqual(['0,1,2', '3', '3']);
  });

  it('keeps the helper whole when asked (TRELLIS_PIN_CORES=whole)', () => {
    const taskset = fakeTaskset('0-3', {
      decodeThreads: () => new Set([43, 44]),
      env: { TRELLIS_PIN_CORES: 'whole' },
    });
    expect(corePinning(taskset.deps)(1)).toEqual({ cores: [3], restCores: null });
    expect(taskset.affinity(42)).toBe('3');
  });

  it('leaves the helper free with as many threads as cores', () => {
    const taskset = fakeTaskset('0-1');
    expect(corePinning(taskset.deps)(2)).toBeNull();
    expect(taskset.affinity()).toBe('0-1');
  });

  it('goes back to every core it started with when a later load asks for more threads', () => {
    const taskset = fakeTaskset('0-3');
    const pin = corePinning(taskset.deps);
    expect(pin(1)).toEqual({ cores: [3], restCores: null });
    expect(pin(2)).toEqual({ cores: [2, 3], restCores: null });
    expect(pin(4)).toBeNull();
    expect(taskset.affinity()).toBe('0,1,2,3');
    const split = fakeTaskset('0-3', { decodeThreads: () => new Set([44]) });
    const again = corePinning(split.deps);
    expect(again(2)).toEqual({ cores: [2, 3], restCores: [0, 1] });
    expect(again(4)).toBeNull();
    expect([split.affinity(42), split.affinity(44)]).toEqual(['0,1,2,3', '0,1,2,3']);
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

const cpusOf = (pid: number, tid: number) =>
  /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8'))![1];
const threadsOf = (pid: number) => fs.readdirSync(`/proc/${pid}/task`).map(Number);
const realRun: PinningDeps['run'] = (command, args) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout };
};
const DECODE_THREADS = path.join(__dirname, '..', '..', '..', 'dist', 'backend', 'llm', 'decode-threads.js');

/**
 * A node process that watches for libuv's pool as the helper does, then prints the pool's threads
 * and the thread an asynchronous readlink of /proc/thread-self ran on (a pool thread), and waits.
 */
function startWatching() {
  const script = `
    const { decodeThreads } = require(${JSON.stringify(DECODE_THREADS)});
    setTimeout(() => require('fs').readlink('/proc/thread-self', (error, link) => {
      console.log(JSON.stringify({ pool: [...(decodeThreads() ?? [])], ranOn: Number(link.split('/').pop()) }));
    }), 50);
    setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const report = new Promise<{ pool: number[]; ranOn: number }>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(JSON.parse(d.toString()) as { pool: number[]; ranOn: number })),
  );
  return { child, report };
}

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
        run: realRun,
        decodeThreads: () => null,
        threads: () => threadsOf(child.pid!),
      });
      const last = startCores.at(-1)!;
      expect(pin(1)).toEqual({ cores: [last], restCores: null });
      // Every thread of the process (node starts several), not only its main one.
      const threads = threadsOf(child.pid!);
      expect(threads.length).toBeGreaterThan(1);
      for (const tid of threads) expect(cpusOf(child.pid!, tid)).toBe(String(last));
      expect(pin(startCores.length)).toBeNull();
      expect(parseCpuList(allowedCores(child.pid!))).toEqual(startCores);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it.skipIf(!fs.existsSync(DECODE_THREADS))(
    "finds libuv's pool as it starts and keeps it apart from the rest of the process (needs dist/)",
    async () => {
      const { child, report } = startWatching();
      try {
        const { pool, ranOn } = await report;
        // libuv's pool has four threads unless told otherwise, and work ran on one of them.
        expect(pool).toHaveLength(4);
        expect(pool).toContain(ranOn);
        expect(pool).not.toContain(child.pid);
        const pin = corePinning({
          platform: 'linux',
          pid: child.pid!,
          env: {},
          run: realRun,
          decodeThreads: () => new Set(pool),
          threads: () => threadsOf(child.pid!),
        });
        const last = startCores.at(-1)!;
        const rest = startCores.slice(0, -1);
        expect(pin(1)).toEqual({ cores: [last], restCores: rest });
        for (const tid of threadsOf(child.pid!))
          expect(parseCpuList(cpusOf(child.pid!, tid)!)).toEqual(pool.includes(tid) ? [last] : rest);
      } finally {
        child.kill('SIGKILL');
      }
    },
  );
});
