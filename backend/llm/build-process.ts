/**
 * Runs one step of a build (cmake, node-llama-cpp's CLI) as a child process at low priority, in a
 * process group of its own so a cancel stops the compilers with it, handing each output line
 * and the progress it shows to the build's IO.
 */
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import { buildProgress } from '../../shared/text';
import type { NativeBuildIO } from './native-build';

export { buildProgress };

// eslint-disable-next-line no-control-regex -- terminal colours and cursor moves in the build output
const ANSI = /\u001b\[[0-9;?]*[A-Za-z]/g;

export interface BuildStep {
  command: string;
  args: string[];
  /** What the output line before the step shows: `$ cmake --build …`. */
  shown: string;
  env?: NodeJS.ProcessEnv;
  /** Maps the step's own progress (0…1) into the whole build's. */
  progress?: (fraction: number) => number;
}

export function runBuildStep(step: BuildStep, io: NativeBuildIO): Promise<void> {
  return new Promise((resolve, reject) => {
    io.onLine(`$ ${step.shown}`);
    const child = spawn(step.command, step.args, {
      env: { ...process.env, ...step.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    });
    if (child.pid) {
      try {
        os.setPriority(child.pid, 19);
      } catch {
        // Not allowed here: the build runs at normal priority.
      }
    }
    const stop = () => {
      if (!child.pid || child.exitCode !== null) return;
      if (process.platform === 'win32') spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F']);
      else {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    };
    io.signal.addEventListener('abort', stop, { once: true });
    if (io.signal.aborted) stop();
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).replace(ANSI, '').split(/\r\n|\n|\r/);
        rest = lines.pop() ?? '';
        for (const line of lines) {
          if (!line.trim()) continue;
          io.onLine(line);
          const fraction = buildProgress(line);
          if (fraction !== null) io.onProgress(step.progress ? step.progress(fraction) : fraction);
        }
      });
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      io.signal.removeEventListener('abort', stop);
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${step.shown.split(' ').slice(0, 3).join(' ')} ${signal ? `was killed (${signal})` : `exited with code ${code}`}`,
          ),
        );
    });
  });
}

export const commandExists = (command: string): boolean =>
  spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0;
