import { trajectoryDay } from '../../shared/checks/grounding';
import { checkTrajectory, type CheckContext } from '../../shared/checks/trajectory';
import type { DeclaredTool, Finding, ToolGraph, Trajectory, Turn } from '../../shared/domain';
import { canonicalJson } from '../../shared/json';
import { argumentValidator } from './argument-validator';
import { recordedToolErrors } from '../../shared/runs/results';
import { pythonTypesAsJsonSchema } from '../../shared/formats/tools/bfcl';
import type { WorkspaceStore } from '../store/workspace-store';

/** What a trajectory's calls are checked against: `both` is its own tools, then its graph's. */
export type CheckBasis = 'graph' | 'ownTools' | 'both' | 'none';

/**
 * Runs the deterministic checks on trajectories. A record's own tools are its truth: each call
 * is checked against the definition its record declared; the graph (when it has one) gives the
 * tools the record does not declare, the dependency and shared-parameter edges, and a finding of
 * its own where it defines a declared tool otherwise. Without either, structure only. Graphs,
 * tool sets and their compiled validators are cached for the checker's lifetime (one request).
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

// Hugging Face sets often write Python type names ("dict", "str"): read as JSON Schema types.
const asChecked = (t: Pick<DeclaredTool, 'name' | 'parameters'>) => ({
  name: t.name,
  parameters: pythonTypesAsJsonSchema(t.parameters),
});

/** Declared tools in the shape the checks read a graph in (declared tools have no edges). */
function declaredGraph(tools: readonly DeclaredTool[]): NonNullable<CheckContext['graph']> {
  return { tools: tools.map(asChecked), edges: [] };
}

const parameterList = (schema: unknown) => {
  const properties = (schema as { properties?: Record<string, unknown> } | null)?.properties;
  const names = properties ? Object.keys(properties) : [];
  return names.length ? names.join(', ') : 'no parameters';
};

/**
 * The record's tools over its graph's: each declared definition in place of the graph's tool of
 * that name, the graph's other tools and its edges; and the names both define, differently.
 */
export function recordOverGraph(
  declared: readonly DeclaredTool[],
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
): { graph: NonNullable<CheckContext['graph']>; conflicts: Map<string, string> } {
  const own = new Map(declared.map((t) => [t.name, asChecked(t)]));
  const conflicts = new Map<string, string>();
  for (const tool of graph.tools) {
    const mine = own.get(tool.name);
    if (!mine) continue;
    const theirs = pythonTypesAsJsonSchema(tool.parameters);
    if (canonicalJson(mine.parameters) !== canonicalJson(theirs))
      conflicts.set(
        tool.name,
        `The record declares ${tool.name}(${parameterList(mine.parameters)}); the graph defines ${tool.name}(${parameterList(theirs)}). The call is checked against the record's definition.`,
      );
  }
  return {
    graph: {
      tools: [...own.values(), ...graph.tools.filter((t) => !own.has(t.name))],
      edges: graph.edges,
    },
    conflicts,
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
    t.graphId ? (t.toolSet ? 'both' : 'graph') : t.toolSet ? 'ownTools' : 'none';
  const turns = (
    turns: readonly Turn[],
    { graphId, toolSet }: Pick<Trajectory, 'graphId' | 'toolSet'>,
    today?: string,
    failedCalls?: ReadonlySet<string>,
  ) => {
    // What is this trajectory's own: the day it took place, the calls its record says failed.
    const day = { ...(today ? { today } : {}), ...(failedCalls?.size ? { failedCalls } : {}) };
    if (graphId && toolSet) {
      const key = `both:${graphId}:${toolSet}`;
      let context = contexts.get(key);
      if (!context) {
        const { graph, conflicts } = recordOverGraph(store.toolSets.get(toolSet), store.graphs.get(graphId));
        context = { graph, validate: argumentValidator(graph), toolsFrom: 'both', conflicts };
        contexts.set(key, context);
      }
      return checkTrajectory(turns, { ...context, ...day });
    }
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
  const check = (trajectory: Trajectory) =>
    turns(trajectory.turns, trajectory, trajectoryDay(trajectory), recordedToolErrors(trajectory.metadata));
  return Object.assign(check, { turns, basis });
}
