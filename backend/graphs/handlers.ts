import { checkGraph } from '../../shared/checks/graph';
import { compileSchema } from '../checks/schema-compiler';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import { graphRuntimeHandlers } from './runtime-handlers';

export function graphsHandlers(ctx: BackendContext): HandlerMap<'graphs'> {
  // Each write below is told as `graphs.changed` by the store's change log once it has committed.
  const { store } = ctx;
  return {
    'graphs.list': () => store.graphs.list(),
    'graphs.get': ({ id }) => store.graphs.get(id),
    'graphs.create': ({ name }) => store.graphs.create({ name, tools: [], edges: [] }),
    'graphs.rename': ({ id, name }) => store.graphs.rename(id, name),
    'graphs.duplicate': ({ id, name }) => store.graphs.duplicate(id, name),
    'graphs.delete': ({ id }) => {
      store.graphs.delete(id);
      return { ok: true as const };
    },
    'graphs.save': ({ id, tools, edges, dismissedSuggestions, environment, baseUpdatedAt }) => {
      const content = { tools, edges, dismissedSuggestions, ...(environment !== undefined ? { environment } : {}) };
      const updatedAt = store.graphs.saveContent(id, content, baseUpdatedAt);
      if (updatedAt === null) return { updatedAt: store.graphs.get(id).updatedAt, stale: true };
      return { updatedAt };
    },
    'graphs.savePositions': ({ id, positions, dismissedSuggestions, baseUpdatedAt }) => {
      const updatedAt = store.graphs.savePositions(id, positions, dismissedSuggestions, baseUpdatedAt);
      if (updatedAt === null) return { updatedAt: store.graphs.get(id).updatedAt, stale: true };
      return { updatedAt };
    },
    'graphs.check': (content) => checkGraph(content, compileSchema),
    ...graphRuntimeHandlers(ctx),
  };
}
