import { checkTrajectory, type CheckContext } from '../../shared/checks/trajectory';
import type { DeclaredTool, Finding, Trajectory } from '../../shared/domain';
import { argumentValidator } from './argument-validator';
import { pythonTypesAsJsonSchema } from '../../shared/formats/tools/bfcl';
import type { WorkspaceStore } from '../store/workspace-store';

/** What a trajectory's calls are checked against. */
export type CheckBasis = 'graph' | 'ownTools' | 'none';

/**
 * Runs the deterministic checks on trajectories: against their tool graph when they have one,
 * else against the tools their record declared, else without tool definitions (structure only).
 * Graphs, tool sets and their compiled validators are cached for the checker's lifetime (one request).
 */
export interface TrajectoryChecker {
  (trajectory: Trajectory): Finding[];
  basis(trajectory: Pick<Trajectory, 'graphId' | 'toolSet'>): CheckBasis;
}

/** Declared tools in the shape the checks read a graph in (declared tools have no edges). */
function declaredGraph(tools: readonly DeclaredTool[]): NonNullable<CheckContext['graph']> {
  return {
    // Hugging Face sets often write Python type names ("dict", "str"): read as JSON Schema types.
    tools: tools.map((t) => ({ name: t.name, parameters: pythonTypesAsJsonSchema(t.parameters) })),
    edges: [],
  };
}

export function createChecker(store: WorkspaceStore): TrajectoryChecker {
  const contexts = new Map<string, CheckContext>();
  const cached = (key: string, make: () => NonNullable<CheckContext['graph']>) => {
    let context = contexts.get(key);
    if (!context) {
      const graph = make();
      context = { graph, validate: argumentValidator(graph) };
      contexts.set(key, context);
    }
    return context;
  };
  const basis = (t: Pick<Trajectory, 'graphId' | 'toolSet'>): CheckBasis =>
    t.graphId ? 'graph' : t.toolSet ? 'ownTools' : 'none';
  const check = (trajectory: Trajectory) => {
    if (trajectory.graphId) {
      const graphId = trajectory.graphId;
      return checkTrajectory(
        trajectory.turns,
        cached(`graph:${graphId}`, () => store.graphs.get(graphId)),
      );
    }
    if (trajectory.toolSet) {
      const id = trajectory.toolSet;
      return checkTrajectory(trajectory.turns, {
        ...cached(`tools:${id}`, () => declaredGraph(store.toolSets.get(id))),
        toolsFrom: 'record',
      });
    }
    return checkTrajectory(trajectory.turns);
  };
  return Object.assign(check, { basis });
}
