import { afterAll, describe, expect, it } from 'vitest';
import { goalOfSource } from '../../../backend/experiments/run-world';
import { MockRunner } from '../../../backend/executor/runtimes/mock-runner';
import type { Trajectory } from '../../../shared/domain';
import { cartEnvironment } from '../../helpers/shopping-cart';

const mocks = new MockRunner();
afterAll(() => mocks.close());

const record = (over: Partial<Trajectory>): Trajectory => ({
  id: 't1',
  kind: 'run',
  title: 'Shop',
  source: 'run',
  graphId: 'g1',
  planId: null,
  forkOf: null,
  createdAt: '2027-01-01T00:00:00.000Z',
  turns: [],
  ...over,
});

describe('the verdict on the recording an experiment re-runs', () => {
  const environment = cartEnvironment();
  const bought = {
    role: 'tool' as const,
    toolCallId: 'c1',
    content: '{"order":"order-1","lines":1}',
    state: { cart: [], orders: [{ id: 'order-1', lines: [{ item: 'milk', quantity: 4 }] }] },
  };

  it('is the goal outcome the record carries, else the goal on the state its turns left, else none', async () => {
    const carried = { status: 'failure' as const, by: 'environment goal', value: 'no order was placed' };
    expect(await goalOfSource(mocks, record({ outcome: carried, turns: [bought] }), environment)).toEqual(carried);
    const calls = [{ role: 'assistant' as const, toolCalls: [{ id: 'c1', name: 'checkout', args: {} }] }, bought];
    expect(await goalOfSource(mocks, record({ turns: calls }), environment)).toEqual({
      status: 'success',
      by: 'environment goal',
      value: 'order-1 holds 4 milk',
    });
    // A record that never ran in the environment (no state in its turns) has no verdict of its own.
    const { state: _none, ...stateless } = bought;
    expect(await goalOfSource(mocks, record({ turns: [stateless] }), environment)).toBeNull();
    expect(await goalOfSource(mocks, record({ turns: calls }), null)).toBeNull();
  });
});
