import { describe, expect, it } from 'vitest';
import type { GraphEdge, Tool } from '../../../shared/domain';
import { mergeGraphContent, type GraphContent } from '../../../shared/graph';

const tool = (name: string, extra: Partial<Tool> = {}): Tool => ({
  name,
  description: `${name} tool`,
  parameters: { type: 'object', properties: {} },
  returns: { type: 'object' },
  position: { x: 0, y: 0 },
  runtime: null,
  ...extra,
});
const dep = (fromTool: string, toTool: string): GraphEdge => ({
  kind: 'dependency',
  fromTool,
  fromPath: 'id',
  toTool,
  toParam: 'id',
});
const base: GraphContent = { tools: [tool('a'), tool('b')], edges: [dep('a', 'b')] };
const replay: Tool['runtime'] = { kind: 'replay', recordings: [], source: { trajectories: 1, calls: 1, dropped: 0 } };

describe('three-way merge of a graph edited here and saved elsewhere', () => {
  it('keeps a move made here and a runtime set elsewhere on the same tool', () => {
    const mine = { ...base, tools: [tool('a', { position: { x: 50, y: 9 } }), tool('b')] };
    const theirs = { ...base, tools: [tool('a', { runtime: replay }), tool('b', { runtime: replay })] };
    const { content, conflicts } = mergeGraphContent(base, mine, theirs);
    expect(conflicts).toEqual([]);
    expect(content.tools).toEqual([
      tool('a', { position: { x: 50, y: 9 }, runtime: replay }),
      tool('b', { runtime: replay }),
    ]);
    expect(content.edges).toEqual(base.edges);
  });

  it('keeps the editor’s value where both sides changed the same part, and names it', () => {
    const mine = { ...base, tools: [tool('a', { description: 'mine' }), tool('b')] };
    const theirs = { ...base, tools: [tool('a', { description: 'theirs' }), tool('b')] };
    const { content, conflicts } = mergeGraphContent(base, mine, theirs);
    expect(content.tools[0]!.description).toBe('mine');
    expect(conflicts).toEqual(['a.description']);
  });

  it('adds and removes tools and edges from both sides; edges of removed tools go with them', () => {
    const mine: GraphContent = { tools: [tool('a'), tool('b'), tool('c')], edges: [dep('a', 'b'), dep('b', 'c')] };
    const theirs: GraphContent = { tools: [tool('a'), tool('d')], edges: [dep('a', 'd')] };
    const { content, conflicts } = mergeGraphContent(base, mine, theirs);
    expect(content.tools.map((t) => t.name)).toEqual(['a', 'c', 'd']);
    expect(content.edges).toEqual([dep('a', 'd')]);
    expect(conflicts).toEqual([]);
  });

  it('a tool removed there but edited here is kept, and reported', () => {
    const mine = { ...base, tools: [tool('a'), tool('b', { description: 'edited' })] };
    const theirs = { tools: [tool('a')], edges: [] };
    const { content, conflicts } = mergeGraphContent(base, mine, theirs);
    expect(content.tools.map((t) => t.name)).toEqual(['a', 'b']);
    expect(conflicts).toEqual(['b.removed']);
  });

  it('with nothing changed here, the result is theirs', () => {
    const theirs = { tools: [tool('b', { runtime: replay }), tool('a')], edges: [] };
    expect(mergeGraphContent(base, base, theirs).content).toEqual({
      tools: [tool('a'), tool('b', { runtime: replay })],
      edges: [],
    });
  });

  it('takes the environment from the side that changed it, and keeps the editor’s when both did', () => {
    const cart = { code: 'const tools = {};', initialState: { cart: [] } };
    const todo = { code: 'const tools = {};', initialState: { todo: [] } };
    const withCart = { ...base, environment: cart };
    expect(mergeGraphContent(base, withCart, base).content.environment).toEqual(cart);
    expect(mergeGraphContent(withCart, withCart, { ...base, environment: null }).content.environment).toBeNull();
    const both = mergeGraphContent({ ...base, environment: null }, withCart, { ...base, environment: todo });
    expect(both.content.environment).toEqual(cart);
    expect(both.conflicts).toEqual(['environment']);
  });
});
