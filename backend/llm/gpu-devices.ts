/**
 * Which GPUs this machine has, apart from what the llama.cpp binding can use: node-llama-cpp
 * (with `build: 'never'`) quietly runs on the CPU when no GPU binding it may load fits, so a
 * user with an NVIDIA GPU would get CPU speed without a word. Knowing the GPU is there, the
 * backend says so and names the build that would use it.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { LlamaBinary } from '../../shared/contract/models';

/** The GPUs present, by name (`NVIDIA H200`); empty when there are none. Tests pass a fake. */
export type GpuLister = () => string[];

/** `GPU 0: NVIDIA H200 (UUID: GPU-…)` lines, as `nvidia-smi -L` prints them → the names. */
export function parseNvidiaSmiList(output: string): string[] {
  return output
    .split('\n')
    .map((line) => /^GPU \d+:\s*(.+?)(?:\s*\(UUID:[^)]*\))?\s*$/.exec(line.trim())?.[1])
    .filter((name): name is string => Boolean(name));
}

/** The NVIDIA driver's own list (Linux): one folder per GPU, its `information` file naming the model. */
function fromDriver(dir = '/proc/driver/nvidia/gpus'): string[] {
  try {
    return fs.readdirSync(dir).map((bus) => {
      try {
        const information = fs.readFileSync(path.join(dir, bus, 'information'), 'utf8');
        return /^Model:\s*(.+?)\s*$/m.exec(information)?.[1] ?? `NVIDIA GPU at ${bus}`;
      } catch {
        return `NVIDIA GPU at ${bus}`;
      }
    });
  } catch {
    return [];
  }
}

/** NVIDIA GPUs: the driver's /proc files, else `nvidia-smi -L`; none where neither answers. */
export const listNvidiaGpus: GpuLister = () => {
  const listed = fromDriver();
  if (listed.length) return listed;
  try {
    const output = execFileSync('nvidia-smi', ['-L'], {
      encoding: 'utf8',
      timeout: 5000,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return parseNvidiaSmiList(output);
  } catch {
    return [];
  }
};

/** Asks once: the devices do not change while the app runs, and nvidia-smi takes a moment. */
export function onceLister(list: GpuLister): GpuLister {
  let found: string[] | null = null;
  return () => (found ??= list());
}

/** The command that builds a binding which uses an NVIDIA GPU. */
export const CUDA_BUILD_COMMAND = 'trellis model build --cuda';

/**
 * What to tell the user when this machine has a GPU and the binding that runs cannot use it;
 * null when there is no GPU, the binding uses one, or the GPU is turned off (TRELLIS_GPU=off:
 * the binding then runs on the CPU by choice, whatever it supports).
 */
export function gpuNotice(binary: LlamaBinary, gpus: string[], gpuOff: boolean): string | null {
  if (!gpus.length || gpuOff || binary.backend !== 'cpu') return null;
  const named = gpus.length === 1 ? `an NVIDIA GPU (${gpus[0]})` : `${gpus.length} NVIDIA GPUs (${gpus.join(', ')})`;
  const which = binary.kind === 'native' ? 'the native build in use is for the CPU only' : 'no GPU binding loaded';
  return (
    `This machine has ${named}, but models run on the CPU: ${which}. ` +
    `Build the binding with CUDA to use the GPU: ${CUDA_BUILD_COMMAND} (or Build for CUDA in Models; ` +
    'needs the CUDA toolkit and many minutes).'
  );
}
