import type { TrajectoryFilter } from '../../../shared/domain';

/**
 * The workspaces of Trellis, in the activity bar's order. Each is a folder of its own under
 * workspaces/ whose index.ts describes it (label, icon, key, view, commands), and
 * workspaces/registry.ts keeps one descriptor per id: the shell reads everything else from there.
 */
export const WORKSPACE_IDS = ['graph', 'runs', 'trajectories', 'datasets', 'models'] as const;
export type WorkspaceId = (typeof WORKSPACE_IDS)[number];

/** What a workspace can be asked to show when the user is sent there from another (`openIn`). */
export interface WorkspaceIntents {
  /** Open this graph in the editor. */
  graph: { graphId: string };
  /** Open this trajectory in the debugger (a replay, forkable from any turn). */
  runs: { trajectoryId: string };
  /** Browse these trajectories (a selection carried over from Datasets). */
  trajectories: { filter: TrajectoryFilter };
  /** Review these trajectories (a selection carried over from Trajectories). */
  datasets: { filter: TrajectoryFilter };
  models: Record<string, never>;
}

/** One request to another workspace, until that workspace has taken it. */
export type WorkspaceIntent = { [W in WorkspaceId]: { workspace: W; detail: WorkspaceIntents[W] } }[WorkspaceId];
