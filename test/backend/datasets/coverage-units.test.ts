import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../../backend/backend';
import { summarizeGraph } from '../../../shared/graph';
import { dependencyEdges } from '../../../shared/graph/topology';
import { tempDir } from '../../helpers/temp';

describe('dependency coverage of a dataset', () => {
  it('counts tool pairs called in order, and gives the graph inspector’s edge count beside them', async () => {
    const b = createBackend({ workspace: path.join(tempDir(), 'coverage.trellis'), host: 'cli', seed: true });
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'examples',
      filter: {},
      ratio: { train: 1, validation: 0, test: 0 },
    });
    const stats = await b.registry.invoke('datasets.stats', { id: dataset.id });
    const graph = b.store.graphs.get(stats.toolCoverage.graphId!);
    const edges = dependencyEdges(graph);
    const pairs = new Set(edges.map((e) => `${e.fromTool}>${e.toTool}`));
    // The inspector's number, and the distinct pairs those edges join (fewer: several join one pair).
    expect(stats.toolCoverage.dependencyEdges).toBe(summarizeGraph(graph).dependencyEdges);
    expect(stats.toolCoverage.edgesTotal).toBe(pairs.size);
    expect(pairs.size).toBeLessThan(edges.length);
    // The Lisbon booking calls search_flights, book_flight, convert_currency: the pairs it follows.
    const followed = ['search_flights>book_flight', 'book_flight>convert_currency'].filter((p) => pairs.has(p));
    expect(followed.length).toBeGreaterThan(0);
    expect(stats.toolCoverage.edgesCovered).toBe(followed.length);
    b.close();
  });
});
