import { DATA_CHANGE_REASONS, type DataChangeReason, type DataNamespace, type EventPayload } from '../shared/contract';
import type { BackendContext } from './context';

/** How often the file is asked whether another process committed, while a UI is connected. */
export const EXTERNAL_POLL_MS = 1500;

const NAMESPACES = Object.keys(DATA_CHANGE_REASONS) as DataNamespace[];

type ChangeEvent = `${DataNamespace}.changed`;

/**
 * Tells connected UIs when stored data changed (each namespace of the change log): after each commit of this
 * backend's own writes (the store's change log), and when another process (the command line
 * importing into the open workspace) committed to the same file, found by polling SQLite's
 * `data_version` while a UI is connected.
 */
export function announceDataChanges({ store, events, onClose }: Pick<BackendContext, 'store' | 'events' | 'onClose'>) {
  const tell = (
    namespace: DataNamespace,
    payload: { reason: DataChangeReason; ids?: string[]; graphId?: string; updatedAt?: string },
  ) =>
    // A reason is always one of its namespace's: the change log and the contract read one table.
    events.emit(`${namespace}.changed` as ChangeEvent, payload as EventPayload<ChangeEvent>);
  onClose(
    store.changes.subscribe(({ namespace, reason, ids, updatedAt }) =>
      tell(namespace, {
        reason,
        ...(ids ? { ids } : {}),
        // A graph editor reads which graph and when it was saved by these names.
        ...(namespace === 'graphs' && ids?.length === 1 ? { graphId: ids[0] } : {}),
        ...(updatedAt ? { updatedAt } : {}),
      }),
    ),
  );

  let timer: NodeJS.Timeout | null = null;
  let seen = 0;
  const poll = () => {
    let now: number;
    try {
      now = store.dataVersion();
    } catch {
      return; // closed meanwhile: the close stops the timer
    }
    if (now === seen) return;
    seen = now;
    for (const namespace of NAMESPACES) tell(namespace, { reason: 'external' });
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = null;
  };
  const follow = (subscribers: number) => {
    if (subscribers === 0) return stop();
    if (timer) return;
    seen = store.dataVersion();
    timer = setInterval(poll, EXTERNAL_POLL_MS);
    // The poll never keeps a process alive (a command-line verb ends when its work does).
    timer.unref();
  };
  onClose(events.watchSubscribers(follow));
  onClose(stop);
  follow(events.subscribers);
}
