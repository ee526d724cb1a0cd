import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

/** Review labels: status, tags, rating and note per trajectory, one at a time or for a filter. */
export function labelsHandlers({ store }: BackendContext): HandlerMap {
  return {
    'labels.get': ({ trajectoryId }) => store.labels.get(trajectoryId),
    'labels.set': (label) => {
      store.trajectories.get(label.trajectoryId);
      store.labels.set(label);
      return label;
    },
    'labels.bulk': ({ filter, status }) => {
      const ids = store.trajectoryQueries.ids(filter);
      store.labels.setStatus(ids, status);
      return { updated: ids.length };
    },
  };
}
