import { checkTrajectory } from '../../../shared/analysis/checks';
import type { ToolGraph } from '../../../shared/domain';
import { argumentValidator } from '../../io/argument-validator';
import { importTrajectoryFile } from '../../io/trajectories/import-file';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

export function trajectoriesHandlers({ store, events }: BackendContext): HandlerMap {
  /** Checks one trajectory against its graph (when it has one) and stores the findings. */
  const check = (
    id: string,
    graphs: Map<string, { graph: ToolGraph; validate: ReturnType<typeof argumentValidator> }>,
  ) => {
    const trajectory = store.trajectories.get(id);
    let context = {};
    if (trajectory.graphId) {
      let entry = graphs.get(trajectory.graphId);
      if (!entry) {
        const graph = store.graphs.get(trajectory.graphId);
        entry = { graph, validate: argumentValidator(graph) };
        graphs.set(trajectory.graphId, entry);
      }
      context = { graph: entry.graph, validate: entry.validate };
    }
    const findings = checkTrajectory(trajectory.turns, context);
    store.trajectories.replaceFindings(id, findings);
    return findings;
  };
  return {
    'trajectories.check': ({ id }) => check(id, new Map()),
    'trajectories.checkAll': () => {
      const graphs = new Map();
      const byKind: Record<string, number> = {};
      let withFindings = 0;
      const ids = store.trajectories.allIds();
      for (const { id } of ids) {
        const findings = check(id, graphs);
        if (findings.length) withFindings++;
        for (const f of findings) byKind[f.kind] = (byKind[f.kind] ?? 0) + 1;
      }
      return { checked: ids.length, withFindings, byKind };
    },
    'trajectories.import': ({ path, format, mode, graphId }) =>
      importTrajectoryFile(store, {
        file: path,
        mode,
        graphId,
        ...(format ? { format } : {}),
        onProgress: (progress) => events.emit('trajectories.importProgress', progress),
      }),
    'trajectories.list': ({ limit, offset }) => store.trajectories.list(limit, offset),
    'trajectories.get': ({ id }) => store.trajectories.get(id),
  };
}
