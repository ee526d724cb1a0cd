import type { GraphSummary } from '../../../shared/domain/tool-graph';
import { api } from './api';
import { useQuery, type Query } from './use-query';

const listGraphs = () => api.invoke('graphs.list', {});

/** The workspace's tool graphs by name, fetched again whenever a graph changes (here, in another window or process). */
export function useGraphs(): Query<GraphSummary[]> {
  return useQuery(listGraphs, [], ['graphs.changed']);
}
