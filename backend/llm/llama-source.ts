/**
 * The llama.cpp source node-llama-cpp ships as a git bundle, unpacked once into its `llama`
 * folder for the native build (node-llama-cpp-builder.ts) and for llama.cpp's own tools
 * (scripts/build-llama-tools.mjs). Unpacking first removes the folder, so two processes that
 * unpack at once break each other: whoever comes second waits for the first, then finds the
 * source there.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The unpacked source is whole once its top CMakeLists.txt is there. */
export const llamaSourceReady = (llamaDir: string): boolean =>
  fs.existsSync(path.join(llamaDir, 'llama.cpp', 'CMakeLists.txt'));

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

function lockOwner(file: string): number {
  try {
    return Number(fs.readFileSync(file, 'utf8')) || 0;
  } catch {
    return 0;
  }
}

function olderThan(file: string, ms: number): boolean {
  try {
    return Date.now() - fs.statSync(file).mtimeMs > ms;
  } catch {
    return false;
  }
}

/**
 * Unpacks the source with `unpack` unless it is there, holding a lock folder in `llamaDir` while
 * it does; a lock left by a process that is gone is taken over. `onWait` hears once that another
 * process holds it.
 */
export async function ensureLlamaSource(
  llamaDir: string,
  unpack: () => Promise<void>,
  { onWait = () => {}, pollMs = 1000 }: { onWait?: (pid: number) => void; pollMs?: number } = {},
): Promise<void> {
  const lock = path.join(llamaDir, '.unpacking.lock');
  const owner = path.join(lock, 'pid');
  let told = false;
  for (;;) {
    if (llamaSourceReady(llamaDir)) return;
    try {
      fs.mkdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = lockOwner(owner);
      // No pid yet: just made, or its maker died before writing it (then it is old).
      if (pid ? !alive(pid) : olderThan(lock, 30_000)) fs.rmSync(lock, { recursive: true, force: true });
      else {
        if (!told && pid) onWait(pid);
        told ||= Boolean(pid);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      continue;
    }
    try {
      fs.writeFileSync(owner, String(process.pid));
      if (!llamaSourceReady(llamaDir)) await unpack();
      return;
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
}
