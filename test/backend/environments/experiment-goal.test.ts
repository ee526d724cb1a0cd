import { describe, expect, it } from 'vitest';
import type { ToolPolicy } from '../../../shared/experiments/types';
import { testBackend } from '../../helpers/backend';
import { startOpenAIServer, type ChatScript } from '../../helpers/openai-server';
import { addShoppingCart, planOf, runPlan } from '../../helpers/shopping-cart';

/** A candidate that buys milk, then checks out, then says so: another path than the recording's. */
const buysMilk: ChatScript = (body) => {
  const messages = body.messages as { role: string; content?: string }[];
  const answered = messages.filter((m) => m.role === 'tool').length;
  if (answered === 0) return { toolCalls: [{ id: 'c1', name: 'add_item', arguments: { item: 'milk', quantity: 2 } }] };
  if (answered === 1) return { toolCalls: [{ id: 'c2', name: 'checkout', arguments: {} }] };
  return { content: 'Ordered two milk.' };
};

async function experimentOn(policy: ToolPolicy) {
  const server = await startOpenAIServer({ script: buysMilk });
  const b = testBackend({ seed: false });
  const graphId = await addShoppingCart(b);
  // The recording: bread, then checkout. Every call answered, but the order holds no milk.
  const baseline = await runPlan(b, graphId, planOf(['add_item', { item: 'bread' }], ['checkout', {}]), 'Buy milk');
  const source = await b.registry.invoke('trajectories.get', { id: baseline.trajectoryId! });
  expect(source.outcome).toEqual({
    status: 'failure',
    by: 'environment goal',
    value: 'order-1 holds no milk (2 calls)',
  });
  const model = { kind: 'server' as const, baseUrl: server.baseUrl, model: 'shopper', concurrency: 1 };
  const result = await b.registry.invoke('experiments.run', {
    definition: {
      name: `milk (${policy})`,
      filter: { source: 'run' },
      toolPolicy: policy,
      candidates: [
        { label: 'first', model },
        { label: 'second', model },
      ],
    },
  });
  return { b, result };
}

describe('an experiment on a graph with an environment', () => {
  it.each(['runtimes', 'replay-then-runtimes'] as const)(
    'judges a candidate that takes another path by the goal: improved where the recording failed it (%s)',
    async (policy) => {
      const { b, result } = await experimentOn(policy);
      expect(result.status).toBe('finished');
      expect(result.runs).toHaveLength(2);
      for (const run of result.runs) {
        expect(run).toMatchObject({
          verdict: 'improved',
          error: null,
          outcomeBefore: 'failure',
          outcomeBeforeFrom: 'goal',
          outcomeAfter: 'success',
        });
        expect(run.divergence).toMatchObject({ kind: 'arguments', runTurn: 1, sourceTurn: 1 });
        const kept = await b.registry.invoke('trajectories.get', { id: run.runId! });
        expect(kept.outcome).toEqual({ status: 'success', by: 'environment goal', value: 'order-1 holds 2 milk' });
        // Each run had a world of its own: both placed the shop's first order.
        const states = kept.turns.filter((t) => t.role === 'tool').map((t) => t.state);
        expect(states.at(-1)).toMatchObject({
          cart: [],
          orders: [{ id: 'order-1', lines: [{ item: 'milk', quantity: 2 }] }],
        });
        expect(kept.metadata).toMatchObject({ environment: { initialState: { cart: [], orders: [] } } });
      }
      expect(result.table).toEqual([
        expect.objectContaining({ improved: 1, regressed: 0, errored: 0 }),
        expect.objectContaining({ improved: 1, regressed: 0, errored: 0 }),
      ]);
    },
  );
});
