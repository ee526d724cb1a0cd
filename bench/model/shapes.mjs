// The GGUF shapes the model benchmarks write with the project's own writer.
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
export const { writeGguf, TINY_MODEL, BENCH_MODEL_1B } = require(path.join(root, 'dist/test/support/gguf-writer.js'));

export const SHAPES = {
  tiny: TINY_MODEL,
  // ~124M parameters: large enough to measure, small enough for a two-core CPU.
  small: {
    embedding: 768,
    layers: 12,
    heads: 12,
    kvHeads: 4,
    feedForward: 2048,
    contextLength: 2048,
    tensorType: 'f16',
    vocabularySize: 32000,
  },
  '1b': BENCH_MODEL_1B,
};
