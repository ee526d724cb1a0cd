import fs from 'node:fs';
import path from 'node:path';
import { GraphFile, TrajectoryFile, type DeclaredTool } from '../../shared/domain';
import { resourcePath } from '../resources';
import type { WorkspaceStore } from './workspace-store';

/** Fills a new workspace with the example trip-planning graph and its two trajectories. */
export function seedExampleWorkspace(store: WorkspaceStore, examplesDir = resourcePath('examples')): void {
  const graphFiles = fs.readdirSync(examplesDir).filter((name) => name.endsWith('.graph.json'));
  const trajectoryDir = path.join(examplesDir, 'trajectories');
  store.transaction(() => {
    const graphs = new Map<string, { id: string; tools: DeclaredTool[] }>();
    for (const name of graphFiles) {
      const graph = GraphFile.parse(readJson(path.join(examplesDir, name)));
      const tools = graph.tools.map(({ name, description, parameters }) => ({ name, description, parameters }));
      graphs.set(graph.name, { id: store.graphs.create(graph).id, tools });
    }
    for (const name of fs
      .readdirSync(trajectoryDir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const file = TrajectoryFile.parse(readJson(path.join(trajectoryDir, name)));
      const graph = file.graph ? graphs.get(file.graph) : undefined;
      // Logs of the example graph's agent: its records declare the graph's tools, as a harness's would.
      store.trajectories.insert({
        kind: 'imported',
        title: file.title,
        source: file.source,
        graphId: graph?.id ?? null,
        ...(graph ? { tools: graph.tools } : {}),
        planId: null,
        forkOf: null,
        turns: file.turns,
      });
    }
  });
}

function readJson(file: string): unknown {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}
