import fs from 'node:fs';
import { seededRandom } from '../../shared/random';

/**
 * Writes llama-architecture GGUF models with seeded random weights, a real SentencePiece-style
 * vocabulary (control tokens, byte fallback, word pieces) and a ChatML chat template. Output is
 * meaningless but structurally valid, which is what tests and benchmarks of the runtime need.
 */

const GGUF_MAGIC = 0x46554747; // "GGUF" little-endian
const GGUF_VERSION = 3;
const ALIGNMENT = 32;

enum ValueType {
  UINT32 = 4,
  INT32 = 5,
  FLOAT32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}

export type TensorType = 'f32' | 'f16';
const TENSOR_TYPE_ID: Record<TensorType, number> = { f32: 0, f16: 1 };
const BYTES: Record<TensorType, number> = { f32: 4, f16: 2 };

export interface ModelShape {
  /** Hidden size. */
  embedding: number;
  layers: number;
  heads: number;
  kvHeads: number;
  feedForward: number;
  contextLength: number;
  tensorType: TensorType;
  /** Extra word pieces on top of the control and byte tokens. */
  extraWords?: readonly string[];
  /** Pad the vocabulary with filler pieces up to this size (benchmark models use 32,000). */
  vocabularySize?: number;
  seed?: number;
  name?: string;
  /** Only for testing refusals: an architecture name llama.cpp does not know. */
  architecture?: string;
}

/** ~1 MB: fast enough for every test. */
export const TINY_MODEL: ModelShape = {
  embedding: 64,
  layers: 2,
  heads: 4,
  kvHeads: 2,
  feedForward: 128,
  contextLength: 1024,
  tensorType: 'f32',
};

/** ~1.1B parameters, llama-shaped, as in the GPU reference figures. */
export const BENCH_MODEL_1B: ModelShape = {
  embedding: 2048,
  layers: 16,
  heads: 32,
  kvHeads: 8,
  feedForward: 8192,
  contextLength: 4096,
  tensorType: 'f16',
  vocabularySize: 32000,
};

export const CHATML_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

const COMMON_WORDS = [
  'the',
  'a',
  'to',
  'of',
  'and',
  'in',
  'is',
  'for',
  'on',
  'with',
  'flight',
  'hotel',
  'book',
  'search',
  'city',
  'date',
  'tool',
  'plan',
  'step',
  'result',
  'user',
  'assistant',
  'name',
  'id',
  'args',
  'true',
  'false',
  'null',
];

interface Vocabulary {
  tokens: string[];
  scores: number[];
  types: number[];
  bos: number;
  eos: number;
  unk: number;
}

/** Control tokens, the 256 byte tokens `<0xNN>`, then `▁` + letters, digits, JSON punctuation and words. */
export function buildVocabulary(extraWords: readonly string[] = [], size = 0): Vocabulary {
  const tokens: string[] = [];
  const scores: number[] = [];
  const types: number[] = [];
  const add = (token: string, score: number, type: number) => {
    tokens.push(token);
    scores.push(score);
    types.push(type);
  };
  add('<unk>', 0, 2);
  add('<s>', 0, 3);
  add('</s>', 0, 3);
  add('<|im_start|>', 0, 3);
  add('<|im_end|>', 0, 3);
  for (let b = 0; b < 256; b++) add(`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, 0, 6);
  const pieces = new Set<string>(['▁']);
  for (const c of 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789{}[]":,._-') pieces.add(c);
  for (const c of 'abcdefghijklmnopqrstuvwxyz') pieces.add(`▁${c}`);
  for (const word of [...COMMON_WORDS, ...extraWords]) {
    pieces.add(word);
    pieces.add(`▁${word}`);
  }
  for (let n = 0; pieces.size + tokens.length < size; n++) pieces.add(`▁w${n}`);
  for (const piece of pieces) add(piece, -[...piece].length / 10 - tokens.length / 1e5, 1);
  return { tokens, scores, types, bos: 1, eos: 4, unk: 0 };
}

const random = seededRandom;

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** IEEE 754 single → half, round to nearest. */
function toHalf(value: number): number {
  f32[0] = value;
  const x = u32[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exponent = ((x >>> 23) & 0xff) - 127 + 15;
  const mantissa = x & 0x7fffff;
  if (exponent <= 0) return sign;
  if (exponent >= 31) return sign | 0x7c00;
  return sign | (exponent << 10) | ((mantissa + 0x1000) >>> 13);
}

class Writer {
  private readonly chunks: Buffer[] = [];
  size = 0;
  private push(buffer: Buffer) {
    this.chunks.push(buffer);
    this.size += buffer.length;
  }
  u8(v: number) {
    this.push(Buffer.from([v]));
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v: number | bigint) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  string(s: string) {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(to: number) {
    const rest = this.size % to;
    if (rest) this.push(Buffer.alloc(to - rest));
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

type Meta = [key: string, type: ValueType, value: unknown, elementType?: ValueType];

function writeMeta(w: Writer, [key, type, value, element]: Meta): void {
  w.string(key);
  w.u32(type);
  const one = (t: ValueType, v: unknown) => {
    if (t === ValueType.UINT32) w.u32(v as number);
    else if (t === ValueType.INT32) w.i32(v as number);
    else if (t === ValueType.FLOAT32) w.f32(v as number);
    else if (t === ValueType.BOOL) w.u8(v ? 1 : 0);
    else if (t === ValueType.STRING) w.string(v as string);
  };
  if (type === ValueType.ARRAY) {
    const list = value as unknown[];
    w.u32(element!);
    w.u64(list.length);
    for (const v of list) one(element!, v);
  } else one(type, value);
}

interface TensorSpec {
  name: string;
  /** GGUF order: ne[0] (fastest) first. */
  dims: number[];
  fill: 'random' | 'ones';
}

function tensorSpecs(shape: ModelShape, vocab: number): TensorSpec[] {
  const { embedding: e, feedForward: ff, layers } = shape;
  const kv = (e / shape.heads) * shape.kvHeads;
  const specs: TensorSpec[] = [
    { name: 'token_embd.weight', dims: [e, vocab], fill: 'random' },
    { name: 'output_norm.weight', dims: [e], fill: 'ones' },
    { name: 'output.weight', dims: [e, vocab], fill: 'random' },
  ];
  for (let i = 0; i < layers; i++) {
    specs.push(
      { name: `blk.${i}.attn_norm.weight`, dims: [e], fill: 'ones' },
      { name: `blk.${i}.attn_q.weight`, dims: [e, e], fill: 'random' },
      { name: `blk.${i}.attn_k.weight`, dims: [e, kv], fill: 'random' },
      { name: `blk.${i}.attn_v.weight`, dims: [e, kv], fill: 'random' },
      { name: `blk.${i}.attn_output.weight`, dims: [e, e], fill: 'random' },
      { name: `blk.${i}.ffn_norm.weight`, dims: [e], fill: 'ones' },
      { name: `blk.${i}.ffn_gate.weight`, dims: [e, ff], fill: 'random' },
      { name: `blk.${i}.ffn_up.weight`, dims: [e, ff], fill: 'random' },
      { name: `blk.${i}.ffn_down.weight`, dims: [ff, e], fill: 'random' },
    );
  }
  return specs;
}

const count = (dims: number[]) => dims.reduce((a, b) => a * b, 1);

/** Parameter count of a shape (for labels and benchmark reports). */
export function parameterCount(shape: ModelShape): number {
  const vocab = buildVocabulary(shape.extraWords, shape.vocabularySize).tokens.length;
  return tensorSpecs(shape, vocab).reduce((n, t) => n + count(t.dims), 0);
}

/** Writes the model to `file`, streaming tensor data so billion-parameter models fit in memory. */
export function writeGguf(file: string, shape: ModelShape): { bytes: number; parameters: number; vocabulary: number } {
  const vocab = buildVocabulary(shape.extraWords, shape.vocabularySize);
  const specs = tensorSpecs(shape, vocab.tokens.length);
  // Norm weights (1-D) stay f32, as llama.cpp's converters write them and its kernels expect.
  const tensorType = (spec: TensorSpec): TensorType => (spec.dims.length === 1 ? 'f32' : shape.tensorType);
  const fileType = shape.tensorType;
  const meta: Meta[] = [
    ['general.architecture', ValueType.STRING, shape.architecture ?? 'llama'],
    ['general.name', ValueType.STRING, shape.name ?? 'trellis-test-model'],
    ['general.alignment', ValueType.UINT32, ALIGNMENT],
    ['general.file_type', ValueType.UINT32, fileType === 'f32' ? 0 : 1],
    ['llama.context_length', ValueType.UINT32, shape.contextLength],
    ['llama.embedding_length', ValueType.UINT32, shape.embedding],
    ['llama.block_count', ValueType.UINT32, shape.layers],
    ['llama.feed_forward_length', ValueType.UINT32, shape.feedForward],
    ['llama.attention.head_count', ValueType.UINT32, shape.heads],
    ['llama.attention.head_count_kv', ValueType.UINT32, shape.kvHeads],
    ['llama.rope.dimension_count', ValueType.UINT32, shape.embedding / shape.heads],
    ['llama.attention.layer_norm_rms_epsilon', ValueType.FLOAT32, 1e-5],
    ['llama.vocab_size', ValueType.UINT32, vocab.tokens.length],
    ['tokenizer.ggml.model', ValueType.STRING, 'llama'],
    ['tokenizer.ggml.tokens', ValueType.ARRAY, vocab.tokens, ValueType.STRING],
    ['tokenizer.ggml.scores', ValueType.ARRAY, vocab.scores, ValueType.FLOAT32],
    ['tokenizer.ggml.token_type', ValueType.ARRAY, vocab.types, ValueType.INT32],
    ['tokenizer.ggml.bos_token_id', ValueType.UINT32, vocab.bos],
    ['tokenizer.ggml.eos_token_id', ValueType.UINT32, vocab.eos],
    ['tokenizer.ggml.unknown_token_id', ValueType.UINT32, vocab.unk],
    ['tokenizer.ggml.add_bos_token', ValueType.BOOL, true],
    ['tokenizer.chat_template', ValueType.STRING, CHATML_TEMPLATE],
  ];

  const header = new Writer();
  header.u32(GGUF_MAGIC);
  header.u32(GGUF_VERSION);
  header.u64(specs.length);
  header.u64(meta.length);
  for (const m of meta) writeMeta(header, m);
  let offset = 0;
  const offsets: number[] = [];
  for (const spec of specs) {
    header.string(spec.name);
    header.u32(spec.dims.length);
    for (const d of spec.dims) header.u64(d);
    header.u32(TENSOR_TYPE_ID[tensorType(spec)]);
    header.u64(offset);
    offsets.push(offset);
    offset += Math.ceil((count(spec.dims) * BYTES[tensorType(spec)]) / ALIGNMENT) * ALIGNMENT;
  }
  header.pad(ALIGNMENT);

  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(fd, header.bytes());
    const next = random(shape.seed ?? 42);
    const chunkElements = 1 << 20;
    for (const spec of specs) {
      const type = tensorType(spec);
      const total = count(spec.dims);
      // Small random weights keep activations finite through every layer.
      const scale = spec.fill === 'ones' ? 0 : 1 / Math.sqrt(spec.dims[0]!);
      for (let start = 0; start < total; start += chunkElements) {
        const n = Math.min(chunkElements, total - start);
        const buffer = Buffer.alloc(n * BYTES[type]);
        for (let i = 0; i < n; i++) {
          const value = spec.fill === 'ones' ? 1 : (next() * 2 - 1) * scale;
          if (type === 'f32') buffer.writeFloatLE(value, i * 4);
          else buffer.writeUInt16LE(toHalf(value), i * 2);
        }
        fs.writeSync(fd, buffer);
      }
      const written = total * BYTES[type];
      const padded = Math.ceil(written / ALIGNMENT) * ALIGNMENT;
      if (padded > written) fs.writeSync(fd, Buffer.alloc(padded - written));
    }
  } finally {
    fs.closeSync(fd);
  }
  return {
    bytes: fs.statSync(file).size,
    parameters: specs.reduce((n, t) => n + count(t.dims), 0),
    vocabulary: vocab.tokens.length,
  };
}
