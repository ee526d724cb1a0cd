import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBackend, type Backend, type BackendOptions } from '../../../backend/backend';
import type { NativeBuilder } from '../../../backend/llm/native-build';
import { TEST_SETTINGS, tinyModel } from '../../helpers/models';
import { copyingBuilder, prebuiltBindingFolder } from '../../helpers/native-binding';
import { tempDir } from '../../helpers/temp';

const backends: Backend[] = [];
afterEach(() => {
  for (const b of backends.splice(0)) b.close();
  vi.unstubAllEnvs();
});

function backend(nativeBuilder: NativeBuilder, options: Partial<BackendOptions> = {}) {
  const configDir = tempDir();
  const b = createBackend({
    workspace: path.join(tempDir(), 'native.trellis'),
    host: 'cli',
    seed: false,
    configDir,
    modelEnv: { TRELLIS_GPU: 'off' },
    nativeBuilder,
    ...options,
  });
  backends.push(b);
  return { b, configDir };
}

const prebuilt = prebuiltBindingFolder();

describe.skipIf(!prebuilt)('models.build: a native binding for this machine (fake builder, real helper)', () => {
  it('builds as a job with progress and output, then the helper runs it with the model still loaded', async () => {
    const seen = { backends: [] as string[], cleaned: 0 };
    const { b, configDir } = backend(copyingBuilder(prebuilt!, seen as never));
    await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
    expect((await b.registry.invoke('models.status', {})).binary).toMatchObject({ kind: 'prebuilt' });
    const progress: number[] = [];
    const lines: string[] = [];
    b.events.subscribe((name, payload) => {
      const p = payload as { jobId: string; kind?: string; done?: number; line?: string };
      if (name === 'jobs.progress' && p.kind === 'models.build') progress.push(p.done!);
      if (name === 'models.buildOutput' && p.jobId === 'b1') lines.push(p.line!);
    });

    const { native, binary } = await b.registry.invoke('models.build', { jobId: 'b1' });
    // `auto` keeps what runs now: CPU only here.
    expect(seen.backends).toEqual(['cpu']);
    expect(native).toMatchObject({ backend: 'cpu' });
    expect(native.folder.startsWith(path.join(configDir, 'llama'))).toBe(true);
    expect(fs.existsSync(path.join(native.folder, 'llama-addon.node'))).toBe(true);
    expect(binary).toMatchObject({ kind: 'native', backend: 'cpu', fallbackReason: null });
    expect(progress).toEqual([0.5, 1]);
    expect(lines.at(-1)).toMatch(/Linking CXX shared library llama-addon.node/);
    expect(seen.cleaned).toBe(1);

    const status = await b.registry.invoke('models.status', {});
    expect(status.native).toEqual(native);
    expect(status.binary).toMatchObject({ kind: 'native' });
    expect(status.loaded).toMatchObject({ architecture: 'llama' });
    // Decoded through the new binding: tokens counted (random weights may spell them as no text).
    const generated = await b.registry.invoke('models.generate', {
      prompt: 'Plan',
      chat: false,
      maxTokens: 4,
      seed: 1,
    });
    expect(generated.tokens).toBeGreaterThan(0);
  });

  it('reports a failed build with the end of its output, and the prebuilt binding keeps running', async () => {
    const { b } = backend(async (_backend, { onLine }) => {
      onLine('CMake Error at CMakeLists.txt:12 (project): No CMAKE_CXX_COMPILER could be found.');
      throw new Error('node-llama-cpp source build exited with code 1');
    });
    const error = await b.registry.invoke('models.build', { backend: 'cpu' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'E5005' });
    expect((error as Error).message).toContain('No CMAKE_CXX_COMPILER could be found');
    const status = await b.registry.invoke('models.status', {});
    expect(status.native).toBeNull();
    expect(await b.registry.invoke('models.binary', {})).toMatchObject({ kind: 'prebuilt', fallbackReason: null });
  });

  it('cancels a running build by its job id; nothing is recorded', async () => {
    const { b } = backend(
      (_backend, { signal, onProgress }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(new Error('killed')));
          onProgress(0.1);
        }),
    );
    b.events.subscribe((name) => name === 'jobs.progress' && void b.registry.invoke('jobs.cancel', { jobId: 'b2' }));
    await expect(b.registry.invoke('models.build', { jobId: 'b2', backend: 'cpu' })).rejects.toMatchObject({
      code: 'E1006',
    });
    expect((await b.registry.invoke('models.status', {})).native).toBeNull();
  });
});

describe.skipIf(!prebuilt)(
  'the native build Trellis starts by itself on a model load (fake builder, real helper)',
  () => {
    /** A backend of the app (`trellis serve`) whose build tools are there. */
    const appBackend = (nativeBuilder: NativeBuilder) =>
      backend(nativeBuilder, { host: 'web', autoNativeBuild: true, buildToolsProblem: () => null });

    it('builds after the first load, as a job with progress, and the model process moves to it with the model loaded', async () => {
      const seen = { backends: [] as string[], cleaned: 0 };
      const { b } = appBackend(copyingBuilder(prebuilt!, seen as never));
      const progress: number[] = [];
      b.events.subscribe((name, payload) => {
        const p = payload as { jobId: string; done: number };
        if (name === 'jobs.progress' && p.jobId === 'models.autoBuild') progress.push(p.done);
      });
      await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
      // Native once the model process has moved; idle once the build's own bookkeeping is done.
      await expect
        .poll(
          async () => {
            const { binary, autoBuild } = await b.registry.invoke('models.status', {});
            return [binary?.kind, autoBuild.state];
          },
          { timeout: 60_000 },
        )
        .toEqual(['native', 'idle']);
      expect(seen.backends).toEqual(['cpu']);
      expect(progress).toEqual([0.5, 1]);
      const status = await b.registry.invoke('models.status', {});
      expect(status.autoBuild).toEqual({ state: 'idle', reason: null, jobId: null });
      expect(status.loaded).toMatchObject({ architecture: 'llama' });
      expect(status.binary?.why).toMatch(/^Built for this machine/);
    });

    it('a build that fails leaves the prebuilt binding running, says why in models.binary, and is not tried again', async () => {
      let builds = 0;
      const { b } = appBackend(async (_backend, { onLine }) => {
        builds++;
        onLine('CMake Error: No CMAKE_CXX_COMPILER could be found.');
        throw new Error('node-llama-cpp source build exited with code 1');
      });
      await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
      await expect
        .poll(async () => (await b.registry.invoke('models.status', {})).autoBuild.state, { timeout: 60_000 })
        .toBe('failed');
      const binary = await b.registry.invoke('models.binary', {});
      expect(binary.kind).toBe('prebuilt');
      expect(binary.why).toMatch(/prebuilt binding runs.*automatic native build failed .*exited with code 1/s);
      await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
      expect(builds).toBe(1);
    });

    it('a build whose binding fails to load falls back to the prebuilt one and is remembered as failed', async () => {
      const broken = path.join(tempDir(), 'broken');
      fs.cpSync(prebuilt!, broken, { recursive: true });
      fs.writeFileSync(path.join(broken, 'llama-addon.node'), 'not a shared library');
      const { b } = appBackend(async () => ({ folder: broken, llamaCpp: 'test' }));
      await b.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
      await expect
        .poll(async () => (await b.registry.invoke('models.status', {})).autoBuild.state, { timeout: 60_000 })
        .toBe('failed');
      const binary = await b.registry.invoke('models.binary', {});
      expect(binary.kind).toBe('prebuilt');
      expect(binary.fallbackReason).toContain('failed to load');
      expect(binary.why).toContain('failed to load');
      // The model still runs, on the prebuilt binding.
      const generated = await b.registry.invoke('models.generate', {
        prompt: 'Plan',
        chat: false,
        maxTokens: 4,
        seed: 1,
      });
      expect(generated.tokens).toBeGreaterThan(0);
    });

    it('starts nothing in a command that ends (host cli) or where it is switched off, and says so', async () => {
      let builds = 0;
      const count: NativeBuilder = async () => {
        builds++;
        throw new Error('not expected');
      };
      // The tests turn it off for every process they start (vitest.config.mts); here it is not.
      vi.stubEnv('TRELLIS_NATIVE_BUILD', '');
      const { b: cli } = backend(count, { buildToolsProblem: () => null });
      await cli.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
      expect((await cli.registry.invoke('models.binary', {})).why).toMatch(/"trellis serve" build one by itself/);
      const { b: off } = backend(count, { host: 'web', autoNativeBuild: false });
      await off.registry.invoke('models.load', { path: tinyModel(), settings: TEST_SETTINGS });
      expect((await off.registry.invoke('models.status', {})).autoBuild.state).toBe('off');
      expect(builds).toBe(0);
    });
  },
);
