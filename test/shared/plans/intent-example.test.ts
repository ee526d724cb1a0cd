import { describe, expect, it } from 'vitest';
import { goalToolsFor, intentExample, NEUTRAL_INTENT_EXAMPLE } from '../../../shared/plans';
import { dep, exampleGraph, graph, smartHomeGraph, tool } from '../../helpers/graphs';

describe('the intent box’s example comes from the open graph', () => {
  it('reads like a request in the words of a trip tool that needs another first, passing over descriptions that name another tool', () => {
    const example = intentExample(exampleGraph());
    expect(example).toBe('e.g. Find points of interest of a category near a location');
  });

  it('suggests a smart-home request for the smart-home graph, never a flight', () => {
    const home = smartHomeGraph();
    const example = intentExample(home);
    expect(example).toBe("e.g. Set the target temperature and mode of a room's thermostat");
    expect(example).not.toMatch(/flight/i);
  });

  it('is an intent the deterministic planner reads back to a tool of the graph', () => {
    for (const g of [exampleGraph(), smartHomeGraph()]) {
      const goals = goalToolsFor(intentExample(g).replace(/^e\.g\. /, ''), g).map((m) => m.tool);
      expect(goals.length).toBeGreaterThan(0);
    }
  });

  it('names the tool outright when no description says what it does', () => {
    const tools = graph(
      [tool('fetch_invoice', { id: 'string' }), tool('pay_invoice', { id: 'string' })],
      [dep('fetch_invoice', 'id', 'pay_invoice', 'id')],
    );
    tools.tools[0]!.description = 'Reads an invoice by its id.';
    tools.tools[1]!.description = 'Settles an open invoice.';
    expect(intentExample(tools)).toBe('e.g. pay_invoice (settles an open invoice)');
  });

  it('is neutral for a graph without tools', () => {
    expect(intentExample(graph([]))).toBe(NEUTRAL_INTENT_EXAMPLE);
    expect(NEUTRAL_INTENT_EXAMPLE).not.toMatch(/flight|book/i);
  });
});
