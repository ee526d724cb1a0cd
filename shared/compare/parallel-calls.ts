import type { ToolCall, Turn } from '../domain';
import { jsonValueKey } from '../json';

/** A call as far as sameness goes: its tool and its arguments' value. */
export const callKey = (call: Pick<ToolCall, 'name' | 'args'>): string =>
  `${call.name}\u0000${jsonValueKey(call.args)}`;

/** Two calls' indices paired across two turns; null on the side that has no partner. */
export interface PairedCall {
  a: number | null;
  b: number | null;
}

/**
 * Pairs the calls of two turns made in parallel: by call id, then by tool and arguments (the same
 * value), then by tool; what is left pairs in order, as a change of tool. Never by position alone,
 * so a candidate that makes the same calls in another order made the same calls.
 */
export function pairCalls(a: readonly ToolCall[], b: readonly ToolCall[]): PairedCall[] {
  const partner = new Map<number, number>();
  const taken = new Set<number>();
  const pairBy = (same: (x: ToolCall, y: ToolCall) => boolean) =>
    a.forEach((x, i) => {
      if (partner.has(i)) return;
      const j = b.findIndex((y, k) => !taken.has(k) && same(x, y));
      if (j < 0) return;
      partner.set(i, j);
      taken.add(j);
    });
  pairBy((x, y) => x.id === y.id && x.name === y.name);
  pairBy((x, y) => callKey(x) === callKey(y));
  pairBy((x, y) => x.name === y.name);
  pairBy(() => true);
  const pairs: PairedCall[] = a.map((_, i) => ({ a: i, b: partner.get(i) ?? null }));
  b.forEach((_, j) => {
    if (!taken.has(j)) pairs.push({ a: null, b: j });
  });
  return pairs;
}

/**
 * The turns with each block of results that follows a turn of parallel calls put in one order
 * that does not depend on the order the calls were made or answered in: the calls' own order
 * sorted by tool and arguments, each result placed by its call id. `order[k]` is the index in
 * `turns` of the k-th turn returned.
 */
export function inCallOrder(turns: readonly Turn[]): { turns: Turn[]; order: number[] } {
  const order = turns.map((_, i) => i);
  for (let i = 0; i < turns.length; i++) {
    const calls = turns[i]!.toolCalls ?? [];
    if (turns[i]!.role !== 'assistant' || calls.length < 2) continue;
    let end = i + 1;
    while (end < turns.length && turns[end]!.role === 'tool') end++;
    const keys = [...calls].map((c, k) => ({ id: c.id, key: callKey(c), k }));
    keys.sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : x.k - y.k));
    const rank = new Map(keys.map((c, r) => [c.id, r] as const));
    const block = order.slice(i + 1, end);
    const place = (t: number) => rank.get(turns[t]!.toolCallId ?? '') ?? calls.length;
    block.sort((x, y) => place(x) - place(y) || x - y);
    order.splice(i + 1, block.length, ...block);
    i = end - 1;
  }
  return { turns: order.map((i) => turns[i]!), order };
}
