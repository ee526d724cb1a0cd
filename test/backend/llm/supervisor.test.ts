import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import { ModelSupervisor } from '../../../backend/llm/supervisor';
import { tempDir } from '../../helpers/temp';
import { HELPER, TEST_SETTINGS, testSupervisor, tinyModel } from '../../helpers/models';

const supervisors: ModelSupervisor[] = [];
function supervisor(): ModelSupervisor {
  const s = testSupervisor();
  supervisors.push(s);
  return s;
}
afterEach(async () => {
  for (const s of supervisors.splice(0)) await s.stop();
});

const PLAN_SCHEMA = {
  type: 'object',
  properties: {
    steps: {
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', enum: ['s1', 's2', 's3'] },
          tool: { type: 'string', enum: ['search_flights', 'book_flight'] },
          passengers: { type: 'integer' },
        },
        required: ['id', 'tool', 'passengers'],
        additionalProperties: false,
      },
    },
  },
  required: ['steps'],
  additionalProperties: false,
};

describe('llama helper process with a generated model (real inference)', () => {
  it('reads a model’s metadata before loading it', async () => {
    const details = await supervisor().inspect(tinyModel());
    expect(details).toMatchObject({
      architecture: 'llama',
      hasChatTemplate: true,
      trainedContextLength: 1024,
      embeddingLength: 64,
    });
    // llama.cpp's name for general.file_type (0 is all F32, 1 mostly F16), not its number.
    expect(details.fileType).toMatch(/^F(32|16)$/);
    expect(details.parameters).toBeGreaterThan(100_000);
  });

  it('loads, streams tokens that add up to the text, and embeds with the model’s width', async () => {
    const s = supervisor();
    const progress: number[] = [];
    const file = tinyModel();
    const loaded = await s.load(file, TEST_SETTINGS, (f) => progress.push(f));
    expect(loaded).toMatchObject({ architecture: 'llama', gpu: false, threads: 1 });
    // One thread on a machine with more cores: the helper keeps to the last one (Linux, taskset).
    const cores = os.availableParallelism();
    if (process.platform === 'linux' && cores > 1 && spawnSync('taskset', ['--version']).status === 0) {
      expect(loaded.cores).toHaveLength(1);
      // The decoding threads keep to that core; the main thread is on the cores before it when the
      // helper split them (restCores), or on the same core when the whole helper is pinned.
      const allowed = (task: string) =>
        /Cpus_allowed_list:\s*(\S+)/.exec(fs.readFileSync(`/proc/${s.pid}/task/${task}/status`, 'utf8'))![1]!;
      const expandList = (list: string) =>
        list.split(',').flatMap((part) => {
          const [from, to] = part.split('-').map(Number) as [number, number?];
          return Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
        });
      expect(expandList(allowed(String(s.pid)))).toEqual(loaded.restCores ?? loaded.cores);
      const tasks = fs.readdirSync(`/proc/${s.pid}/task`);
      expect(tasks.some((task) => allowed(task) === String(loaded.cores![0]))).toBe(true);
    }
    if (process.platform === 'linux') {
      // glibc's malloc asks for huge pages in the helper; where the kernel offers them, a model this
      // small is read into the helper's memory (on huge pages when there are free ones), and the file is not mapped.
      expect(fs.readFileSync(`/proc/${s.pid}/environ`, 'utf8')).toMatch(
        /GLIBC_TUNABLES=(?:[^\0]*:)?glibc\.malloc\.hugetlb=1/,
      );
      const thp = /\[(\w+)\]/.exec(fs.readFileSync('/sys/kernel/mm/transparent_hugepage/enabled', 'utf8'))?.[1];
      const huge = thp === 'always' || thp === 'madvise';
      expect(loaded.weights).toBe(huge ? 'in-memory' : 'mapped');
      // Whether the kernel found free 2 MiB pages is its answer, not ours: on a busy machine it may not.
      if (huge) expect(typeof loaded.hugePages).toBe('boolean');
      else expect(loaded.hugePages).toBeUndefined();
      expect(fs.readFileSync(`/proc/${s.pid}/maps`, 'utf8').includes(file)).toBe(!huge);
    }
    const tokens: string[] = [];
    const result = await s.generate({ prompt: 'Book the flight', chat: false, maxTokens: 24, temperature: 0 }, (t) =>
      tokens.push(t),
    );
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.join('')).toBe(result.text);
    const [a, b] = await s.embed(['search flights', 'book hotel']);
    expect(a).toHaveLength(64);
    expect(b).toHaveLength(64);
    expect(progress.length).toBeGreaterThan(0);
  });

  it('maps the weights from the file when TRELLIS_MMAP=on says so', async () => {
    const s = new ModelSupervisor({ helperPath: HELPER, env: { TRELLIS_GPU: 'off', TRELLIS_MMAP: 'on' } });
    supervisors.push(s);
    const file = tinyModel();
    const loaded = await s.load(file, TEST_SETTINGS);
    expect(loaded.weights).toBe('mapped');
    expect(loaded.hugePages).toBeUndefined();
    if (process.platform === 'linux') expect(fs.readFileSync(`/proc/${s.pid}/maps`, 'utf8')).toContain(file);
    const result = await s.generate({ prompt: 'Book the flight', chat: false, maxTokens: 8, temperature: 0 });
    expect(result.text.length).toBeGreaterThan(0);
  });

  it('stops a generation midway when cancelled, returning the text so far', async () => {
    const s = supervisor();
    await s.load(tinyModel(), TEST_SETTINGS);
    const abort = new AbortController();
    let count = 0;
    const result = await s.generate(
      { prompt: 'Plan a trip', chat: false, maxTokens: 4000, temperature: 0.8, seed: 3 },
      () => {
        if (++count === 5) abort.abort();
      },
      abort.signal,
    );
    expect(result.cancelled).toBe(true);
    expect(count).toBeLessThan(200);
  });

  it('produces output that parses and validates against a JSON Schema in 20 of 20 samples', async () => {
    const s = supervisor();
    await s.load(tinyModel(), TEST_SETTINGS);
    const validate = new Ajv().compile(PLAN_SCHEMA);
    for (let seed = 1; seed <= 20; seed++) {
      const { text } = await s.generate({
        prompt: 'Plan: book a flight',
        chat: true,
        maxTokens: 300,
        temperature: 0.9,
        seed,
        jsonSchema: PLAN_SCHEMA,
      });
      const value = JSON.parse(text) as unknown;
      expect(validate(value), `sample ${seed}: ${text}`).toBe(true);
    }
  });

  it('keeps to an enum whose values differ in a character outside ASCII', async () => {
    const s = supervisor();
    await s.load(tinyModel(), TEST_SETTINGS);
    // After `"Z` the grammar allows `u` and `ü`: neither may be taken as the only way on.
    const schema = { type: 'object', properties: { city: { enum: ['Zürich', 'Zug'] } }, required: ['city'] };
    const cities = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const { text } = await s.generate({
        prompt: 'City',
        chat: false,
        maxTokens: 40,
        temperature: 1,
        seed,
        jsonSchema: schema,
      });
      cities.add((JSON.parse(text) as { city: string }).city);
    }
    expect([...cities].sort()).toEqual(['Zug', 'Zürich']);
  });

  it('ends a JSON answer where the JSON ends: no trailing newlines generated up to maxTokens', async () => {
    const s = supervisor();
    await s.load(tinyModel(), TEST_SETTINGS);
    // The schema grammar ends with four newlines and then any number more: without its stop
    // trigger a completion (no end-of-turn to sample) runs on in newlines until maxTokens.
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] };
    const plain = await s.generate({ prompt: 'Answer', chat: false, maxTokens: 2, temperature: 0 });
    for (let seed = 1; seed <= 5; seed++) {
      const result = await s.generate({
        prompt: 'Answer',
        chat: false,
        maxTokens: 200,
        temperature: 0.8,
        seed,
        jsonSchema: schema,
      });
      expect(result.text, `sample ${seed}`).toBe(result.text.trimEnd());
      expect(JSON.parse(result.text)).toMatchObject({ ok: expect.any(Boolean) });
      expect(result.tokens?.completion ?? Infinity, `sample ${seed}: ${JSON.stringify(result.text)}`).toBeLessThan(40);
      // The key is decoded with the token before it, not sampled: the prompt is still the prompt.
      expect(result.tokens?.prompt, `sample ${seed}`).toBe(plain.tokens?.prompt);
    }
  });

  it('survives SIGKILL mid-generation: the request fails clearly, the next one works on the reloaded model', async () => {
    const s = supervisor();
    await s.load(tinyModel(), TEST_SETTINGS);
    // The kill lands on the first streamed token. A model of random weights may end its answer
    // before the kill arrives on a busy machine; then the answer is whole and the test asks again.
    let failure: unknown = null;
    for (let seed = 1; seed <= 5 && !failure; seed++) {
      let killed = false;
      const request = { prompt: 'Go', chat: false, maxTokens: 100_000, temperature: 0.8, seed };
      failure = await s
        .generate(request, () => {
          if (!killed) {
            killed = true;
            process.kill(s.pid!, 'SIGKILL');
          }
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
    }
    expect(failure).toMatchObject({ code: 'E5001', message: 'The model process was killed (SIGKILL).' });
    const after = await s.generate({ prompt: 'Again', chat: false, maxTokens: 8, temperature: 0 });
    expect(after.cancelled).toBe(false);
    expect((await s.ping()).loaded?.architecture).toBe('llama');
  });

  it('restarts when idle only after the running generation has finished, then reloads the model', async () => {
    const s = supervisor();
    await s.load(tinyModel(), TEST_SETTINGS);
    const before = s.pid;
    let restarted = false;
    let restartAsked: Promise<void> | null = null;
    const result = await s.generate({ prompt: 'Go', chat: false, maxTokens: 24, temperature: 0 }, () => {
      // Asked on the first token, with the generation still running.
      restartAsked ??= s.restartWhenIdle().then(() => void (restarted = true));
      expect(restarted).toBe(false);
    });
    expect(result.cancelled).toBe(false);
    expect(restartAsked).not.toBeNull();
    await restartAsked;
    expect(s.pid).not.toBe(before);
    expect((await s.ping()).loaded?.architecture).toBe('llama');
  });

  it('explains files it cannot use, and keeps working afterwards', async () => {
    const s = supervisor();
    const notes = path.join(tempDir(), 'notes.gguf');
    fs.writeFileSync(notes, 'just some text');
    await expect(s.inspect(notes)).rejects.toMatchObject({
      code: 'E5002',
      message: expect.stringContaining(`${notes} is not a GGUF model file. llama.cpp runs .gguf files`),
    });
    await expect(s.inspect(tempDir())).rejects.toMatchObject({ message: expect.stringContaining('is a folder') });

    const whole = fs.readFileSync(tinyModel());
    const truncated = path.join(tempDir(), 'truncated.gguf');
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(s.load(truncated, TEST_SETTINGS)).rejects.toMatchObject({ code: expect.stringMatching(/^E500[24]$/) });

    await expect(s.load(tinyModel({ architecture: 'notallama' }), TEST_SETTINGS)).rejects.toMatchObject({
      code: 'E5002',
      message: 'This llama.cpp cannot run "notallama" models.',
    });
    await expect(s.generate({ prompt: 'x', chat: false, maxTokens: 1, temperature: 0 })).rejects.toMatchObject({
      code: 'E5003',
    });

    const inUse = tinyModel();
    await s.load(inUse, TEST_SETTINGS);
    expect((await s.generate({ prompt: 'ok', chat: false, maxTokens: 4, temperature: 0 })).cancelled).toBe(false);

    // A file refused before loading leaves the model in use loaded, and the supervisor says so.
    await expect(s.load(path.join(tempDir(), 'missing.gguf'), TEST_SETTINGS)).rejects.toMatchObject({
      message: expect.stringContaining('No file at'),
    });
    expect(s.loaded?.path).toBe(inUse);
    expect((await s.generate({ prompt: 'ok', chat: false, maxTokens: 4, temperature: 0 })).cancelled).toBe(false);
  });

  it('measures prompt and generation throughput inside the helper', async () => {
    const s = supervisor();
    await s.load(tinyModel(), TEST_SETTINGS);
    const result = await s.benchmark(64, 16, PLAN_SCHEMA);
    expect(result.promptTokensPerSecond).toBeGreaterThan(0);
    expect(result.generateTokensPerSecond).toBeGreaterThan(0);
    expect(result.msPerToken).toBeGreaterThan(0);
    expect(result.constrainedTokens).toBeGreaterThan(0);
    // The text the plan's grammar forces (its keys, the rest of an enum value) is decoded, not sampled.
    expect(result.constrainedSampledTokens).toBeLessThan(result.constrainedTokens! / 2);
    expect(result.constrainedEverySampledTokens).toBeGreaterThan(0);
  });
});

describe('a helper that runs out of memory', () => {
  it('fails the load with a message, and the next load with enough memory works', async () => {
    const { spawn } = await import('node:child_process');
    const { ModelSupervisor } = await import('../../../backend/llm/supervisor');
    const { HELPER } = await import('../../helpers/models');
    let limitKb = 2_500_000; // ~2.4 GiB of address space: node-llama-cpp's runtime fits, the big model does not
    const limited = new ModelSupervisor({
      helperPath: HELPER,
      env: { TRELLIS_GPU: 'off' },
      spawn: (script, env) => {
        // The IPC channel survives `exec`, so the helper still talks to us through bash.
        const child = spawn('bash', ['-c', `ulimit -v ${limitKb}; exec "${process.execPath}" "${script}"`], {
          env,
          stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
          serialization: 'advanced',
        });
        return {
          get pid() {
            return child.pid;
          },
          send: (m) => child.send(m),
          onMessage: (l) => child.on('message', l),
          onExit: (l) =>
            child.once('exit', (code, signal) => l(signal ? `was killed (${signal})` : `exited with code ${code}`)),
          kill: () => child.kill(),
        };
      },
    });
    supervisors.push(limited);
    const big = tinyModel({
      embedding: 1024,
      layers: 4,
      heads: 8,
      kvHeads: 8,
      feedForward: 4096,
      vocabularySize: 32000,
    });
    const failure = await limited
      .load(big, { ...TEST_SETTINGS, contextSize: 131072 })
      .then(() => null)
      .catch((e: unknown) => e);
    expect(failure, 'the load should not succeed under the memory limit').not.toBeNull();
    console.info(`out-of-memory load answered: ${(failure as Error).message}`);
    expect(failure).toMatchObject({ code: expect.stringMatching(/^E500[14]$/), message: expect.any(String) });
    // Sequences that do not all fit: as many as do, said in the answer.
    const fewer = await limited.load(big, { ...TEST_SETTINGS, contextSize: 16384, sequences: 8 });
    console.info(`8 sequences of 16384 tokens asked under the limit: ${fewer.sequences} made`);
    expect(fewer.sequences).toBeLessThan(8);
    expect(fewer.sequences).toBeGreaterThanOrEqual(1);
    expect((await limited.generate({ prompt: 'ok', chat: false, maxTokens: 4, temperature: 0 })).cancelled).toBe(false);
    limitKb = 16_000_000;
    await limited.stop();
    await limited.load(tinyModel(), TEST_SETTINGS);
    expect((await limited.generate({ prompt: 'ok', chat: false, maxTokens: 4, temperature: 0 })).cancelled).toBe(false);
  }, 240_000); // several loads of a large model, each halving the sequences: minutes on a busy machine
});
