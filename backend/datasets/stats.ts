import type { Dataset } from '../../shared/domain';
import { dependencyEdges } from '../../shared/graph/topology';
import { TrellisError } from '../../shared/errors';
import type { Job } from '../jobs/job';
import type { WorkspaceStore } from '../store/workspace-store';

const BUCKETS = 10;

/**
 * Counts, lengths, tool coverage against the graph, finding rates and labels of a dataset. A
 * cancelled job answers E1006: statistics of part of a dataset would read as the whole.
 */
export async function datasetStats(store: WorkspaceStore, dataset: Dataset, job: Job) {
  const bySplit: Record<string, number> = {};
  const calls: Record<string, number> = {};
  const findingKinds: Record<string, number> = {};
  const labels: Record<string, number> = {};
  const outcomes: Record<string, number> = {};
  const lengths: number[] = [];
  const tokens: number[] = [];
  const pairs = new Set<string>();
  const graphs = new Map<string | null, number>();
  for (const [n, item] of dataset.items.entries()) {
    if (job.signal.aborted) throw new TrellisError('E1006', `The statistics of ${dataset.name} were cancelled.`);
    if (await job.yield()) job.progress(n, dataset.items.length);
    bySplit[item.split ?? 'none'] = (bySplit[item.split ?? 'none'] ?? 0) + 1;
    const t = store.trajectories.get(item.trajectoryId);
    graphs.set(t.graphId, (graphs.get(t.graphId) ?? 0) + 1);
    lengths.push(t.turns.length);
    tokens.push(Math.ceil(JSON.stringify(t.turns).length / 4));
    const names = t.turns.flatMap((turn) => turn.toolCalls ?? []).map((c) => c.name);
    names.forEach((name, i) => {
      calls[name] = (calls[name] ?? 0) + 1;
      if (i) pairs.add(`${names[i - 1]}>${name}`);
    });
    for (const kind of new Set(store.findings.list(t.id).map((f) => f.code)))
      findingKinds[kind] = (findingKinds[kind] ?? 0) + 1;
    const status = store.labels.get(t.id)?.status ?? 'unlabelled';
    labels[status] = (labels[status] ?? 0) + 1;
    const outcome = t.outcome?.status ?? 'none';
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  // Coverage is measured against the graph most of the dataset belongs to.
  const graphId = [...graphs].filter(([id]) => id).sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  const graph = graphId ? store.graphs.get(graphId) : null;
  const graphEdges = graph ? dependencyEdges(graph) : [];
  const edges = [...new Set(graphEdges.map((e) => `${e.fromTool}>${e.toTool}`))];
  const maxTokens = Math.max(0, ...tokens);
  const histogram = new Array<number>(BUCKETS).fill(0);
  for (const n of tokens) histogram[Math.min(BUCKETS - 1, Math.floor((n / (maxTokens || 1)) * BUCKETS))]!++;
  const size = dataset.items.length;
  const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
  return {
    size,
    bySplit,
    turns: { mean: mean(lengths), max: Math.max(0, ...lengths) },
    estimatedTokens: { mean: mean(tokens), max: maxTokens, histogram },
    toolCoverage: {
      graphId,
      calls,
      unusedTools: graph ? graph.tools.map((t) => t.name).filter((name) => !calls[name]) : [],
      edgesCovered: edges.filter((e) => pairs.has(e)).length,
      edgesTotal: edges.length,
      dependencyEdges: graphEdges.length,
    },
    findingRates: Object.fromEntries(Object.entries(findingKinds).map(([k, n]) => [k, size ? n / size : 0])),
    labels,
    outcomes,
  };
}
