import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NATIVE_CALL_ADDON,
  buildNativeCall,
  nativeCallUnbuildable,
  patchAddonSource,
} from '../../../backend/llm/native-call-builder';
import { nativeBuildsDir, type NativeBuildIO } from '../../../backend/llm/native-build';
import { unpackLlamaSource } from '../../../backend/llm/node-llama-cpp-builder';
import type { GenerateRequest } from '../../../backend/llm/protocol';
import { ModelSupervisor } from '../../../backend/llm/supervisor';
import { HELPER, TEST_SETTINGS, tinyModel, tripCallRequest } from '../../helpers/models';
import { prebuiltBindingFolder, recordNativeBuild } from '../../helpers/native-binding';
import { tempDir } from '../../helpers/temp';

const io = (): NativeBuildIO => ({
  onLine: () => undefined,
  onProgress: () => undefined,
  signal: new AbortController().signal,
});

describe('the addon source the native call is added to', () => {
  it('takes the two edits that declare and register generateTokens', () => {
    const dir = path.join(tempDir(), 'addon');
    patchAddonSource(dir);
    expect(fs.readFileSync(path.join(dir, 'AddonContext.h'), 'utf8')).toContain('Napi::Value GenerateTokens(');
    expect(fs.readFileSync(path.join(dir, 'AddonContext.cpp'), 'utf8')).toContain(
      'InstanceMethod("generateTokens", &AddonContext::GenerateTokens)',
    );
    expect(fs.existsSync(path.join(dir, 'AddonContextGenerateTokens.cpp'))).toBe(true);
  });
});

const prebuilt = prebuiltBindingFolder();
const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'trellis.js');
// Skipped only where it cannot be built: not Linux, no cmake, C++ compiler or Node headers.
const fits = prebuilt !== null && nativeCallUnbuildable('cpu') === null;

const supervisors: ModelSupervisor[] = [];
const helperWith = (nativeRecord: string) => {
  const s = new ModelSupervisor({ helperPath: HELPER, env: { TRELLIS_GPU: 'off' }, nativeRecord });
  supervisors.push(s);
  return s;
};
afterAll(async () => {
  for (const s of supervisors.splice(0)) await s.stop();
});

const SEEDS = [1, 2, 3];

// The real thing: node-llama-cpp's addon compiled here with the call added, linked against the
// prebuilt binding's libraries, loaded by a real helper process that generates on the tiny model.
describe.skipIf(!fits)('the native generation call (real compiler, real helper, tiny model)', () => {
  let record: string;
  let folder: string;
  let s: ModelSupervisor;

  beforeAll(async () => {
    folder = path.join(tempDir(), 'binding');
    fs.cpSync(prebuilt!, folder, { recursive: true });
    await buildNativeCall({ folder, backend: 'cpu', llamaDir: await unpackLlamaSource(io()), jobs: 2 }, io());
    expect(fs.existsSync(path.join(folder, NATIVE_CALL_ADDON))).toBe(true);
    record = recordNativeBuild(tempDir(), folder, { nativeCall: NATIVE_CALL_ADDON });
    s = helperWith(record);
    await s.load(tinyModel(), { ...TEST_SETTINGS, sequences: 1 });
  }, 900_000);

  /** The same request two calls a token, then by the native call; each finds the sequence as the other left it. */
  async function both(request: GenerateRequest, helper = s) {
    await helper.generate({ ...request, nativeCall: false });
    const chunks: string[] = [];
    const twoCalls = await helper.generate({ ...request, nativeCall: false, returnTokenIds: true });
    const native = await helper.generate({ ...request, returnTokenIds: true }, (text) => chunks.push(text));
    expect(twoCalls.stats).toMatchObject({ loop: 'own', nativeCall: false });
    expect(native.stats).toMatchObject({ loop: 'own', nativeCall: true });
    expect(native.stats!.tokenIds).toEqual(twoCalls.stats!.tokenIds);
    expect(native.text).toBe(twoCalls.text);
    expect(native.tokens).toEqual(twoCalls.tokens);
    // The sequence holds the same tokens after: nothing decoded past where generation stopped.
    expect(native.stats!.sequenceTokens).toBe(twoCalls.stats!.sequenceTokens);
    expect(twoCalls.stats!.nativeCalls).toBe(0);
    expect(chunks.join('').trimEnd()).toBe(native.text.trimEnd());
    return { twoCalls, native };
  }

  it('the helper runs the addon with the call and says so, as does trellis model info', async () => {
    expect(await s.binary()).toMatchObject({ kind: 'native', nativeCall: true, nativeCallProblem: null });
    const home = tempDir();
    recordNativeBuild(nativeBuildsDir(home), folder, { nativeCall: NATIVE_CALL_ADDON });
    const info = spawnSync(process.execPath, [BIN, 'model', 'info', '--workspace', path.join(home, 'w.trellis')], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, TRELLIS_HOME: home, TRELLIS_GPU: 'off' },
    });
    expect(info.status).toBe(0);
    expect(info.stdout).toMatch(/^Runs: native, cpu, .*, with the native generation call$/m);
    expect(info.stdout).toMatch(
      /^Why: .*Its addon has the native generation call: tokens are decoded and sampled several per call/m,
    );
  });

  it.each(SEEDS)(
    'unconstrained chat turn, seed %i: the same tokens and text as two native calls a token',
    async (seed) => {
      const { native } = await both({
        prompt: `Plan a trip, ${seed}`,
        chat: true,
        maxTokens: 48,
        temperature: 0.9,
        seed,
      });
      expect(native.stats!.tokenIds!.length).toBeGreaterThan(16);
      // Calls of 1, 2, 4, 8, 16, 16 and 1 tokens (fewer a call only where a call would pass 100 ms),
      // not one call a token.
      expect(native.stats!.nativeCalls).toBeLessThan(native.stats!.tokenIds!.length / 2);
    },
    120_000,
  );

  it.each(SEEDS)(
    'JSON-Schema turn, seed %i: the same tokens, jump-forward included (one native call a token)',
    async (seed) => {
      const { native } = await both(tripCallRequest(seed));
      expect(() => JSON.parse(native.text) as unknown).not.toThrow();
      // Jump-forward reads the grammar after each sampled token: one call each.
      expect(native.stats!.nativeCalls).toBe(native.stats!.sampledTokens);
    },
    120_000,
  );

  it('a stop string across tokens ends both at the same text, and the sequence is left as the per-token path leaves it', async () => {
    const base = { prompt: 'Write about Lisbon', chat: false, maxTokens: 40, temperature: 0.7, seed: 7 };
    const free = await s.generate({ ...base, nativeCall: false, returnTokenIds: true });
    // A stop string that spans two tokens past the first call's end, so a call has run ahead of it.
    const text = free.text;
    expect(text.length).toBeGreaterThan(30);
    const stop = text.slice(20, 26);
    const stopped = await both({ ...base, stop: [stop] });
    expect(stopped.native.text).toBe(text.slice(0, text.indexOf(stop)));
    // What follows reads the sequence the stopped request left: the same either way.
    const next = { prompt: 'Write about Lisbon and Porto', chat: false, maxTokens: 24, temperature: 0.7, seed: 8 };
    const after = await both(next);
    expect(after.native.tokens!.prompt).toBe(after.twoCalls.tokens!.prompt);
  }, 120_000);

  it('two sequences generating at once still share decodes and both finish', async () => {
    const two = helperWith(record);
    await two.load(tinyModel(), { ...TEST_SETTINGS, sequences: 2 });
    const request = (seed: number) => ({
      prompt: `Plan a trip, ${seed}`,
      chat: true,
      maxTokens: 40,
      temperature: 0,
      seed,
      returnTokenIds: true,
    });
    const alone = [await two.generate(request(1)), await two.generate(request(2))];
    const together = await Promise.all([two.generate(request(1)), two.generate(request(2))]);
    expect(together.map((r) => r.text)).toEqual(alone.map((r) => r.text));
  }, 180_000);

  it('a native-call addon that fails to load: the binding runs with its own addon and says why', async () => {
    const folder = path.join(tempDir(), 'broken-binding');
    fs.cpSync(prebuilt!, folder, { recursive: true });
    fs.writeFileSync(path.join(folder, NATIVE_CALL_ADDON), 'not an ELF file');
    const broken = helperWith(recordNativeBuild(tempDir(), folder, { nativeCall: NATIVE_CALL_ADDON }));
    const binary = await broken.binary();
    expect(binary).toMatchObject({ kind: 'native', nativeCall: false, fallbackReason: null });
    expect(binary.nativeCallProblem).toMatch(/llama-addon-native-call\.node failed to load/);
    await broken.load(tinyModel(), TEST_SETTINGS);
    const result = await broken.generate({ prompt: 'Hello', chat: false, maxTokens: 8, temperature: 0 });
    expect(result.stats).toMatchObject({ nativeCall: false });

    // A build recorded without the call (made before it, or it did not compile): the same, and why.
    const without = helperWith(
      recordNativeBuild(tempDir(), folder, { nativeCallProblem: 'cmake and a C++ compiler are needed' }),
    );
    expect(await without.binary()).toMatchObject({
      kind: 'native',
      nativeCall: false,
      nativeCallProblem: 'cmake and a C++ compiler are needed',
    });
  }, 120_000);
});
