import { describe, expect, it } from 'vitest';
import {
  addTool,
  copyTools,
  movedOnly,
  moveTools,
  pasteTools,
  redo,
  record,
  removeTools,
  startHistory,
  suggestEdges,
  undo,
  updateTool,
} from '../../../shared/graph';
import { dep, graph, share, tool } from '../../helpers/graphs';

describe('graph edits', () => {
  it('renames a tool together with its edges', () => {
    const g = graph([tool('a'), tool('b')], [dep('a', 'x', 'b', 'y'), share('b', 'p', 'a', 'q')]);
    const next = updateTool(g, 'a', { ...tool('a'), name: 'alpha' });
    expect(next.edges).toEqual([dep('alpha', 'x', 'b', 'y'), share('b', 'p', 'alpha', 'q')]);
  });

  it('removes tools with every edge touching them', () => {
    const g = graph([tool('a'), tool('b'), tool('c')], [dep('a', 'x', 'b', 'y'), dep('b', 'x', 'c', 'y')]);
    expect(removeTools(g, ['a'])).toEqual(graph([tool('b'), tool('c')], [dep('b', 'x', 'c', 'y')]));
  });

  it('never adds a second tool with a taken name', () => {
    expect(
      addTool(addTool(graph([tool('new_tool')]), tool('new_tool')), tool('new_tool')).tools.map((t) => t.name),
    ).toEqual(['new_tool', 'new_tool_2', 'new_tool_3']);
  });

  it('copies the selection with its inner edges and pastes it renamed and shifted', () => {
    const g = graph([tool('a'), tool('b'), tool('c')], [dep('a', 'x', 'b', 'y'), dep('b', 'x', 'c', 'y')]);
    const clip = copyTools(g, ['a', 'b']);
    expect(clip.edges).toEqual([dep('a', 'x', 'b', 'y')]);
    const { graph: pasted, names } = pasteTools(g, clip, { x: 40, y: 40 });
    expect(names).toEqual(['a_2', 'b_2']);
    expect(pasted.edges.at(-1)).toEqual(dep('a_2', 'x', 'b_2', 'y'));
    expect(pasted.tools.at(-1)!.position).toEqual({ x: 40, y: 40 });
  });
});

describe("graph edits and the graph's environment", () => {
  const environment = { code: 'const tools = {};', initialState: { cart: [] } };
  const content = {
    ...graph([tool('a', {}, { id: 'string' }), tool('b', { id: 'string' })], [dep('a', 'id', 'b', 'id')]),
    environment,
  };

  it('keeps the environment through every edit of tools and edges', () => {
    expect(updateTool(content, 'a', { ...tool('a'), name: 'c' }).environment).toBe(environment);
    expect(removeTools(content, ['b']).environment).toBe(environment);
    expect(pasteTools(content, copyTools(content, ['a']), { x: 10, y: 10 }).graph.environment).toBe(environment);
  });

  it('counts an environment changed as more than a move', () => {
    expect(movedOnly(content, { ...content, environment: { ...environment, code: '' } })).toBeNull();
    expect(movedOnly(content, { ...content, environment: null })).toBeNull();
    expect(movedOnly(content, { ...content })).toEqual(new Map());
  });
});

describe('undo history', () => {
  it('undoes and redoes in order, and a new edit drops the redo branch', () => {
    let h = startHistory(1);
    h = record(h, 2);
    h = record(h, 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = redo(h);
    expect(h.present).toBe(3);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    h = record(h, 9);
    expect(redo(h).present).toBe(9);
    expect(undo(startHistory(1))).toEqual(startHistory(1));
  });

  it('keeps at most `limit` steps', () => {
    let h = startHistory(0);
    for (let i = 1; i <= 10; i++) h = record(h, i, 3);
    expect(h.past).toEqual([7, 8, 9]);
  });
});

describe('edge suggestions', () => {
  const g = graph([
    tool('search_hotels', { city: 'string', guests: 'integer' }, { best_hotel_id: 'string', nightly_rate: 'number' }),
    tool('book_hotel', { hotel_id: 'string', guests: 'integer' }, { reservation_id: 'string' }),
    tool('get_hotel', { hotel_id: 'string' }, { name: 'string' }),
    tool('weather', { city: 'string' }, {}),
  ]);

  it('suggests a dependency where a result names a parameter, and an id several tools take as one group', () => {
    expect(suggestEdges(g).map((s) => [s.key, s.score])).toEqual([
      ['group:hotel_id:book_hotel,get_hotel', 0.6],
      ['dep:search_hotels.best_hotel_id->book_hotel.hotel_id', 0.5],
      ['dep:search_hotels.best_hotel_id->get_hotel.hotel_id', 0.5],
    ]);
  });

  it('leaves out existing and dismissed edges', () => {
    const withEdge = { ...g, edges: [dep('search_hotels', 'best_hotel_id', 'book_hotel', 'hotel_id')] };
    const dismissed = new Set(['group:hotel_id:book_hotel,get_hotel']);
    expect(suggestEdges(withEdge, dismissed).map((s) => s.key)).toEqual([
      'dep:search_hotels.best_hotel_id->get_hotel.hotel_id',
    ]);
  });

  it('reads camelCase names, and a bare id as the id of its own tool’s entity', () => {
    const shop = graph([
      tool('addPet', { name: 'string' }, { id: 'integer' }),
      tool('getPetById', { petId: 'integer' }, { id: 'integer', name: 'string' }),
      tool('placeOrder', { petId: 'integer' }, { id: 'integer' }),
      tool('getOrderById', { orderId: 'integer' }, { petId: 'integer' }),
      tool('updateUser', { id: 'integer' }, {}),
    ]);
    expect(suggestEdges(shop).map((s) => s.key)).toEqual([
      'dep:addPet.id->getPetById.petId',
      'dep:addPet.id->placeOrder.petId',
      'dep:placeOrder.id->getOrderById.orderId',
      'dep:getOrderById.petId->getPetById.petId',
      'dep:getOrderById.petId->placeOrder.petId',
      'group:petId:getPetById,placeOrder',
    ]);
  });

  describe('movedOnly', () => {
    const g = graph([tool('a'), tool('b'), tool('c')], [dep('a', 'x', 'b', 'y')]);

    it('gives the positions a move changed, and none for a tool moved back where it was', () => {
      const moved = moveTools(
        g,
        new Map([
          ['b', { x: 7, y: 8 }],
          ['c', g.tools[2]!.position],
        ]),
      );
      expect(movedOnly(g, moved)).toEqual(new Map([['b', { x: 7, y: 8 }]]));
      expect(movedOnly(g, g)).toEqual(new Map());
    });

    it('is null for any other edit, even one that also moves', () => {
      const moved = moveTools(g, new Map([['a', { x: 1, y: 1 }]]));
      expect(movedOnly(g, updateTool(moved, 'b', { ...moved.tools[1]!, description: 'new' }))).toBeNull();
      expect(movedOnly(g, updateTool(moved, 'b', { ...moved.tools[1]!, name: 'b2' }))).toBeNull();
      expect(movedOnly(g, removeTools(moved, ['c']))).toBeNull();
      expect(movedOnly(g, { ...moved, edges: [] })).toBeNull();
      expect(movedOnly(g, { ...moved, tools: [...moved.tools].reverse() })).toBeNull();
    });

    it('is null for a copy whose fields are equal but rebuilt (it cannot tell, so it does not guess)', () => {
      const rebuilt = { ...g, tools: g.tools.map((t) => structuredClone(t)) };
      expect(movedOnly(g, rebuilt)).toBeNull();
    });
  });
});
