import { describe, expect, it, vi } from 'vitest';

type Summary = { id: string; name: string };

/** The backend as the UI sees it: `graphs.list` answers with `lists`' next list, when `answer` is called. */
const backend = vi.hoisted(() => {
  const state = {
    lists: [] as Summary[][],
    asked: 0,
    pending: [] as (() => void)[],
    onChanged: [] as (() => void)[],
    /** Answers the oldest `graphs.list` waiting. */
    answer: () => state.pending.shift()?.(),
    pushChange: () => state.onChanged.forEach((listener) => listener()),
  };
  return state;
});

vi.mock('../../../renderer/src/api/api', () => ({
  api: {
    invoke: (method: string) => {
      if (method !== 'graphs.list') throw new Error(`unexpected ${method}`);
      const list = backend.lists[backend.asked++]!;
      return new Promise((resolve) => backend.pending.push(() => resolve(list)));
    },
    on: (event: string, listener: () => void) => {
      if (event === 'graphs.changed') backend.onChanged.push(listener);
      return () => undefined;
    },
  },
}));

const { findGraph, forgetGraphs } = await import('../../../renderer/src/api/use-graphs');

/** findGraph(id), answering the list it asks for, if it asks. */
async function find(id: string): Promise<string | undefined> {
  const found = findGraph(id);
  await Promise.resolve();
  backend.answer();
  return (await found)?.name;
}

describe('the graph list commands read (findGraph)', () => {
  it('lists the graphs once until a graph changes, then lists them again', async () => {
    backend.lists = [[{ id: 'g1', name: 'Trips' }], [{ id: 'g1', name: 'Journeys' }], [{ id: 'g1', name: 'Journeys' }]];
    expect(await find('g1')).toBe('Trips');
    expect(await find('g1')).toBe('Trips');
    expect(backend.asked).toBe(1);
    backend.pushChange();
    expect(await find('g1')).toBe('Journeys');
    expect(backend.asked).toBe(2);
    // A graph the list kept does not name may be one made a moment ago: it is looked up afresh.
    expect(await find('g2')).toBeUndefined();
    expect(backend.asked).toBe(3);
  });

  it('forgets the list when a command changed a graph, before the backend says so', async () => {
    backend.pushChange();
    backend.asked = 0;
    backend.lists = [[{ id: 'g1', name: 'Trips' }], [{ id: 'g1', name: 'Journeys' }]];
    expect(await find('g1')).toBe('Trips');
    forgetGraphs();
    expect(await find('g1')).toBe('Journeys');
    expect(backend.asked).toBe(2);
  });

  it('does not keep a list that was asked for before a change it answers after', async () => {
    backend.pushChange();
    backend.asked = 0;
    backend.lists = [[{ id: 'g1', name: 'Before' }], [{ id: 'g1', name: 'After' }]];
    const before = findGraph('g1');
    await Promise.resolve();
    backend.pushChange();
    backend.answer();
    expect((await before)?.name).toBe('Before');
    expect(await find('g1')).toBe('After');
    expect(backend.asked).toBe(2);
  });
});
