import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../../../renderer/src/workspaces/graph/editor-store';
import type { GraphProblem } from '../../../shared/graph';

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
