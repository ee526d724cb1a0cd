import fs from 'node:fs';
import path from 'node:path';
import { GraphFile, TrajectoryFile } from '../../shared/domain';
import { resourcePath } from '../resources';
import type { WorkspaceStore } from './workspace-store';

/** Fills a new workspace with the example trip-planning graph and its two trajectories. */
export function seedExampleWorkspace(store: WorkspaceStore, examplesDir = resourcePath('examples')): void {
  const graphFiles = fs.readdirSync(examplesDir).filter((name) => name.endsWith('.graph.json'));
  const trajectoryDir = path.join(examplesDir, 'trajectories');
  store.transaction(() => {
    const graphIds = new Map<string, string>();
    for (const name of graphFiles) {
      const graph = GraphFile.parse(readJson(path.join(examplesDir, name)));
      graphIds.set(graph.name, store.graphs.create(graph).id);
    }
    for (const name of fs
      .readdirSync(trajectoryDir)
      .filter((n) => n.endsWith('.json'))
      .sort()) {
      const file = TrajectoryFile.parse(readJson(path.join(trajectoryDir, name)));
      store.trajectories.insert({
        kind: 'imported',
        title: file.title,
        source: file.source,
        graphId: file.graph ? (graphIds.get(file.graph) ?? null) : null,
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
