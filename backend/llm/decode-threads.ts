/**
 * Which threads of this process decode: node-llama-cpp runs each decode and sampling as a libuv
 * work item, on a thread of libuv's pool. libuv makes all of that pool's threads at once, when the
 * first work item is queued; so the threads that are new after one are the pool, and the threads
 * made later are the pool's own (ggml's workers). Known only when
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

/**
 * Starts libuv's pool and returns the threads that decode once known: those made since this module
 * was loaded (the pool's, and those its threads start, such as ggml's OpenMP workers with more than
 * one thread); see `decodeThreads`.
 */
function watchPool(): () => ReadonlySet<number> | null {
  const before = process.platform === 'linux' ? threadIds() : null;
  let poolSeen = false;
  const startup = new Set(before);
  if (before)
    // Any work item starts the pool; an asynchronous stat is the smallest.
    fs.stat(__filename, () => {
      poolSeen = (threadIds() ?? []).some((tid) => !startup.has(tid));
    });
  return () => (poolSeen ? new Set((threadIds() ?? []).filter((tid) => !startup.has(tid))) : null);
}

// Watched from when this module is first loaded: the helper loads it (through core-pinning.ts)
// before it queues any work, and an ES-module script has it preloaded (`node --require`).
const watched = watchPool();

/**
 * The threads of this process that decode: libuv's pool and the threads made after it (the main
 * thread and V8's, made as the process started, are not). Null until the pool has answered its
 * first work item, and when it was running before this module was loaded or /proc cannot tell.
 */
export function decodeThreads(): ReadonlySet<number> | null {
  return watched();
}
