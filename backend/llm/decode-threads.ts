/**
 * Which threads of this process decode: node-llama-cpp runs each decode and sampling as a libuv
 * work item, on a thread of libuv's pool. libuv makes all of that pool's threads at once, when the
 * first work item is queued; so the threads that are new after one are the pool. Known only when
 * this process had not queued one before this module was loaded (the helper loads it as it starts);
 * otherwise null, and the helper is kept on its cores whole. Linux only (/proc).
 */
import fs from 'node:fs';

/** The ids of this process's threads now; null where /proc cannot tell. */
export function threadIds(pid = process.pid): number[] | null {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return null;
  }
}

/** Starts libuv's pool and returns what its threads are once known (see `decodeThreads`). */
function watchPool(): () => ReadonlySet<number> | null {
  const before = process.platform === 'linux' ? threadIds() : null;
  let pool: ReadonlySet<number> | null = null;
  if (before)
    // Any work item starts the pool; an asynchronous stat is the smallest.
    fs.stat(__filename, () => {
      const known = new Set(before);
      const fresh = (threadIds() ?? []).filter((tid) => !known.has(tid));
      pool = fresh.length ? new Set(fresh) : null;
    });
  return () => pool;
}

// Watched from when this module is first loaded: the helper loads it (through core-pinning.ts)
// before it queues any work, and an ES-module script has it preloaded (`node --require`).
const watched = watchPool();

/**
 * libuv's pool threads of this process: null until the pool has answered its first work item,
 * and when the pool was running before this module was loaded or /proc cannot tell.
 */
export function decodeThreads(): ReadonlySet<number> | null {
  return watched();
}
