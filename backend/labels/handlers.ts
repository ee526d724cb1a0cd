import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

/** Review labels: status, tags, rating and note per trajectory, one at a time or for a filter. */
export function labelsHandlers({ store }: BackendContext): HandlerMap<'labels'> {
  return {
    'labels.get': ({ trajectoryId }) => store.labels.get(trajectoryId),
    'labels.set': (label) => {
      store.trajectories.get(label.trajectoryId);
      store.labels.set(label);
      return label;
    },
    'labels.bulk': ({ filter, status }) => {
      const ids = store.trajectoryQueries.ids(filter);
      const before = store.labels.statuses(ids);
      store.labels.setStatus(ids, status);
      return { updated: ids.length, previous: ids.map((id) => ({ trajectoryId: id, status: before.get(id) ?? null })) };
    },
    'labels.restoreStatuses': ({ statuses }) => {
      const byStatus = new Map<(typeof statuses)[number]['status'], string[]>();
      for (const { trajectoryId, status } of statuses) {
        const ids = byStatus.get(status);
        if (ids) ids.push(trajectoryId);
        else byStatus.set(status, [trajectoryId]);
      }
      // One unit: the undo is put back whole or not at all, and told as one change.
      store.transaction(() => {
        for (const [status, ids] of byStatus)
          if (status === null) store.labels.clearStatus(ids);
          else store.labels.setStatus(ids, status);
      });
      return { restored: statuses.length };
    },
  };
}
