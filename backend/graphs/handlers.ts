import { checkGraph } from '../../shared/graph';
import { compileSchema } from '../checks/schema-compiler';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import { graphRuntimeHandlers } from './runtime-handlers';

export function graphsHandlers(ctx: BackendContext): HandlerMap<'graphs'> {
  const { store, events } = ctx;
  const changed = (graphId: string, reason: 'created' | 'updated' | 'deleted', updatedAt?: string) =>
    events.emit('graphs.changed', { graphId, reason, ...(updatedAt ? { updatedAt } : {}) });
  return {
    'graphs.list': () => store.graphs.list(),
    'graphs.get': ({ id }) => store.graphs.get(id),
    'graphs.create': ({ name }) => {
      const graph = store.graphs.create({ name, tools: [], edges: [] });
      changed(graph.id, 'created');
      return graph;
    },
    'graphs.rename': ({ id, name }) => {
      const graph = store.graphs.rename(id, name);
      changed(id, 'updated');
      return graph;
    },
    'graphs.duplicate': ({ id, name }) => {
      const graph = store.graphs.duplicate(id, name);
      changed(graph.id, 'created');
      return graph;
    },
    'graphs.delete': ({ id }) => {
      store.graphs.delete(id);
      changed(id, 'deleted');
      return { ok: true as const };
    },
    'graphs.save': ({ id, tools, edges, dismissedSuggestions, baseUpdatedAt }) => {
      const updatedAt = store.graphs.saveContent(id, { tools, edges, dismissedSuggestions }, baseUpdatedAt);
      if (updatedAt === null) return { updatedAt: store.graphs.get(id).updatedAt, stale: true };
      changed(id, 'updated', updatedAt);
      return { updatedAt };
    },
    'graphs.savePositions': ({ id, positions, dismissedSuggestions, baseUpdatedAt }) => {
      const updatedAt = store.graphs.savePositions(id, positions, dismissedSuggestions, baseUpdatedAt);
      if (updatedAt === null) return { updatedAt: store.graphs.get(id).updatedAt, stale: true };
      changed(id, 'updated', updatedAt);
      return { updatedAt };
    },
    'graphs.check': (content) => checkGraph(content, compileSchema),
    ...graphRuntimeHandlers(ctx),
  };
}
