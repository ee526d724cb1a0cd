import type { GraphSummary } from '../../../shared/domain/tool-graph';
import { api } from './api';
import { useQuery, type Query } from './use-query';

/** The graphs as last listed, until a graph changes; null when none is known to be current. */
let listed: GraphSummary[] | null = null;
/** Counts the changes pushed, so that a list asked for before one is not kept as current. */
let changes = 0;

/**
 * Forgets the list kept: a graph changed. The backend says so (`graphs.changed`); a command that
 * changed one says so too, so that its next look-up never depends on which arrives first.
 */
export function forgetGraphs(): void {
  changes++;
  listed = null;
}
api.on('graphs.changed', forgetGraphs);

/** Lists the graphs (the one `graphs.list` call of the UI) and keeps the list until a graph changes. */
async function listGraphs(): Promise<GraphSummary[]> {
  const asked = changes;
  const list = await api.invoke('graphs.list', {});
  if (asked === changes) listed = list;
  return list;
}

/** The workspace's tool graphs by name, fetched again whenever a graph changes (here, in another window or process). */
export function useGraphs(): Query<GraphSummary[]> {
  return useQuery(listGraphs, [], ['graphs.changed']);
}

/**
 * One graph's summary, for code outside React (a command): from the list useGraphs fetched, unless
 * a graph changed since or the graph is not in it (made a moment ago).
 */
export async function findGraph(id: string): Promise<GraphSummary | undefined> {
  return listed?.find((g) => g.id === id) ?? (await listGraphs()).find((g) => g.id === id);
}
