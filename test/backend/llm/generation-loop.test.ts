import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateRequest, GenerationLoop } from '../../../backend/llm/protocol';
import type { GenerateResult, ModelSupervisor } from '../../../backend/llm/supervisor';
import {
  TEST_SETTINGS,
  TRIP_CALL_SCHEMA as CALL_SCHEMA,
  testSupervisor,
  tinyModel,
  tripCallRequest,
} from '../../helpers/models';

let s: ModelSupervisor;
beforeAll(async () => {
  s = testSupervisor();
  await s.load(tinyModel(), { ...TEST_SETTINGS, sequences: 1 });
}, 60_000);
afterAll(() => s.stop());

interface Run {
  result: GenerateResult;
  chunks: string[];
}

async function generate(request: GenerateRequest, loop: GenerationLoop): Promise<Run> {
  const chunks: string[] = [];
  const result = await s.generate({ ...request, loop, returnTokenIds: true }, (text) => chunks.push(text));
  return { result, chunks };
}

/**
 * The same request through node-llama-cpp's LlamaChatSession, then the own loop. Each finds the
 * sequence as the other left it after the same prompt (a first run reads the prompt for both):
 * only the loop differs.
 */
async function bothLoops(request: GenerateRequest) {
  await generate(request, 'node-llama-cpp');
  const library = await generate(request, 'node-llama-cpp');
  const own = await generate(request, 'own');
  expect(library.result.stats?.loop).toBe('node-llama-cpp');
  expect(own.result.stats?.loop).toBe('own');
  return { library, own };
}

function expectSameGeneration({ library, own }: { library: Run; own: Run }) {
  expect(own.result.stats!.tokenIds).toEqual(library.result.stats!.tokenIds);
  expect(own.result.text).toBe(library.result.text);
  expect(own.result.tokens!.prompt).toBe(library.result.tokens!.prompt);
  // Streamed text adds up to the answer (whitespace after a JSON answer is trimmed from it).
  expect(own.chunks.join('').trimEnd()).toBe(own.result.text.trimEnd());
}

const SEEDS = [1, 2, 3, 4];

describe('the own generation loop gives node-llama-cpp’s tokens for the same seed (real helper, tiny model)', () => {
  it.each(SEEDS)(
    'unconstrained chat turn, seed %i: the same tokens, text and prompt',
    async (seed) => {
      const request = { prompt: `Plan a trip, ${seed}`, chat: true, maxTokens: 48, temperature: 0.9, seed };
      const runs = await bothLoops(request);
      expect(runs.own.result.stats!.tokenIds!.length).toBeGreaterThan(4);
      expectSameGeneration(runs);
    },
    60_000,
  );

  it.each(SEEDS)(
    'JSON-Schema turn, seed %i: the same tokens (jump-forward included) and the same JSON',
    async (seed) => {
      const runs = await bothLoops(tripCallRequest(seed));
      expectSameGeneration(runs);
      const answer = JSON.parse(runs.own.result.text) as Record<string, unknown>;
      expect(Object.keys(answer)).toEqual(['tool', 'passengers', 'city', 'note']);
      // Jump-forward ran in both: fewer tokens sampled than read.
      expect(runs.own.result.stats!.sampledTokens).toBeLessThan(runs.own.result.stats!.tokenIds!.length);
    },
    60_000,
  );

  it.each(SEEDS)(
    'plain completion (no chat format), seed %i: LlamaCompletion’s tokens and text',
    async (seed) => {
      const plain = { prompt: `The trip to Lisbon ${seed}`, chat: false, maxTokens: 40, temperature: 0.9, seed };
      expectSameGeneration(await bothLoops(plain));
      expectSameGeneration(await bothLoops({ ...plain, maxTokens: 200, jsonSchema: CALL_SCHEMA }));
    },
    60_000,
  );

  it.each(SEEDS)(
    'seed %i with a stop string across two tokens: both stop at it, the text ends before it',
    async (seed) => {
      const base = { prompt: `Write a note ${seed}`, chat: true, maxTokens: 48, temperature: 0.9, seed };
      const free = await generate(base, 'own');
      // A stop made of the end of one token's text and the start of the next one's, past the start.
      const pieces = free.chunks;
      const at = pieces.findIndex((piece, i) => i >= 3 && piece.length >= 2 && (pieces[i + 1]?.length ?? 0) >= 2);
      expect(at, `no two long pieces in ${JSON.stringify(pieces)}`).toBeGreaterThan(0);
      const boundary = pieces.slice(0, at + 1).join('').length;
      const full = pieces.join('');
      const stop = full.slice(boundary - 2, boundary + 2);
      const runs = await bothLoops({ ...base, stop: [stop] });
      expectSameGeneration(runs);
      expect(runs.own.result.text).toBe(full.slice(0, full.indexOf(stop)));
      expect(runs.own.result.stats!.tokenIds!.length).toBeLessThan(free.result.stats!.tokenIds!.length);
    },
    60_000,
  );
});
