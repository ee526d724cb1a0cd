import { checkTrajectory } from '../../shared/analysis/checks';
import type { Finding, ToolGraph, Trajectory } from '../../shared/domain';
import { argumentValidator } from './argument-validator';
import type { WorkspaceStore } from '../store/workspace-store';

/**
 * Runs the deterministic checks on trajectories against their tool graphs. Graphs and their
 * compiled argument validators are cached for the checker's lifetime (one request).
 */
export type TrajectoryChecker = (trajectory: Trajectory) => Finding[];

export function createChecker(store: WorkspaceStore): TrajectoryChecker {
  const graphs = new Map<string, { graph: ToolGraph; validate: ReturnType<typeof argumentValidator> }>();
  return (trajectory) => {
    if (!trajectory.graphId) return checkTrajectory(trajectory.turns);
    let entry = graphs.get(trajectory.graphId);
    if (!entry) {
      const graph = store.graphs.get(trajectory.graphId);
      entry = { graph, validate: argumentValidator(graph) };
      graphs.set(trajectory.graphId, entry);
    }
    return checkTrajectory(trajectory.turns, entry);
  };
}
