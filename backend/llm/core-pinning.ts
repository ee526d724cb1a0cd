/**
 * Keeps the llama helper's decoding on as many cores as it has threads, when that is fewer than the
 * machine has. Each generated token passes between two threads of the helper (node-llama-cpp decodes
 * and samples on a libuv worker, and hands each token to the main thread); left free, the scheduler
 * moves them from core to core between tokens, which cost a third of the generation speed on a
 * two-core machine (one thread: 9 ms a token unpinned, 7–8 ms pinned, llama-bench 7–8 ms;
 * bench/model/RESULTS.md). Where the decoding threads are known (decode-threads.ts), they alone get
 * the last cores and the rest of the helper (JavaScript, V8's collector) the cores before them, so
 * that work between and during decodes does not take the decoding core (on the small model 3–7 % of
 * a token's time; RESULTS.md, 2026-12-04); otherwise the whole helper is kept on the last cores.
 * Linux only, through util-linux's `taskset`; anywhere else, or when that fails, nothing changes.
 * TRELLIS_PIN_CORES=off leaves the helper where the scheduler puts it, `whole` keeps it on the last
 * cores whole.
 */
import { spawnSync } from 'node:child_process';
import { decodeThreads, threadIds } from './decode-threads';

export interface PinningDeps {
  platform: NodeJS.Platform;
  pid: number;
  env: NodeJS.ProcessEnv;
  /** Runs a command; returns its exit status and standard output. */
  run(command: string, args: string[]): { status: number | null; stdout: string };
  /** The process's threads that decode (libuv's pool), when known. */
  decodeThreads(): ReadonlySet<number> | null;
  /** Every thread of the process now. */
  threads(): number[] | null;
}

/** Where the helper's threads are kept: the decoding ones, and the rest when apart from them. */
export interface Pinned {
  cores: number[];
  /** The cores of every other thread (null: the whole helper is on `cores`). */
  restCores: number[] | null;
}

const realDeps = (): PinningDeps => ({
  platform: process.platform,
  pid: process.pid,
  env: process.env,
  run: (command, args) => {
    const result = spawnSync(command, args, { encoding: 'utf8', timeout: 5000 });
    return { status: result.status, stdout: result.stdout ?? '' };
  },
  decodeThreads,
  threads: () => threadIds(),
});

/** `0-3,6,8-9` → [0,1,2,3,6,8,9]. */
export function parseCpuList(list: string): number[] {
  const cpus: number[] = [];
  for (const part of list.trim().split(',')) {
    const range = /^(\d+)(?:-(\d+))?$/.exec(part.trim());
    if (!range) continue;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    for (let cpu = from; cpu <= to; cpu++) cpus.push(cpu);
  }
  return cpus;
}

/**
 * Pins the decoding threads of this process (and those they start later: ggml's, with more than one
 * thread) to the last `threads` cores it was started with — the first ones are where the rest of the
 * system tends to run — and its other threads to the cores before them; or the whole process to the
 * last cores, when its decoding threads are not known (or `whole` is asked); or back to all of them
 * when `threads` is as many or more. Returns where it pinned, or null when the helper runs where the
 * scheduler puts it (not Linux, turned off, as many threads as cores, no taskset).
 */
export function corePinning(deps: PinningDeps = realDeps()): (threads: number) => Pinned | null {
  let started: number[] | null | undefined;
  let pinned = false;
  const setAffinity = (cores: number[], tid = deps.pid, all = true) =>
    deps.run('taskset', [...(all ? ['-a'] : []), '-c', '-p', cores.join(','), String(tid)]).status === 0;
  /** Decoding threads on `cores`, the rest on `rest`; false (the whole process on `cores`) if any fails. */
  const split = (cores: number[], rest: number[]): boolean => {
    const decoding = deps.env['TRELLIS_PIN_CORES'] === 'whole' ? null : deps.decodeThreads();
    const threads = decoding && deps.threads();
    if (!decoding || !threads || !threads.some((tid) => decoding.has(tid))) return false;
    return threads.every((tid) => setAffinity(decoding.has(tid) ? cores : rest, tid, false));
  };
  return (threads) => {
    if (deps.platform !== 'linux' || deps.env['TRELLIS_PIN_CORES'] === 'off') return null;
    if (started === undefined) {
      const current = deps.run('taskset', ['-c', '-p', String(deps.pid)]);
      // "pid 123's current affinity list: 0-3"
      started = current.status === 0 ? parseCpuList(current.stdout.slice(current.stdout.lastIndexOf(':') + 1)) : null;
    }
    if (!started?.length) return null;
    if (threads < 1 || started.length <= threads) {
      if (pinned && setAffinity(started)) pinned = false;
      return null;
    }
    const cores = started.slice(started.length - threads);
    const rest = started.slice(0, started.length - threads);
    if (split(cores, rest)) {
      pinned = true;
      return { cores, restCores: rest };
    }
    pinned = setAffinity(cores);
    return pinned ? { cores, restCores: null } : null;
  };
}
