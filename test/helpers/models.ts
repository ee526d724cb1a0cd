import path from 'node:path';
import { writeGguf, TINY_MODEL, type ModelShape } from '../support/gguf-writer';
import type { LoadSettings } from '../../backend/llm/protocol';
import { ModelSupervisor } from '../../backend/llm/supervisor';
import { tempDir } from './temp';

export const HELPER = path.join(__dirname, '..', '..', 'dist', 'backend', 'llm', 'helper.js');

/** One thread: on a two-core machine more threads fight the test runner and get slower. */
export const TEST_SETTINGS: LoadSettings = {
  gpuLayers: 0,
  contextSize: 1024,
  threads: 1,
  batchSize: 256,
  flashAttention: false,
};

export function tinyModel(shape: Partial<ModelShape> = {}): string {
  const file = path.join(tempDir(), 'tiny.gguf');
  writeGguf(file, { ...TINY_MODEL, ...shape });
  return file;
}

/** A supervisor over the built helper, CPU only. */
export const testSupervisor = () => new ModelSupervisor({ helperPath: HELPER, env: { TRELLIS_GPU: 'off' } });

/** A tool call as a JSON Schema: an enum, an integer and two bounded strings (jump-forward has text to skip). */
export const TRIP_CALL_SCHEMA = {
  type: 'object',
  properties: {
    tool: { type: 'string', enum: ['search_flights', 'book_flight', 'search_hotels'] },
    passengers: { type: 'integer' },
    city: { type: 'string', maxLength: 24 },
    note: { type: 'string', maxLength: 40 },
  },
  required: ['tool', 'passengers', 'city', 'note'],
  additionalProperties: false,
};

/** A chat turn that asks for a tool call under TRIP_CALL_SCHEMA, sampled with `seed`. */
export const tripCallRequest = (seed: number) => ({
  prompt: `Call a tool for trip ${seed}`,
  chat: true,
  maxTokens: 200,
  temperature: 0.8,
  seed,
  jsonSchema: TRIP_CALL_SCHEMA,
});
