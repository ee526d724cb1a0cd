import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/helpers/temp';
import { useBrowserAndHosts } from './helpers/fixture';

const e2e = useBrowserAndHosts();

// Where the NVIDIA driver lists its GPUs, Trellis reads that list, not the fake nvidia-smi below.
describe.skipIf(fs.existsSync('/proc/driver/nvidia/gpus'))('Models workspace on a machine with an NVIDIA GPU', () => {
  it('says the GPU goes unused by the CPU binding and offers the CUDA build', async () => {
    const bin = tempDir();
    fs.writeFileSync(path.join(bin, 'nvidia-smi'), '#!/bin/sh\necho "GPU 0: NVIDIA H200 (UUID: GPU-0123abcd)"\n', {
      mode: 0o755,
    });
    // The host (and its model helper) find the fake nvidia-smi first; the GPU is not turned off.
    const saved = { PATH: process.env.PATH, TRELLIS_GPU: process.env.TRELLIS_GPU };
    process.env.PATH = `${bin}${path.delimiter}${saved.PATH}`;
    delete process.env.TRELLIS_GPU;
    const host = await e2e.startHost(path.join(tempDir(), 'gpu.trellis')).finally(() => {
      process.env.PATH = saved.PATH;
      if (saved.TRELLIS_GPU !== undefined) process.env.TRELLIS_GPU = saved.TRELLIS_GPU;
    });
    const page = await e2e.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(host.url);
    await page.getByRole('button', { name: /Trip planning/ }).waitFor();
    await page.keyboard.press('Control+5');
    await page.getByRole('button', { name: 'Check now' }).click();
    const binding = page.getByTestId('llama-binary');
    await binding.waitFor({ timeout: 60_000 });
    if (/BackendCPU only/.test((await binding.textContent()) ?? '')) {
      const notice = page.getByTestId('gpu-unused');
      await notice.waitFor();
      expect(await notice.textContent()).toMatch(
        /NVIDIA GPU \(NVIDIA H200\), but models run on the CPU.*trellis model build --cuda/,
      );
      await notice.getByRole('button', { name: 'Build for CUDA' }).waitFor();
    } else expect(await page.getByTestId('gpu-unused').count()).toBe(0);
  });
});
