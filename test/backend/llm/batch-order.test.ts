import { describe, expect, it } from 'vitest';
import { inSequenceOrder } from '../../../backend/llm/batch-order';

const item = (sequence: number, tokens: number, evaluationPriority = 5) => ({
  sequence,
  tokens: Array.from({ length: tokens }, () => 0),
  evaluationPriority,
});
const sequenceOf = (i: { sequence: number }) => (i.sequence >= 0 ? i.sequence : undefined);

describe('batch order: tokens of busy sequences in increasing sequence id', () => {
  it('puts one generated token per sequence in id order, whatever order they were queued in', () => {
    const queued = [item(2, 1), item(0, 1), item(3, 1), item(1, 1)];
    const batch = inSequenceOrder(queued, 512, sequenceOf);
    expect(batch.map((p) => [p.item.sequence, p.processAmount])).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
      [3, 1],
    ]);
  });

  it('shares a full batch evenly between long prompts, never beyond its size', () => {
    const queued = [item(1, 600), item(0, 10), item(2, 300)];
    const batch = inSequenceOrder(queued, 512, sequenceOf);
    expect(batch.map((p) => p.item.sequence)).toEqual([0, 1, 2]);
    expect(batch.reduce((n, p) => n + p.processAmount, 0)).toBe(512);
    expect(batch.find((p) => p.item.sequence === 0)!.processAmount).toBe(10);
    expect(Math.min(...batch.map((p) => p.processAmount))).toBeGreaterThan(0);
  });

  it('leaves items whose sequence it cannot tell at the end, in the order they came', () => {
    const queued = [item(-1, 1), item(4, 1), item(-2, 1), item(1, 1)];
    const batch = inSequenceOrder(queued, 512, sequenceOf);
    expect(batch.map((p) => p.item.sequence)).toEqual([1, 4, -1, -2]);
  });

  it('gives the share a short item leaves to the others', () => {
    const batch = inSequenceOrder([item(1, 600), item(0, 10)], 512, sequenceOf);
    expect(batch.map((p) => [p.item.sequence, p.processAmount])).toEqual([
      [0, 10],
      [1, 502],
    ]);
  });
});
