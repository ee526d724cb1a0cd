/**
 * How the helper loads a model's weights: mapped from the file (llama.cpp's default) or read into
 * the helper's own memory, and on which pages. On the CPU every generated token streams all the
 * weights through the cores. The kernel backs a mapped file with 4 KiB pages; memory the helper
 * allocates gets transparent huge pages where the kernel gives them to every process
 * (`/sys/kernel/mm/transparent_hugepage/enabled` = always) or where the allocation asks for them
 * (= madvise, the usual default): glibc's malloc asks when `GLIBC_TUNABLES` holds
 * `glibc.malloc.hugetlb=1`, which the supervisor sets for the helper (`hugePagesEnv`).
 * On the 1b shape, one thread, 32 tokens, THP = madvise (bench/model/RESULTS.md): llama-bench
 * 76–83 ms a token; the helper's decode mapped 109–122, read into memory on 4 KiB pages 160–167,
 * read into memory on huge pages 77–79. Reading costs a copy of the file in memory, so it is chosen
 * only where it gets huge pages, the CPU runs every layer and the file takes at most half of the
 * memory the machine has available; with layers on a GPU node-llama-cpp's own choice stands.
 * TRELLIS_MMAP=on|off decides instead; TRELLIS_HUGE_PAGES=off leaves glibc's malloc as it is.
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
  /** Whether memory this process allocates gets huge pages (`hugePagesInReach`). */
  hugePages: boolean;
  env: NodeJS.ProcessEnv;
}

export function chooseWeightsLoading(input: WeightsInput): WeightsChoice {
  const asked = input.env['TRELLIS_MMAP'];
  if (asked === 'on') return { useMmap: true, why: 'TRELLIS_MMAP=on' };
  if (asked === 'off') return { useMmap: false, why: 'TRELLIS_MMAP=off' };
  const cpuOnly = input.gpu === false || input.gpuLayers === 0;
  if (!cpuOnly) return { useMmap: undefined, why: 'layers on the GPU: node-llama-cpp decides' };
  // Read into memory on 4 KiB pages, the weights decoded slower than mapped (1b: 160 against 115 ms).
  if (!input.hugePages) return { useMmap: true, why: 'no huge pages for the helper: mapped' };
  if (input.fileBytes > input.availableBytes / 2) {
    return { useMmap: true, why: 'the file takes over half of the available memory: mapped' };
  }
  return { useMmap: false, why: 'CPU only, huge pages, and the file fits twice in available memory: read into memory' };
}

/**
 * Whether memory this process allocates gets transparent huge pages: the kernel gives them to
 * every allocation (`always`), or on request (`madvise`) and glibc's malloc asks (the tunable
 * `hugePagesEnv` sets). Never in Electron: its processes route malloc through Chromium's
 * PartitionAlloc shim, which reads no glibc tunable and holds its heap in a pool of bounded size
 * (electron/electron#44291, a native module's large posix_memalign): there the weights stay
 * mapped, node-llama-cpp's default.
 */
export function hugePagesInReach(
  env: NodeJS.ProcessEnv,
  readEnabled: () => string = () => fs.readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'),
  electron: boolean = Boolean(process.versions['electron']),
): boolean {
  if (electron) return false;
  let mode: string | undefined;
  try {
    mode = /\[(\w+)\]/.exec(readEnabled())?.[1];
  } catch {
    return false;
  }
  if (mode === 'always') return true;
  return mode === 'madvise' && /(^|:)glibc\.malloc\.hugetlb=[12]/.test(env['GLIBC_TUNABLES'] ?? '');
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

/**
 * The helper's environment with glibc's malloc asking for transparent huge pages
 * (`glibc.malloc.hugetlb=1`, glibc 2.35 and later; ignored elsewhere), added to any tunables the
 * user set, unless they chose a hugetlb value themselves or TRELLIS_HUGE_PAGES=off.
 */
export function hugePagesEnv(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): NodeJS.ProcessEnv {
  if (platform !== 'linux' || env['TRELLIS_HUGE_PAGES'] === 'off') return env;
  const tunables = env['GLIBC_TUNABLES'] ?? '';
  if (/(^|:)glibc\.malloc\.hugetlb=/.test(tunables)) return env;
  return { ...env, GLIBC_TUNABLES: tunables ? `${tunables}:glibc.malloc.hugetlb=1` : 'glibc.malloc.hugetlb=1' };
}

/** Bytes of this process's memory on transparent huge pages (AnonHugePages), 0 where unknown. */
export function hugePageBytes(
  readRollup: () => string = () => fs.readFileSync('/proc/self/smaps_rollup', 'utf8'),
): number {
  try {
    const match = /^AnonHugePages:\s+(\d+)\s+kB/m.exec(readRollup());
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
