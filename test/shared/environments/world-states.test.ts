import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../shared/domain';
import { worldsByTurn } from '../../../shared/environments/world-states';

const call = (id: string, name: string): Turn => ({ role: 'assistant', toolCalls: [{ id, name, args: {} }] });
const answer = (id: string, state?: unknown): Turn => ({
  role: 'tool',
  toolCallId: id,
  content: '{}',
  ...(state === undefined ? {} : { state }),
});

describe("a run's world around each call", () => {
  const turns: Turn[] = [
    { role: 'user', content: 'buy milk' },
    call('c1', 'add_item'),
    answer('c1', { cart: ['milk'] }),
    call('c2', 'weather'),
    answer('c2'), // answered by another runtime: the world did not move
    call('c3', 'checkout'),
    answer('c3', { cart: [], paid: true }),
    { role: 'assistant', content: 'done' },
  ];

  it('starts the first call from the initial state and each later one from the call before', () => {
    const worlds = worldsByTurn(turns, { cart: [] });
    expect([...worlds.keys()]).toEqual([2, 6]);
    expect(worlds.get(2)).toEqual({ before: { cart: [] }, after: { cart: ['milk'] } });
    expect(worlds.get(6)).toEqual({ before: { cart: ['milk'] }, after: { cart: [], paid: true } });
  });

  it('leaves the state before the first call unknown when the run does not say where its world started', () => {
    expect(worldsByTurn(turns).get(2)).toEqual({ before: undefined, after: { cart: ['milk'] } });
  });

  it('is empty for a run without an environment', () => {
    expect(worldsByTurn([call('c1', 'x'), answer('c1')], undefined).size).toBe(0);
  });
});
