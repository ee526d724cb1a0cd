import { callKey, inCallOrder } from '../compare/parallel-calls';
import type { Turn } from '../domain';
import { jsonValueKey, textValue } from '../json';

/** A turn's text as compared: JSON text (a tool's result) by its value, other text as written. */
const contentOf = (content: string | undefined) => {
  const value = textValue(content);
  return typeof value === 'string' ? value : jsonValueKey(value);
};

/**
 * The text two trajectories are compared on: roles, words and calls, case and spacing folded,
 * call ids dropped, JSON by value, parallel calls and their results in one order whatever order
 * they were made and answered in.
 */
export function normalizedText(turns: readonly Turn[]): string {
  return inCallOrder(turns)
    .turns.map((t) => {
      const calls = (t.toolCalls ?? []).map(callKey).sort().join(' ');
      return `${t.role}: ${[t.thought, contentOf(t.content), calls].filter(Boolean).join(' ')}`;
    })
    .join('\n')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const PERMUTATIONS = 64;
const BANDS = 16;
const ROWS = PERMUTATIONS / BANDS;

/** FNV-1a, 32 bits. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** One seed per hash function, fixed so that signatures are comparable across runs. */
const SEEDS = (() => {
  let s = 12345;
  return Uint32Array.from({ length: PERMUTATIONS }, () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0));
})();

/** murmur3's 32-bit finalizer: a cheap, well-mixing permutation of 32-bit values. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Word 3-shingles of a text (the text itself when it has fewer than three words). */
export function shingles(text: string): Set<number> {
  const words = text.split(' ');
  const out = new Set<number>();
  if (words.length < 3) out.add(hash32(text));
  for (let i = 0; i + 3 <= words.length; i++) out.add(hash32(`${words[i]} ${words[i + 1]} ${words[i + 2]}`));
  return out;
}

/** MinHash signature: for each of 64 hash functions (seeded mixes), the smallest hash over the shingles. */
export function minHash(items: Set<number>): Uint32Array {
  const signature = new Uint32Array(PERMUTATIONS).fill(0xffffffff);
  for (const x of items)
    for (let i = 0; i < PERMUTATIONS; i++) {
      const value = mix(x ^ SEEDS[i]!);
      if (value < signature[i]!) signature[i] = value;
    }
  return signature;
}

/** Estimated Jaccard similarity of two sets from their signatures. */
export function estimatedSimilarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

export interface DuplicateCluster {
  /** The one kept. */
  representative: string;
  /** The others, with their estimated similarity to the representative (1 for exact copies). */
  duplicates: { id: string; similarity: number }[];
}

/** Two independent 32-bit hashes of a text: a 64-bit key for exact copies without keeping the text. */
function exactKey(text: string): string {
  let h2 = 0x9747b28c;
  for (let i = 0; i < text.length; i++) h2 = Math.imul(h2 ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  return `${hash32(text)}:${h2 >>> 0}:${text.length}`;
}

/** What deduplication keeps of one trajectory: its id, an exact-copy key and a MinHash signature. */
export interface Fingerprint {
  id: string;
  key: string;
  signature: Uint32Array;
}

export function fingerprint(id: string, turns: readonly Turn[]): Fingerprint {
  const text = normalizedText(turns);
  return { id, key: exactKey(text), signature: minHash(shingles(text)) };
}

/**
 * Exact and near-duplicate clusters: exact copies share a normalized text; near ones are found
 * with MinHash signatures and LSH (16 bands of 4 rows) and kept when the estimated Jaccard
 * similarity of their word 3-shingles reaches the threshold. `rank` orders candidates for
 * keeping (lower is better: e.g. accepted before unlabelled). Items are read once, as they
 * come: only a signature per item is kept, so 100,000 trajectories need not sit in memory.
 */
export function findDuplicates(
  items: Iterable<{ id: string; turns: readonly Turn[] }>,
  threshold = 0.8,
  rank: (id: string) => number = () => 0,
): DuplicateCluster[] {
  const prints: Fingerprint[] = [];
  for (const item of items) prints.push(fingerprint(item.id, item.turns));
  return clusterFingerprints(prints, threshold, rank);
}

/** Clusters fingerprints made beforehand (e.g. a batch at a time, between other work). */
export function clusterFingerprints(
  prints: readonly Fingerprint[],
  threshold = 0.8,
  rank: (id: string) => number = () => 0,
): DuplicateCluster[] {
  const ids = prints.map((p) => p.id);
  const keys = prints.map((p) => p.key);
  const signatures = prints.map((p) => p.signature);
  const parent = ids.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const union = (a: number, b: number) => {
    parent[find(a)] = find(b);
  };
  const exact = new Map<string, number>();
  keys.forEach((key, i) => {
    const first = exact.get(key);
    if (first === undefined) exact.set(key, i);
    else union(i, first);
  });
  for (let band = 0; band < BANDS; band++) {
    const buckets = new Map<string, number>();
    signatures.forEach((sig, i) => {
      const key = Array.from(sig.subarray(band * ROWS, band * ROWS + ROWS)).join(',');
      const first = buckets.get(key);
      if (first === undefined) buckets.set(key, i);
      else if (find(first) !== find(i) && estimatedSimilarity(signatures[first]!, sig) >= threshold) union(first, i);
    });
  }
  const groups = new Map<number, number[]>();
  ids.forEach((_, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), i]));
  return [...groups.values()]
    .filter((g) => g.length > 1)
    .map((g) => {
      const sorted = [...g].sort((a, b) => rank(ids[a]!) - rank(ids[b]!) || a - b);
      const keep = sorted[0]!;
      return {
        representative: ids[keep]!,
        duplicates: sorted.slice(1).map((i) => ({
          id: ids[i]!,
          similarity: keys[i] === keys[keep] ? 1 : estimatedSimilarity(signatures[i]!, signatures[keep]!),
        })),
      };
    });
}
