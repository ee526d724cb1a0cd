/**
 * How the helper loads a model's weights: mapped from the file (llama.cpp's default) or read into
 * the helper's own memory. On the CPU every generated token streams all the weights through the
 * cores, and the kernel backs a mapped file with 4 KiB pages while the helper's own memory gets
 * transparent huge pages: on the 1b shape, one thread, llama-bench took 75–93 ms a token mapped and
 * 61 ms read into memory, the helper's decode 78–145 ms and 62 ms (bench/model/RESULTS.md).
 * Reading costs a copy of the file in memory, so it is chosen only where the CPU runs every layer
 * and the file takes at most half of the memory the machine has available; with layers on a GPU
 * node-llama-cpp's own choice stands. TRELLIS_MMAP=on|off decides instead.
 */
import fs from 'node:fs';
import os from 'node:os';

export type WeightsLoading = 'mapped' | 'in-memory';

export interface WeightsChoice {
  /** Passed to node-llama-cpp's `useMmap`; undefined leaves its own choice. */
  useMmap: boolean | undefined;
  why: string;
}

export interface WeightsInput {
  fileBytes: number;
  /** Memory the machine has available now (MemAvailable on Linux). */
  availableBytes: number;
  /** The runtime's GPU, false for the CPU binding. */
  gpu: string | false;
  gpuLayers: 'auto' | 'max' | number;
  env: NodeJS.ProcessEnv;
}

export function chooseWeightsLoading(input: WeightsInput): WeightsChoice {
  const asked = input.env['TRELLIS_MMAP'];
  if (asked === 'on') return { useMmap: true, why: 'TRELLIS_MMAP=on' };
  if (asked === 'off') return { useMmap: false, why: 'TRELLIS_MMAP=off' };
  const cpuOnly = input.gpu === false || input.gpuLayers === 0;
  if (!cpuOnly) return { useMmap: undefined, why: 'layers on the GPU: node-llama-cpp decides' };
  if (input.fileBytes > input.availableBytes / 2) {
    return { useMmap: true, why: 'the file takes over half of the available memory: mapped' };
  }
  return { useMmap: false, why: 'CPU only, and the file fits twice in available memory: read into memory' };
}

/** MemAvailable from /proc/meminfo, where there is one; otherwise the free memory Node reports. */
export function availableMemoryBytes(
  readMeminfo: () => string = () => fs.readFileSync('/proc/meminfo', 'utf8'),
): number {
  try {
    const match = /^MemAvailable:\s+(\d+)\s+kB/m.exec(readMeminfo());
    if (match) return Number(match[1]) * 1024;
  } catch {
    // Not Linux: below.
  }
  return os.freemem();
}
