import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../../../renderer/src/workspaces/graph/editor-store';
import { selectApartFromPositions } from '../../../renderer/src/workspaces/graph/editor/editor-context';
import { tool } from '../../helpers/graphs';
import type { GraphProblem } from '../../../shared/checks/graph';

const problem = (message: string): GraphProblem => ({
  code: 'dependency-cycle',
  severity: 'error',
  message,
  where: { at: 'graph', tools: ['a'] },
});

describe("the graph editor's problems", () => {
  const graph = { id: 'g', name: 'G', tools: [], edges: [], dismissedSuggestions: [], updatedAt: '' };

  it('keeps the same problems, checked again after a move, as the same list', () => {
    const store = createEditorStore(graph as never);
    store.getState().setProblems([problem('one')]);
    const first = store.getState().problems;
    store.getState().setProblems([problem('one')]);
    expect(store.getState().problems).toBe(first);
  });

  it('takes problems that differ', () => {
    const store = createEditorStore(graph as never);
    store.getState().setProblems([problem('one')]);
    store.getState().setProblems([problem('two')]);
    expect(store.getState().problems.map((p) => p.message)).toEqual(['two']);
  });
});

describe('the content apart from positions', () => {
  it('stays the same object while tools only move, and follows every other edit', () => {
    const store = createEditorStore({
      id: 'g',
      name: 'G',
      tools: [tool('a'), tool('b')],
      edges: [],
      dismissedSuggestions: [],
      updatedAt: '',
    } as never);
    const select = selectApartFromPositions();
    const first = select(store.getState());
    store.getState().moveTools(new Map([['a', { x: 50, y: 60 }]]));
    store.getState().moveTools(new Map([['b', { x: -5, y: 0 }]]));
    expect(select(store.getState())).toBe(first);
    store.getState().updateTool('b', { ...store.getState().history.present.tools[1]!, description: 'changed' });
    const edited = select(store.getState());
    expect(edited).not.toBe(first);
    expect(edited.tools[1]!.description).toBe('changed');
    expect(edited.tools.map((t) => t.position)).toEqual([
      { x: 50, y: 60 },
      { x: -5, y: 0 },
    ]);
  });
});

describe("the graph's environment in the editor", () => {
  const environment = { code: 'const tools = {};', initialState: { cart: [] } };
  const open = (extra: object = {}) =>
    createEditorStore({
      id: 'g',
      name: 'G',
      tools: [tool('a')],
      edges: [],
      dismissedSuggestions: [],
      updatedAt: '',
      ...extra,
    } as never);

  it('starts from the saved one, or none', () => {
    expect(open({ environment }).getState().history.present.environment).toEqual(environment);
    expect(open().getState().history.present.environment).toBeNull();
  });

  it('is added, changed and taken away as edits that undo and are saved', () => {
    const store = open();
    store.getState().setEnvironment(environment);
    store.getState().setEnvironment({ ...environment, initialState: { cart: ['milk'] } });
    expect(store.getState().revision).toBe(2);
    store.getState().undo();
    expect(store.getState().history.present.environment).toEqual(environment);
    store.getState().undo();
    expect(store.getState().history.present.environment).toBeNull();
    expect(store.getState().history.present.tools.map((t) => t.name)).toEqual(['a']);
  });

  it('counts the same environment set again as no edit', () => {
    const store = open({ environment });
    store.getState().setEnvironment(structuredClone(environment));
    expect(store.getState().history.past).toHaveLength(0);
    expect(store.getState().revision).toBe(0);
  });

  it('outlives edits of the tools', () => {
    const store = open({ environment });
    store.getState().removeTools(['a']);
    expect(store.getState().history.present.environment).toEqual(environment);
  });
});
