import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildVocabulary, parameterCount, TINY_MODEL, BENCH_MODEL_1B } from './gguf-writer';
import { tinyModel } from '../helpers/models';

describe('GGUF writer', () => {
  it('writes a GGUF that node-llama-cpp reads back with the shape, tokenizer and chat template asked for', async () => {
    const file = tinyModel();
    expect(fs.readFileSync(file).subarray(0, 4).toString('latin1')).toBe('GGUF');
    const { readGgufFileInfo } = await import('node-llama-cpp');
    const info = await readGgufFileInfo(file, { readTensorInfo: true });
    const meta = info.metadata as unknown as Record<string, Record<string, unknown>>;
    expect(meta.general!.architecture).toBe('llama');
    expect(meta.llama).toMatchObject({
      embedding_length: 64,
      block_count: 2,
      feed_forward_length: 128,
      context_length: 1024,
    });
    expect(meta.tokenizer!.chat_template).toContain('<|im_start|>');
    expect(info.fullTensorInfo).toHaveLength(3 + 9 * TINY_MODEL.layers);
  });

  it('has control, byte-fallback and word tokens', () => {
    const vocab = buildVocabulary();
    expect(vocab.tokens.slice(0, 5)).toEqual(['<unk>', '<s>', '</s>', '<|im_start|>', '<|im_end|>']);
    expect(vocab.tokens).toContain('<0x7B>');
    expect(vocab.tokens).toContain('▁flight');
    expect(vocab.types.filter((t) => t === 6)).toHaveLength(256);
  });

  it('sizes the benchmark model at about 1.1B parameters', () => {
    expect(parameterCount(BENCH_MODEL_1B)).toBeGreaterThan(1.0e9);
    expect(parameterCount(BENCH_MODEL_1B)).toBeLessThan(1.2e9);
  });
});
