/**
 * The order in which sequences' tokens go into one llama.cpp batch.
 *
 * With one KV stream per sequence (node-llama-cpp's contexts), llama.cpp splits a batch into
 * micro-batches that take sequences only in increasing, consecutive ids: tokens of sequences
 * 2, 0, 3, 1 cost four passes over the weights, 0, 1, 2, 3 one. Measured on the 124M test model
 * (2-core CPU, 1 thread): a 4-token batch took 19 ms in id order, 36 ms shuffled, 8.5 ms for
 * one token alone.
 */

/** What node-llama-cpp's batching hands a prioritization strategy. */
export interface BatchItem {
  readonly tokens: readonly unknown[];
  readonly evaluationPriority: number;
}

export interface PrioritizedItem<T extends BatchItem> {
  item: T;
  processAmount: number;
}

/**
 * node-llama-cpp's "maximum parallelism" share (every sequence gets an even part of the batch,
 * what is left goes to the longest waiting, then the highest priority), in sequence-id order.
 * `sequenceOf` says an item's sequence id; items it cannot place keep their place at the end.
 */
export function inSequenceOrder<T extends BatchItem>(
  items: readonly T[],
  size: number,
  sequenceOf: (item: T) => number | undefined,
): PrioritizedItem<T>[] {
  const chosen = evenShare(items, size);
  const key = (p: PrioritizedItem<T>) => sequenceOf(p.item) ?? Number.MAX_SAFE_INTEGER;
  // Array.prototype.sort is stable: unknown ids stay in the order they came.
  return chosen.sort((a, b) => key(a) - key(b));
}

function evenShare<T extends BatchItem>(items: readonly T[], size: number): PrioritizedItem<T>[] {
  let left = size;
  const each = Math.floor(size / Math.max(1, items.length));
  const chosen: PrioritizedItem<T>[] = [];
  const clipped: PrioritizedItem<T>[] = [];
  for (const item of items) {
    const processAmount = Math.min(item.tokens.length, left, each);
    const entry = { item, processAmount };
    chosen.push(entry);
    left -= processAmount;
    if (processAmount < item.tokens.length) clipped.push(entry);
    if (left === 0) break;
  }
  for (let passes = 3; left > 0 && clipped.length > 0 && passes > 0; passes--) {
    const step = Math.ceil(left / clipped.length);
    for (let i = 0; i < clipped.length && left > 0; i++) {
      const entry = clipped[i]!;
      const unprocessed = entry.item.tokens.length - entry.processAmount;
      const more = Math.min(unprocessed, left, step);
      entry.processAmount += more;
      left -= more;
      if (more === unprocessed) clipped.splice(i--, 1);
    }
  }
  clipped.sort((a, b) => b.item.evaluationPriority - a.item.evaluationPriority);
  for (let i = 0; i < clipped.length && left > 0; i++) {
    const entry = clipped[i]!;
    const more = Math.min(entry.item.tokens.length - entry.processAmount, left);
    entry.processAmount += more;
    left -= more;
  }
  return chosen.filter((entry) => entry.processAmount > 0);
}
