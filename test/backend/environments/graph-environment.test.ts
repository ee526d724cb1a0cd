import { describe, expect, it } from 'vitest';
import { graphToFile } from '../../../shared/graph';
import { testBackend } from '../../helpers/backend';
import { addShoppingCart, cartEnvironment } from '../../helpers/shopping-cart';

describe('a graph’s environment in the store', () => {
  it('is kept by saves that leave it out, removed by null, copied by duplicate, and read back from a Trellis graph file', async () => {
    const b = testBackend({ seed: false });
    const id = await addShoppingCart(b);
    const graph = await b.registry.invoke('graphs.get', { id });
    expect(graph.environment).toEqual(cartEnvironment());

    await b.registry.invoke('graphs.save', { id, tools: graph.tools.slice(1), edges: [], dismissedSuggestions: [] });
    expect((await b.registry.invoke('graphs.get', { id })).environment).toEqual(cartEnvironment());

    const copy = await b.registry.invoke('graphs.duplicate', { id, name: 'Cart copy' });
    expect((await b.registry.invoke('graphs.get', { id: copy.id })).environment).toEqual(cartEnvironment());

    const parsed = await b.registry.invoke('tools.parse', {
      format: 'trellis',
      text: JSON.stringify(graphToFile(await b.registry.invoke('graphs.get', { id: copy.id }))),
    });
    expect(parsed.environment).toEqual(cartEnvironment());
    expect(parsed.tools.map((t) => t.name)).toEqual(['remove_item', 'view_cart', 'checkout']);

    await b.registry.invoke('graphs.save', { id, tools: [], edges: [], dismissedSuggestions: [], environment: null });
    expect((await b.registry.invoke('graphs.get', { id })).environment).toBeUndefined();
    expect((await b.registry.invoke('graphs.get', { id: copy.id })).environment).toEqual(cartEnvironment());
  });

  it('answers the inspector’s Try it of an environment tool from the initial state, and says what to do without one', async () => {
    const b = testBackend({ seed: false });
    const id = await addShoppingCart(b);
    const { tools, environment } = await b.registry.invoke('graphs.get', { id });
    const addItem = tools.find((t) => t.name === 'add_item')!;
    expect(
      await b.registry.invoke('tools.tryRuntime', { tool: addItem, args: { item: 'eggs', quantity: 6 }, environment }),
    ).toMatchObject({ ok: true, result: { lines: 1 }, problems: [] });
    expect(await b.registry.invoke('tools.tryRuntime', { tool: addItem, args: { item: 'eggs' } })).toMatchObject({
      ok: false,
      error: expect.stringContaining(
        "add_item answers from its graph's environment, but this graph has none.",
      ) as string,
    });
  });
});
