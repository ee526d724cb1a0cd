import { trajectoryDay } from '../../shared/checks/grounding';
import { checkTrajectory, type CheckContext } from '../../shared/checks/trajectory';
import type { DeclaredTool, Finding, Trajectory, Turn } from '../../shared/domain';
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
  /**
   * The findings of turns not stored yet (a run being synthesized), checked as a trajectory of
   * `basis` would be; `today` is the day it took place, when known.
   */
  turns(turns: readonly Turn[], basis: Pick<Trajectory, 'graphId' | 'toolSet'>, today?: string): Finding[];
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
  const turns = (
    turns: readonly Turn[],
    { graphId, toolSet }: Pick<Trajectory, 'graphId' | 'toolSet'>,
    today?: string,
  ) => {
    const day = today ? { today } : {};
    if (graphId)
      return checkTrajectory(turns, {
        ...cached(`graph:${graphId}`, () => store.graphs.get(graphId)),
        ...day,
      });
    if (toolSet)
      return checkTrajectory(turns, {
        ...cached(`tools:${toolSet}`, () => declaredGraph(store.toolSets.get(toolSet))),
        toolsFrom: 'record',
        ...day,
      });
    return checkTrajectory(turns, day);
  };
  /** A stored trajectory is read on the day it carries (its record's timestamp, or when a run was made). */
  const check = (trajectory: Trajectory) => turns(trajectory.turns, trajectory, trajectoryDay(trajectory));
  return Object.assign(check, { turns, basis });
}
