import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../backend/backend';
import {
  CUDA_BUILD_COMMAND,
  gpuNotice,
  listNvidiaGpus,
  onceLister,
  parseNvidiaSmiList,
  type GpuLister,
} from '../../../backend/llm/gpu-devices';
import type { LlamaBinary } from '../../../shared/contract/models';
import { prebuiltBindingFolder } from '../../helpers/native-binding';
import { tempDir } from '../../helpers/temp';

const cpuBinary: LlamaBinary = {
  kind: 'prebuilt',
  backend: 'cpu',
  cpuFeatures: ['AVX2'],
  mathCores: 2,
  llamaCpp: 'b1',
  fallbackReason: null,
};

describe('NVIDIA GPUs present', () => {
  it('reads the names nvidia-smi -L prints, without their UUIDs', () => {
    const output =
      'GPU 0: NVIDIA H200 (UUID: GPU-8f2e0c1a-1111-2222-3333-444455556666)\n' +
      'GPU 1: NVIDIA GeForce RTX 4090 (UUID: GPU-aaaa)\n' +
      '  MIG 3g.71gb Device 0: (UUID: MIG-bbbb)\n';
    expect(parseNvidiaSmiList(output)).toEqual(['NVIDIA H200', 'NVIDIA GeForce RTX 4090']);
    expect(parseNvidiaSmiList('')).toEqual([]);
    expect(
      parseNvidiaSmiList('NVIDIA-SMI has failed because it could not communicate with the NVIDIA driver.'),
    ).toEqual([]);
  });

  it.skipIf(fs.existsSync('/proc/driver/nvidia/gpus'))(
    'asks nvidia-smi when the driver lists no GPU in /proc, and finds none where it is missing',
    () => {
      const bin = tempDir();
      const saved = process.env.PATH;
      try {
        process.env.PATH = bin;
        expect(listNvidiaGpus()).toEqual([]);
        fs.writeFileSync(path.join(bin, 'nvidia-smi'), '#!/bin/sh\necho "GPU 0: NVIDIA H200 (UUID: GPU-1)"\n', {
          mode: 0o755,
        });
        expect(listNvidiaGpus()).toEqual(['NVIDIA H200']);
      } finally {
        process.env.PATH = saved;
      }
    },
  );

  it('asks the device list once', () => {
    let asked = 0;
    const list = onceLister(() => (asked++, ['NVIDIA H200']));
    expect([list(), list()]).toEqual([['NVIDIA H200'], ['NVIDIA H200']]);
    expect(asked).toBe(1);
  });
});

describe('the notice when a GPU goes unused', () => {
  it('names the GPU and the CUDA build when the binding runs on the CPU', () => {
    const notice = gpuNotice(cpuBinary, ['NVIDIA H200'], false);
    expect(notice).toMatch(/NVIDIA GPU \(NVIDIA H200\), but models run on the CPU/);
    expect(notice).toContain(CUDA_BUILD_COMMAND);
    expect(gpuNotice({ ...cpuBinary, kind: 'native' }, ['A', 'B'], false)).toMatch(
      /2 NVIDIA GPUs \(A, B\).*native build in use is for the CPU only/,
    );
  });

  it('says nothing without a GPU, with a GPU binding, or with the GPU turned off', () => {
    expect(gpuNotice(cpuBinary, [], false)).toBeNull();
    expect(gpuNotice({ ...cpuBinary, backend: 'cuda' }, ['NVIDIA H200'], false)).toBeNull();
    expect(gpuNotice(cpuBinary, ['NVIDIA H200'], true)).toBeNull();
  });
});

const backends: Backend[] = [];
afterEach(() => {
  for (const b of backends.splice(0)) b.close();
});

function backend(gpuDevices: GpuLister, gpu: 'on' | 'off') {
  const b = createBackend({
    workspace: path.join(tempDir(), 'gpu.trellis'),
    host: 'cli',
    configDir: tempDir(),
    modelEnv: { TRELLIS_GPU: gpu },
    gpuDevices,
  });
  backends.push(b);
  return b;
}

describe.skipIf(!prebuiltBindingFolder())('models.binary with a faked device list (real helper)', () => {
  it('says the GPU goes unused when the binding that loads is CPU only, in models.status too', async () => {
    const b = backend(() => ['NVIDIA H200'], 'on');
    const binary = await b.registry.invoke('models.binary', {});
    // On a machine where node-llama-cpp's prebuilt CUDA binding loads, the GPU is used: no notice.
    if (binary.backend === 'cpu') expect(binary.gpuNotice).toMatch(/NVIDIA H200.*trellis model build --cuda/);
    else expect(binary.gpuNotice).toBeNull();
    expect((await b.registry.invoke('models.status', {})).binary?.gpuNotice).toBe(binary.gpuNotice);
  });

  it('says nothing when the device list is empty or the GPU is turned off', async () => {
    expect((await backend(() => [], 'on').registry.invoke('models.binary', {})).gpuNotice).toBeNull();
    const off = await backend(() => ['NVIDIA H200'], 'off').registry.invoke('models.binary', {});
    expect(off.backend).toBe('cpu');
    expect(off.gpuNotice).toBeNull();
  });
});
