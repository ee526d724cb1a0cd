import type Database from 'better-sqlite3';
import type { DataChangeReason, DataNamespace } from '../../shared/contract/data-changes';

/** One namespace's change, as told once its transaction has committed. */
export interface DataChange<N extends DataNamespace = DataNamespace> {
  namespace: N;
  reason: DataChangeReason<N>;
  /** The records changed; undefined when unknown or too many to list. */
  ids?: string[];
  /** When the one record changed was saved (graphs: an editor tells its own saves by it); absent for several. */
  updatedAt?: string;
}

export type DataChangeListener = (change: DataChange) => void;

/** Past this many ids an event says only that something changed (an import of 100,000). */
const MAX_IDS = 500;

interface Pending {
  reason: DataChangeReason;
  ids: Set<string> | null;
  updatedAt?: string;
}

type Frame = Map<DataNamespace, Pending>;

/**
 * What the repositories' writes changed, told to listeners once per namespace and commit. A
 * write notes its change after its statements ran; inside a transaction the note waits for the
 * outermost commit and is dropped when the transaction (or the savepoint it ran in) rolls back.
 * Every transaction of the store runs through `transaction` here, so none commits unseen.
 */
export class ChangeLog {
  private readonly frames: Frame[] = [];
  private readonly listeners = new Set<DataChangeListener>();

  constructor(private readonly db: Database.Database) {}

  /**
   * Records that a write changed `namespace` (the first reason of a transaction is the one told);
   * `updatedAt` is when the records in `ids` were saved, told where the change names one record.
   */
  note<N extends DataNamespace>(
    namespace: N,
    reason: DataChangeReason<N>,
    ids?: readonly string[],
    updatedAt?: string,
  ): void {
    const pending: Pending = { reason, ids: ids ? new Set(ids) : null, ...(updatedAt ? { updatedAt } : {}) };
    const frame = this.frames.at(-1);
    if (!frame) return this.tell(new Map([[namespace, pending]]));
    merge(frame, namespace, pending);
  }

  /** Runs `work` as one transaction (a savepoint inside another); its changes are told once the outermost commits. */
  transaction<T>(work: () => T): T {
    const frame: Frame = new Map();
    this.frames.push(frame);
    let result: T;
    try {
      result = this.db.transaction(work)();
    } finally {
      this.frames.pop();
    }
    // Committed (or released into the enclosing transaction): a throw above dropped the frame.
    const parent = this.frames.at(-1);
    if (parent) for (const [namespace, pending] of frame) merge(parent, namespace, pending);
    else this.tell(frame);
    return result;
  }

  /** Returns the function that unsubscribes. */
  subscribe(listener: DataChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private tell(frame: Frame): void {
    for (const [namespace, { reason, ids, updatedAt }] of frame) {
      const change = {
        namespace,
        reason,
        ...(ids && ids.size <= MAX_IDS ? { ids: [...ids] } : {}),
        ...(updatedAt && ids?.size === 1 ? { updatedAt } : {}),
      } as DataChange;
      for (const listener of this.listeners) {
        try {
          listener(change);
        } catch {
          // A listener's failure is its own: the write has been committed and its caller goes on.
        }
      }
    }
  }
}

function merge(frame: Frame, namespace: DataNamespace, next: Pending): void {
  const pending = frame.get(namespace);
  if (!pending) return void frame.set(namespace, next);
  if (!pending.ids || !next.ids) pending.ids = null;
  else for (const id of next.ids) pending.ids.add(id);
  // The last save's time: a second save of the same record in one commit is the later one.
  if (next.updatedAt) pending.updatedAt = next.updatedAt;
  // Past what an event lists, only "something changed" is kept.
  if (pending.ids && pending.ids.size > MAX_IDS) pending.ids = null;
}
