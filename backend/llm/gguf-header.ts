import fs from 'node:fs';

/**
 * Trellis's own pass over a GGUF header, before node-llama-cpp reads it: every count and length
 * the file declares is checked against the bytes left in it before it is trusted, so a 24-byte
 * file that declares 2^63 tensors is refused at once instead of sending a reader looping (and
 * allocating) for minutes. Nothing is kept but the alignment: memory stays one read buffer.
 */

/** A header this file cannot hold; the message names the field and the file, for the user. */
export class GgufHeaderError extends Error {}

/** Real models' headers (vocabulary, merges, tensor infos) are a few MiB; past this one is refused. */
export const MAX_HEADER_BYTES = 256 * 2 ** 20;
const MAX_DIMS = 4;
const MAX_ARRAY_NESTING = 4;
const DEFAULT_ALIGNMENT = 32;

enum ValueType {
  UINT8,
  INT8,
  UINT16,
  INT16,
  UINT32,
  INT32,
  FLOAT32,
  BOOL,
  STRING,
  ARRAY,
  UINT64,
  INT64,
  FLOAT64,
}
const FIXED_BYTES: Partial<Record<ValueType, number>> = {
  [ValueType.UINT8]: 1,
  [ValueType.INT8]: 1,
  [ValueType.BOOL]: 1,
  [ValueType.UINT16]: 2,
  [ValueType.INT16]: 2,
  [ValueType.UINT32]: 4,
  [ValueType.INT32]: 4,
  [ValueType.FLOAT32]: 4,
  [ValueType.UINT64]: 8,
  [ValueType.INT64]: 8,
  [ValueType.FLOAT64]: 8,
};
/** The fewest bytes one value of a type takes: a string's length, an array's type and count. */
const minBytes = (type: ValueType) => FIXED_BYTES[type] ?? (type === ValueType.STRING ? 8 : 12);
/** A key-value pair at its smallest (key length, type, a one-byte value); a tensor info (name length, dims, type, offset). */
const MIN_PAIR_BYTES = 8 + 4 + 1;
const MIN_TENSOR_INFO_BYTES = 8 + 4 + 4 + 8;

/**
 * [elements per block, bytes per block] of ggml's tensor types whose layout is long settled
 * (ggml.c's type_traits); a tensor of another type is not size-checked.
 */
const BLOCKS: Record<number, [number, number]> = {
  0: [1, 4], // F32
  1: [1, 2], // F16
  2: [32, 18], // Q4_0
  3: [32, 20], // Q4_1
  6: [32, 22], // Q5_0
  7: [32, 24], // Q5_1
  8: [32, 34], // Q8_0
  10: [256, 84], // Q2_K
  11: [256, 110], // Q3_K
  12: [256, 144], // Q4_K
  13: [256, 176], // Q5_K
  14: [256, 210], // Q6_K
  24: [1, 1], // I8
  25: [1, 2], // I16
  26: [1, 4], // I32
  27: [1, 8], // I64
  28: [1, 8], // F64
  30: [1, 2], // BF16
};

/** Sequential reads through one buffer, each checked against the end of the file. */
class BoundedReader {
  private readonly buffer = Buffer.alloc(1 << 20);
  private start = 0;
  private end = 0;
  offset = 0;

  constructor(
    private readonly fd: number,
    readonly size: number,
    private readonly fail: (message: string) => never,
  ) {}

  get left(): number {
    return this.size - this.offset;
  }

  /** Bytes `n` from here, or an error naming what was being read. */
  private take(n: number, what: string): number {
    if (n > this.left)
      this.fail(`is cut off in ${what}: it needs ${n} more bytes at byte ${this.offset}, and the file ends there`);
    if (this.offset + n > this.end || this.offset < this.start) {
      this.start = this.offset;
      this.end = this.start + fs.readSync(this.fd, this.buffer, 0, this.buffer.length, this.start);
    }
    const at = this.offset - this.start;
    this.offset += n;
    return at;
  }

  u32(what: string): number {
    return this.buffer.readUInt32LE(this.take(4, what));
  }

  u64(what: string): bigint {
    return this.buffer.readBigUInt64LE(this.take(8, what));
  }

  skip(n: bigint, what: string): void {
    if (n > BigInt(this.left)) this.take(Number(n), what);
    this.offset += Number(n);
  }

  /** A count of items of at least `each` bytes, refused when the bytes left cannot hold them. */
  count(what: string, each: number): number {
    const n = this.u64(`the count of ${what}`);
    const most = Math.floor(this.left / each);
    if (n > BigInt(most))
      this.fail(
        `declares ${n} ${what}; the ${this.left} bytes left in a file of ${this.size} bytes can hold at most ${most}`,
      );
    return Number(n);
  }

  /** Element `index` of the string array `key`, skipped. */
  skipString(key: string, index: number): void {
    if (this.left < 8) this.take(8, `${key}[${index}]`);
    const length = this.buffer.readBigUInt64LE(this.take(8, key));
    if (length > BigInt(this.left))
      this.fail(
        `declares ${length} bytes for ${key}[${index}]; the ${this.left} bytes left in a file of ${this.size} bytes cannot hold them`,
      );
    this.offset += Number(length);
  }

  string(what: string): string {
    const length = this.count(`bytes in ${what}`, 1);
    if (length > this.buffer.length) {
      this.skip(BigInt(length), what);
      return '';
    }
    const at = this.take(length, what);
    return this.buffer.toString('utf8', at, at + length);
  }
}

/** What the check learnt: where tensor data starts and ends. */
export interface GgufHeaderSummary {
  version: number;
  tensors: number;
  metadata: number;
  /** Where the tensor data section starts, and the last byte any tensor of a known type needs. */
  dataStart: number;
  dataEnd: number;
}

/**
 * Walks the header of the GGUF at `path` (already known to start with the magic) and refuses one
 * whose counts, lengths or tensors do not fit in the file, naming the field.
 */
export function checkGgufHeader(path: string): GgufHeaderSummary {
  const fd = fs.openSync(path, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const fail = (message: string): never => {
      throw new GgufHeaderError(`${path} ${message}.`);
    };
    const r = new BoundedReader(fd, size, fail);
    r.u32('the magic');
    const version = r.u32('the version');
    if (version !== 2 && version !== 3)
      fail(`is GGUF version ${version}; llama.cpp reads versions 2 and 3 (convert it again with a current llama.cpp)`);
    const tensors = r.count('tensors', MIN_TENSOR_INFO_BYTES);
    const metadata = r.count('metadata entries', MIN_PAIR_BYTES);
    let alignment = DEFAULT_ALIGNMENT;
    for (let i = 0; i < metadata; i++) {
      const key = r.string(`the name of metadata entry ${i + 1}`);
      const type = r.u32(`the type of ${key}`);
      if (key === 'general.alignment' && type === ValueType.UINT32) {
        alignment = r.u32(key);
        if (!alignment || alignment & (alignment - 1))
          fail(`declares an alignment of ${alignment}, not a power of two`);
      } else skipValue(r, type, key, 0, fail);
      if (r.offset > MAX_HEADER_BYTES) fail(`has a header larger than ${MAX_HEADER_BYTES / 2 ** 20} MiB`);
    }
    const infos: { name: string; elements: bigint; type: number; offset: bigint }[] = [];
    for (let i = 0; i < tensors; i++) {
      const name = r.string(`the name of tensor ${i + 1}`);
      const dims = r.u32(`the dimensions of ${name}`);
      if (dims > MAX_DIMS)
        fail(`declares ${dims} dimensions for tensor ${name}; ggml tensors have at most ${MAX_DIMS}`);
      let elements = 1n;
      for (let d = 0; d < dims; d++) elements *= r.u64(`dimension ${d + 1} of ${name}`);
      infos.push({ name, elements, type: r.u32(`the type of ${name}`), offset: r.u64(`the offset of ${name}`) });
      if (r.offset > MAX_HEADER_BYTES) fail(`has a header larger than ${MAX_HEADER_BYTES / 2 ** 20} MiB`);
    }
    const dataStart = Math.ceil(r.offset / alignment) * alignment;
    let dataEnd = dataStart;
    for (const t of infos) {
      const block = BLOCKS[t.type];
      const end = BigInt(dataStart) + t.offset + (block ? (t.elements / BigInt(block[0])) * BigInt(block[1]) : 0n);
      if (end > BigInt(size))
        fail(
          `is truncated: tensor ${t.name} needs its data up to byte ${end}, but the file ends at byte ${size} ` +
            '(an unfinished download or copy? Get the file again)',
        );
      if (Number(end) > dataEnd) dataEnd = Number(end);
    }
    return { version, tensors, metadata, dataStart, dataEnd };
  } finally {
    fs.closeSync(fd);
  }
}

function skipValue(r: BoundedReader, type: number, key: string, depth: number, fail: (m: string) => never): void {
  const fixed = FIXED_BYTES[type as ValueType];
  if (fixed) return r.skip(BigInt(fixed), key);
  if (type === ValueType.STRING) return void r.string(key);
  if (type !== ValueType.ARRAY) return fail(`gives ${key} the unknown value type ${type}`);
  if (depth >= MAX_ARRAY_NESTING) return fail(`nests arrays in ${key} more than ${MAX_ARRAY_NESTING} deep`);
  const element = r.u32(`the element type of ${key}`);
  if (element > ValueType.FLOAT64) return fail(`gives the elements of ${key} the unknown value type ${element}`);
  const what = `${element === ValueType.STRING ? 'strings' : 'elements'} in the array ${key}`;
  const n = r.count(what, minBytes(element));
  const each = FIXED_BYTES[element as ValueType];
  if (each) return r.skip(BigInt(n) * BigInt(each), key);
  // A vocabulary holds a few hundred thousand strings: no message is made unless one is wrong.
  if (element === ValueType.STRING) for (let i = 0; i < n; i++) r.skipString(key, i);
  else for (let i = 0; i < n; i++) skipValue(r, element, `${key}[${i}]`, depth + 1, fail);
}
