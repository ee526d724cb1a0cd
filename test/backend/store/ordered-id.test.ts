import { describe, expect, it } from 'vitest';
import { orderedId } from '../../../backend/store/repositories/ordered-id';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ordered ids', () => {
  it('are version 7 UUIDs that start with the time they were made', () => {
    const at = Date.UTC(2026, 11, 2, 8, 0, 0);
    const id = orderedId(at + 10_000);
    expect(id).toMatch(UUID_V7);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 10_000);
  });

  it('sort in the order they were made, also thousands in one millisecond and when the clock steps back', () => {
    const at = Date.UTC(2026, 11, 2, 9, 0, 0);
    const ids = [
      ...Array.from({ length: 10_000 }, () => orderedId(at)),
      orderedId(at - 5_000),
      orderedId(at + 1),
      ...Array.from({ length: 100 }, (_, i) => orderedId(at + 2 + i)),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(UUID_V7);
    expect([...ids].sort()).toEqual(ids);
  });
});
