/**
 * Keeps the llama helper on as many cores as it has threads, when that is fewer than the machine
 * has. Each generated token passes between two threads of the helper (node-llama-cpp decodes on a
 * libuv worker and samples from the main thread); left free, the scheduler moves them from core to
 * core between tokens, which cost a third of the generation speed on a two-core machine (one thread:
 * 9 ms a token unpinned, 7–8 ms pinned, llama-bench 7–8 ms; bench/model/RESULTS.md). Linux only,
 * through util-linux's `taskset`; anywhere else, or when that fails, nothing changes.
 * TRELLIS_PIN_CORES=off leaves the helper where the scheduler puts it.
 */
import { spawnSync } from 'node:child_process';

export interface PinningDeps {
  platform: NodeJS.Platform;
  pid: number;
  env: NodeJS.ProcessEnv;
  /** Runs a command; returns its exit status and standard output. */
  run(command: string, args: string[]): { status: number | null; stdout: string };
}

const realDeps = (): PinningDeps => ({
  platform: process.platform,
  pid: process.pid,
  env: process.env,
  run: (command, args) => {
    const result = spawnSync(command, args, { encoding: 'utf8', timeout: 5000 });
    return { status: result.status, stdout: result.stdout ?? '' };
  },
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
 * Pins every thread of this process (and those it starts later) to the last `threads` cores it was
 * started with — the first ones are where the rest of the system tends to run — or back to all of
 * them when `threads` is as many or more. Returns the cores it pinned to, or null when the helper
 * runs where the scheduler puts it (not Linux, turned off, as many threads as cores, no taskset).
 */
export function corePinning(deps: PinningDeps = realDeps()): (threads: number) => number[] | null {
  let started: number[] | null | undefined;
  let pinned = false;
  const setAffinity = (cores: number[]) =>
    deps.run('taskset', ['-a', '-c', '-p', cores.join(','), String(deps.pid)]).status === 0;
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
    pinned = setAffinity(cores);
    return pinned ? cores : null;
  };
}
