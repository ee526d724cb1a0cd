import { importTrajectoryFile } from '../../io/trajectories/import-file';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

export function trajectoriesHandlers({ store, events }: BackendContext): HandlerMap {
  return {
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
