import { describe, expect, it } from 'vitest';
import {
  availableMemoryBytes,
  chooseWeightsLoading,
  hugePageBytes,
  hugePagesEnv,
  hugePagesInReach,
  type WeightsInput,
} from '../../../backend/llm/weights-loading';

const GiB = 1024 ** 3;
const cpu: WeightsInput = {
  fileBytes: 2 * GiB,
  availableBytes: 16 * GiB,
  gpu: false,
  gpuLayers: 'auto',
  hugePages: true,
  env: {},
};

describe('how the helper loads the weights', () => {
  it('reads them into memory on the CPU when they get huge pages and the file fits twice in available memory', () => {
    expect(chooseWeightsLoading(cpu).useMmap).toBe(false);
    expect(chooseWeightsLoading({ ...cpu, gpu: 'cuda', gpuLayers: 0 }).useMmap).toBe(false);
    expect(chooseWeightsLoading({ ...cpu, availableBytes: 4 * GiB }).useMmap).toBe(false);
  });

  it('maps them where the helper gets no huge pages: on 4 KiB pages reading them in decoded slower', () => {
    const choice = chooseWeightsLoading({ ...cpu, hugePages: false });
    expect(choice.useMmap).toBe(true);
    expect(choice.why).toMatch(/no huge pages/);
  });

  it('knows huge pages are in reach under THP always, or madvise with glibc asking, and never in Electron', () => {
    const asking = { GLIBC_TUNABLES: 'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1' };
    const thp = (mode: string) => () =>
      ['always', 'madvise', 'never'].map((m) => (m === mode ? `[${m}]` : m)).join(' ');
    expect(hugePagesInReach({}, thp('always'), false)).toBe(true);
    expect(hugePagesInReach({}, thp('always'), true)).toBe(false);
    expect(hugePagesInReach(asking, thp('madvise'), false)).toBe(true);
    expect(hugePagesInReach({}, thp('madvise'), false)).toBe(false);
    expect(hugePagesInReach(asking, thp('madvise'), true)).toBe(false);
    expect(hugePagesInReach(asking, thp('never'), false)).toBe(false);
    const noSysfs = () => {
      throw new Error('ENOENT');
    };
    expect(hugePagesInReach(asking, noSysfs, false)).toBe(false);
  });

  it('maps them when the file takes over half of the available memory', () => {
    const choice = chooseWeightsLoading({ ...cpu, availableBytes: 4 * GiB - 1 });
    expect(choice.useMmap).toBe(true);
    expect(choice.why).toMatch(/half of the available memory/);
  });

  it('leaves the choice to node-llama-cpp when layers go to a GPU', () => {
    expect(chooseWeightsLoading({ ...cpu, gpu: 'cuda', gpuLayers: 'max' }).useMmap).toBeUndefined();
    expect(chooseWeightsLoading({ ...cpu, gpu: 'vulkan', gpuLayers: 12 }).useMmap).toBeUndefined();
  });

  it('does as TRELLIS_MMAP says, whatever the rest', () => {
    expect(chooseWeightsLoading({ ...cpu, env: { TRELLIS_MMAP: 'on' } }).useMmap).toBe(true);
    const big = { ...cpu, fileBytes: 100 * GiB, gpu: 'cuda', gpuLayers: 'max' } as const;
    expect(chooseWeightsLoading({ ...big, env: { TRELLIS_MMAP: 'off' } }).useMmap).toBe(false);
  });

  it('reads MemAvailable from /proc/meminfo, and falls back to free memory without one', () => {
    const meminfo = 'MemTotal:       24576000 kB\nMemFree:         1000000 kB\nMemAvailable:   20000000 kB\n';
    expect(availableMemoryBytes(() => meminfo)).toBe(20_000_000 * 1024);
    expect(
      availableMemoryBytes(() => {
        throw new Error('ENOENT');
      }),
    ).toBeGreaterThan(0);
  });

  it('has glibc ask for huge pages in the helper, beside the tunables already set, unless told not to', () => {
    expect(hugePagesEnv({ PATH: '/bin' }, 'linux')).toEqual({ PATH: '/bin', GLIBC_TUNABLES: 'glibc.malloc.hugetlb=1' });
    expect(hugePagesEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, 'linux').GLIBC_TUNABLES).toBe(
      'glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1',
    );
    // The user's own choice of hugetlb stands, and so does TRELLIS_HUGE_PAGES=off; not Linux, nothing.
    expect(hugePagesEnv({ GLIBC_TUNABLES: 'glibc.malloc.hugetlb=0' }, 'linux').GLIBC_TUNABLES).toBe(
      'glibc.malloc.hugetlb=0',
    );
    expect(hugePagesEnv({ TRELLIS_HUGE_PAGES: 'off' }, 'linux').GLIBC_TUNABLES).toBeUndefined();
    expect(hugePagesEnv({}, 'darwin').GLIBC_TUNABLES).toBeUndefined();
  });

  it('reads the bytes on huge pages from smaps_rollup, 0 where it cannot', () => {
    expect(hugePageBytes(() => 'Rss:  392572 kB\nAnonHugePages:   2187264 kB\n')).toBe(2187264 * 1024);
    expect(
      hugePageBytes(() => {
        throw new Error('ENOENT');
      }),
    ).toBe(0);
  });
});
