/**
 * Python's `random.Random(seed)` for an int seed: MT19937 seeded by `init_by_array` as CPython
 * seeds it, with `getrandbits`, `randint`, `randrange`, `random`, `uniform` and `choice` giving the
 * numbers CPython gives (the BFCL classes draw ids and readings from it).
 */
export class PyRandom {
  private readonly mt = new Uint32Array(624);
  private index = 624;

  constructor(seed: number | bigint) {
    let n = BigInt(seed);
    if (n < 0n) n = -n;
    const key: number[] = [];
    while (n > 0n) {
      key.push(Number(n & 0xffffffffn));
      n >>= 32n;
    }
    if (!key.length) key.push(0);
    this.initByArray(key);
  }

  private initGenrand(s: number) {
    const mt = this.mt;
    mt[0] = s >>> 0;
    for (let i = 1; i < 624; i++) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = (Math.imul(1812433253, prev) + i) >>> 0;
    }
    this.index = 624;
  }

  private initByArray(key: number[]) {
    const mt = this.mt;
    this.initGenrand(19650218);
    let i = 1;
    let j = 0;
    for (let k = Math.max(624, key.length); k; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1664525)) + key[j]! + j) >>> 0;
      i++;
      j++;
      if (i >= 624) {
        mt[0] = mt[623]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = 623; k; k--) {
      const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
      mt[i] = ((mt[i]! ^ Math.imul(prev, 1566083941)) - i) >>> 0;
      i++;
      if (i >= 624) {
        mt[0] = mt[623]!;
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** MT19937's next 32-bit word. */
  genrand(): number {
    const mt = this.mt;
    if (this.index >= 624) {
      for (let k = 0; k < 624; k++) {
        const y = (mt[k]! & 0x80000000) | (mt[(k + 1) % 624]! & 0x7fffffff);
        mt[k] = mt[(k + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** `getrandbits(k)`: 32-bit words, least significant first, the last one cut to what is left. */
  getrandbits(k: number): bigint {
    if (k <= 0) return 0n;
    let result = 0n;
    let shift = 0n;
    for (let left = k; left > 0; left -= 32) {
      let r = this.genrand();
      if (left < 32) r >>>= 32 - left;
      result |= BigInt(r) << shift;
      shift += 32n;
    }
    return result;
  }

  /** `_randbelow(n)`: rejection sampling on `n.bit_length()` bits. */
  private randbelow(n: bigint): bigint {
    const k = n.toString(2).length;
    let r = this.getrandbits(k);
    while (r >= n) r = this.getrandbits(k);
    return r;
  }

  /** `randrange(start, stop)` with step 1. */
  randrange(start: number, stop: number): number {
    const width = BigInt(stop) - BigInt(start);
    if (width <= 0n) throw new Error(`empty range in randrange(${start}, ${stop})`);
    return Number(BigInt(start) + this.randbelow(width));
  }

  /** `randint(a, b)`, both ends included. */
  randint(a: number, b: number): number {
    return this.randrange(a, b + 1);
  }

  /** `random()`: a float in [0, 1) from 53 bits. */
  random(): number {
    const a = this.genrand() >>> 5;
    const b = this.genrand() >>> 6;
    return (a * 67108864 + b) / 9007199254740992;
  }

  /** `uniform(a, b)`: `a + (b - a) * random()`. */
  uniform(a: number, b: number): number {
    return a + (b - a) * this.random();
  }

  /** `choice(seq)`. */
  choice<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('Cannot choose from an empty sequence');
    return items[Number(this.randbelow(BigInt(items.length)))]!;
  }
}
