import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commandExists } from '../../../backend/llm/build-process';
import { cpuLibraryBuildFits, cpuLibraryBuilder, defaultNativeBuilder } from '../../../backend/llm/cpu-library-builder';
import { NativeBuilds, type NativeBuilder, type NativeBuildIO } from '../../../backend/llm/native-build';
import { NATIVE_CALL_ADDON } from '../../../backend/llm/native-call-builder';
import { ModelSupervisor } from '../../../backend/llm/supervisor';
import { HELPER, TEST_SETTINGS, tinyModel } from '../../helpers/models';
import { prebuiltBindingFolder } from '../../helpers/native-binding';
import { tempDir } from '../../helpers/temp';

const supervisors: ModelSupervisor[] = [];
afterEach(async () => {
  for (const s of supervisors.splice(0)) await s.stop();
});
const helperWith = (nativeRecord: string) => {
  const s = new ModelSupervisor({ helperPath: HELPER, env: { TRELLIS_GPU: 'off' }, nativeRecord });
  supervisors.push(s);
  return s;
};

function io(signal = new AbortController().signal) {
  const seen = { lines: [] as string[], progress: [] as number[] };
  const value: NativeBuildIO = {
    onLine: (line) => void seen.lines.push(line),
    onProgress: (fraction) => void seen.progress.push(fraction),
    signal,
  };
  return { io: value, seen };
}

describe('which builder a build runs', () => {
  it('builds the CPU library alone for the CPU where the prebuilt binding ships variants, the whole binding otherwise', async () => {
    const calls: string[] = [];
    const whole: NativeBuilder = async (backend) => {
      calls.push(`whole ${backend}`);
      return { folder: '/nowhere', llamaCpp: 'test' };
    };
    await defaultNativeBuilder(whole)('cuda', io().io);
    expect(calls).toEqual(['whole cuda']);
    if (!cpuLibraryBuildFits()) {
      await defaultNativeBuilder(whole)('cpu', io().io);
      expect(calls).toEqual(['whole cuda', 'whole cpu']);
    }
  });
});

const tools = ['cmake', 'c++'].every(commandExists);
const fits = cpuLibraryBuildFits() && prebuiltBindingFolder() !== null;

// The real build: llama.cpp's CPU library compiled from the source node-llama-cpp ships (a minute
// or a few on 2 busy cores), put into a copy of the prebuilt binding, recorded, and run by a real
// helper process. Skipped only where it cannot be made: not Linux x86-64, or no cmake/C++ compiler.
describe.skipIf(!tools || !fits)('the CPU library built here (real cmake and compiler, real helper)', () => {
  it('builds the variant the prebuilt binding loads, which the helper then runs, generating the same tokens', async () => {
    const dir = tempDir();
    const builds = new NativeBuilds(dir, cpuLibraryBuilder({ jobs: 2 }));
    const { io: buildIo, seen } = io();
    const record = await builds.build('cpu', buildIo);
    expect(record.cpuLibrary).toMatch(/^[a-z0-9_]+$/);
    // The native generation call is built with it, beside the binding's own addon.
    expect(record.nativeCall).toBe(NATIVE_CALL_ADDON);
    expect(fs.existsSync(path.join(record.folder, NATIVE_CALL_ADDON))).toBe(true);
    expect(seen.lines.some((l) => l.includes(`--target ggml-cpu-${record.cpuLibrary}`))).toBe(true);
    expect(seen.progress.at(-1)).toBe(1);
    const library = path.join(record.folder, `libggml-cpu-${record.cpuLibrary}.so`);
    // Not the prebuilt file: compiled here.
    expect(
      fs.readFileSync(library).equals(fs.readFileSync(path.join(prebuiltBindingFolder()!, path.basename(library)))),
    ).toBe(false);

    const prebuilt = helperWith(path.join(tempDir(), 'none.json'));
    const built = helperWith(builds.recordFile);
    const before = await prebuilt.binary();
    const after = await built.binary();
    expect(before).toMatchObject({ kind: 'prebuilt', cpuVariant: record.cpuLibrary });
    expect(after).toMatchObject({
      kind: 'native',
      cpuLibraryBuiltHere: true,
      cpuVariant: record.cpuLibrary,
      fallbackReason: null,
      nativeCall: true,
    });
    expect(before.nativeCall).toBe(false);
    expect(after.cpuFeatures).toContain('OPENMP');
    const request = { prompt: 'Book the flight to Lisbon', chat: false, maxTokens: 12, temperature: 0 };
    await prebuilt.load(tinyModel(), TEST_SETTINGS);
    await built.load(tinyModel(), TEST_SETTINGS);
    const byCall = await built.generate(request);
    expect(byCall.stats?.nativeCall).toBe(true);
    expect(byCall.text).toBe((await prebuilt.generate(request)).text);
  }, 1_200_000);

  it('a cancelled build records nothing and leaves no folder behind', async () => {
    const dir = tempDir();
    const controller = new AbortController();
    const { io: buildIo, seen } = io(controller.signal);
    const builds = new NativeBuilds(dir, cpuLibraryBuilder({ jobs: 1 }));
    const watching = {
      ...buildIo,
      onLine: (line: string) => {
        buildIo.onLine(line);
        if (line.startsWith('$ cmake --build')) controller.abort();
      },
    };
    await expect(builds.build('cpu', watching)).rejects.toMatchObject({ code: 'E1006' });
    expect(seen.lines.some((l) => l.startsWith('$ cmake --build'))).toBe(true);
    expect(builds.recorded()).toBeNull();
  }, 600_000);
});
