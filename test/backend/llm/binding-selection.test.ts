import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuFeatures } from '../../../backend/llm/llama-runtime';
import { ModelSupervisor } from '../../../backend/llm/supervisor';
import { HELPER, TEST_SETTINGS, tinyModel } from '../../helpers/models';
import { prebuiltBindingFolder, recordNativeBuild } from '../../helpers/native-binding';
import { tempDir } from '../../helpers/temp';

const supervisors: ModelSupervisor[] = [];
afterEach(async () => {
  for (const s of supervisors.splice(0)) await s.stop();
});

/** A helper over the built script, CPU only, reading the native build record `nativeRecord`. */
function helperWith(nativeRecord: string): ModelSupervisor {
  const s = new ModelSupervisor({ helperPath: HELPER, env: { TRELLIS_GPU: 'off' }, nativeRecord });
  supervisors.push(s);
  return s;
}

const prebuilt = prebuiltBindingFolder();

describe.skipIf(!prebuilt)('which llama.cpp binding the helper runs (real helper process)', () => {
  it('runs the prebuilt binding when no native build is recorded, and says what it uses', async () => {
    const binary = await helperWith(path.join(tempDir(), 'native-build.json')).binary();
    expect(binary).toMatchObject({ kind: 'prebuilt', backend: 'cpu', fallbackReason: null });
    expect(binary.mathCores).toBeGreaterThanOrEqual(1);
    expect(binary.llamaCpp).toMatch(/\S/);
    if (process.arch === 'x64') expect(binary.cpuFeatures).toContain('SSE3');
    // The prebuilt binding ships one ggml CPU library per CPU level and loads the best at start.
    if (process.platform === 'linux' && process.arch === 'x64') expect(binary.cpuVariant).toMatch(/^[a-z0-9_]+$/);
  });

  it('runs the recorded native build from Trellis’s folder, and a model loads and generates on it', async () => {
    const folder = path.join(tempDir(), 'native');
    fs.cpSync(prebuilt!, folder, { recursive: true });
    const s = helperWith(recordNativeBuild(tempDir(), folder));
    expect(await s.binary()).toMatchObject({ kind: 'native', backend: 'cpu', fallbackReason: null });
    await s.load(tinyModel(), TEST_SETTINGS);
    const result = await s.generate({ prompt: 'Book the flight', chat: false, maxTokens: 8, temperature: 0 });
    expect(result.text.length).toBeGreaterThan(0);
    expect((await s.state())?.binary).toMatchObject({ kind: 'native' });
  });

  it('falls back to the prebuilt binding, saying why, when the native build fails to load', async () => {
    const folder = path.join(tempDir(), 'broken');
    fs.cpSync(prebuilt!, folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'llama-addon.node'), 'not a shared library');
    const s = helperWith(recordNativeBuild(tempDir(), folder));
    const binary = await s.binary();
    expect(binary.kind).toBe('prebuilt');
    expect(binary.fallbackReason).toContain(`The native build in ${folder} failed to load`);
    expect(binary.fallbackReason).toContain('the prebuilt binding runs instead');
    // The model still runs, on the prebuilt binding.
    await s.load(tinyModel(), TEST_SETTINGS);
    expect(
      (await s.generate({ prompt: 'Plan', chat: false, maxTokens: 4, temperature: 0 })).text.length,
    ).toBeGreaterThan(0);
  });

  it('does not load a native build made on another CPU (it could crash on instructions this one lacks)', async () => {
    const file = recordNativeBuild(tempDir(), prebuilt!, {
      cpu: { arch: process.arch, model: 'Some Other CPU', flags: '0000' },
    });
    const binary = await helperWith(file).binary();
    expect(binary.kind).toBe('prebuilt');
    expect(binary.fallbackReason).toMatch(/made on another CPU \(Some Other CPU\)/);
  });
});

describe('CPU features from llama.cpp’s system info', () => {
  it('lists the CPU section’s features that are on', () => {
    expect(
      cpuFeatures(
        'CPU : SSE3 = 1 | AVX = 1 | AVX512 = 0 | AVX512_BF16 = 1 | LLAMAFILE = 1 | OPENMP = 1 | REPACK = 1 | ',
      ),
    ).toEqual(['SSE3', 'AVX', 'AVX512_BF16', 'LLAMAFILE', 'OPENMP', 'REPACK']);
    expect(cpuFeatures('CUDA : ARCHS = 900 | USE_GRAPHS = 1 | CPU : AVX2 = 1 | FMA = 1 |')).toEqual(['AVX2', 'FMA']);
    expect(cpuFeatures('')).toEqual([]);
  });
});
