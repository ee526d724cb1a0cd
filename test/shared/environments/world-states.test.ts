import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../shared/domain';
import { goalVerdictOf, runEnvironment, worldsByTurn } from '../../../shared/environments/world-states';

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

describe("a run's environment and its verdict", () => {
  it('reads the initial state from the metadata, falsy ones included', () => {
    expect(runEnvironment({ environment: { initialState: 0, source: 'BFCL GorillaFileSystem' } })).toEqual({
      initialState: 0,
      source: 'BFCL GorillaFileSystem',
    });
    expect(runEnvironment({ environment: { initialState: null } })).toEqual({ initialState: null });
    expect(runEnvironment({ model: 'x' })).toBeNull();
    expect(runEnvironment(undefined)).toBeNull();
  });

  it("takes the outcome as the goal's verdict only when the goal check gave it", () => {
    const verdict = { status: 'failure' as const, by: 'environment goal', value: 'the cart is empty' };
    expect(goalVerdictOf(verdict)).toEqual(verdict);
    expect(goalVerdictOf({ status: 'success', by: 'tau-bench reward', value: 1 })).toBeNull();
    expect(goalVerdictOf(null)).toBeNull();
  });
});
