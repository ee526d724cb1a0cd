import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

export function trajectoriesHandlers({ store }: BackendContext): HandlerMap {
  return {
    'trajectories.list': ({ limit, offset }) => store.trajectories.list(limit, offset),
    'trajectories.get': ({ id }) => store.trajectories.get(id),
  };
}
