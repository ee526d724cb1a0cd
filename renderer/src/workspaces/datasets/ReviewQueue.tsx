import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import type { Label } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { labelChanged, trajectoryChanged, useRefresh, type RefreshOn } from '../../api/use-refresh';
import { ErrorNote } from '../../components/ErrorNote';
import { queueIndex, selectionKey, useDatasetsFilter } from './state';
import { usePagedList } from '../../state/use-paged-list';
import { EditableTurn } from './EditableTurn';
import { TemplatePreview } from './TemplatePreview';
import { unlabelled, useLabelDraft, type LabelPatch } from './use-label-draft';
import { formatCount } from '../../../../shared/text';

type Status = Label['status'];
const KEY_STATUS: Record<string, Exclude<Status, null>> = { a: 'accepted', r: 'rejected', f: 'needs-fix' };

/**
 * Changes that may add trajectories to the queue or take them out. A review or a turn fixed here
 * keeps the queue as it is (the next one stays next); a bulk label restarts it, as a new
 * selection does.
 */
const MEMBERSHIP_CHANGES: RefreshOn[] = [
  { event: 'trajectories.changed', when: (p) => !['edited', 'checked'].includes(p.reason) },
  { event: 'labels.changed', when: (p) => p.reason === 'external' },
];
const BULK_LABELS: RefreshOn[] = [{ event: 'labels.changed', when: (p) => p.reason === 'bulk' }];

/**
 * The review queue over the trajectories the browser's filters select: J/K move, A accept,
 * R reject, F needs fix, 1–5 rate; tags and a note beside; every turn editable.
 */
export function ReviewQueue() {
  const filter = useDatasetsFilter((s) => s.filter);
  const list = usePagedList(filter);
  // The position is kept with the selection it is in (datasets/state.ts), so a reload comes back to it.
  const index = useDatasetsFilter((s) => queueIndex(s, filter));
  const moveQueue = useDatasetsFilter((s) => s.moveQueue);
  const setIndex = useCallback(
    (to: number | ((index: number) => number)) => moveQueue(filter, typeof to === 'number' ? () => to : to),
    [moveQueue, filter],
  );
  // While the queue's page is fetched again the list keeps its rows (usePagedList), so the
  // trajectory shown stays, and its open editors with their text, until the page is back.
  const id = list.rowAt(index)?.id ?? null;
  useRefresh(MEMBERSHIP_CHANGES, list.reload);
  useRefresh(BULK_LABELS, () => {
    list.reload();
    setIndex(0);
  });
  const total = list.total ?? 0;
  // The queue grew shorter under the current position (taken out by another process): stay on its last.
  useEffect(() => {
    if (total && index >= total) setIndex(total - 1);
  }, [index, total, setIndex]);
  const changed = id ? [trajectoryChanged(id)] : [];
  const trajectory = useQuery(id ? () => api.invoke('trajectories.get', { id }) : null, [id], changed);
  const findings = useQuery(id ? () => api.invoke('trajectories.findings', { id }) : null, [id], changed);
  const edits = useQuery(id ? () => api.invoke('trajectories.edits', { id }) : null, [id], changed);
  // A saved label is fetched again alone: the text being typed stays (useLabelDraft seeds it once).
  const label = useQuery(
    id ? () => api.invoke('labels.get', { trajectoryId: id }).then((saved) => saved ?? unlabelled(id)) : null,
    [id],
    id ? [labelChanged(id)] : [],
  );
  // The label shown is the current trajectory's only once it has loaded: never save another's.
  const current = label.data && label.data.trajectoryId === id ? label.data : null;
  const draft = useLabelDraft(id, current);
  // Where Escape in the note puts the focus: the queue, whose keys (J, K, A…) then act.
  const queue = useRef<HTMLElement>(null);
  const save = (patch: LabelPatch = {}) => (id ? draft.save(id, patch) : Promise.resolve());
  // A new selection restarts the queue; the one shown when the queue opens keeps its position.
  const shownSelection = useRef(selectionKey(filter));
  useEffect(() => {
    const selection = selectionKey(filter);
    if (selection === shownSelection.current) return;
    shownSelection.current = selection;
    setIndex(0);
  });

  // A layout effect: the listener with this render's trajectory is in place before the new
  // position is painted, so a key pressed right after it never acts on the previous one.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement | null)?.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey)
        return;
      const key = e.key.toLowerCase();
      if (key === 'j') setIndex((i) => Math.min(Math.max(0, total - 1), i + 1));
      else if (key === 'k') setIndex((i) => Math.max(0, i - 1));
      else if (KEY_STATUS[key]) {
        void save({ status: KEY_STATUS[key] }).then(() => setIndex((i) => Math.min(Math.max(0, total - 1), i + 1)));
      } else if (/^[1-5]$/.test(key)) void save({ rating: Number(key) });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (list.total === 0)
    return <p className="muted">No trajectories in this selection. Change the filters or import some.</p>;
  const t = trajectory.data;
  const originals = new Map((edits.data ?? []).map((e) => [e.turnIndex, e.original]));
  return (
    <section ref={queue} className="review-queue" aria-label="Review queue" tabIndex={-1}>
      <header className="queue-header">
        <progress max={total || 1} value={index + 1} />
        <span data-testid="queue-position">
          {formatCount(total ? index + 1 : 0)} of {formatCount(total)}
        </span>
        <span className="muted">
          A accept · R reject · F needs fix — each then opens the next · J/K next/previous · 1–5 rate
        </span>
      </header>
      {t && (
        <>
          <h2>{t.title || '(untitled)'}</h2>
          <div className="label-bar" aria-label="Review label">
            <span className="segmented" role="group" aria-label="Status">
              {(['accepted', 'rejected', 'needs-fix'] as const).map((s) => (
                <button
                  key={s}
                  type="button"
                  aria-pressed={current?.status === s}
                  onClick={() => void save({ status: s })}
                >
                  {s}
                </button>
              ))}
            </span>
            <span className="rating" role="group" aria-label="Rating">
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-pressed={current?.rating === n}
                  onClick={() => void save({ rating: n })}
                >
                  {n}
                </button>
              ))}
            </span>
            <span data-testid="label-status" className="label-status">
              {current ? (current.status ?? 'unlabelled') : '…'}
            </span>
          </div>
          <div className="label-fields">
            <label>
              Tags
              <input
                aria-label="Tags"
                placeholder="tags, comma-separated"
                value={draft.tags}
                disabled={!draft.ready}
                onChange={(e) => draft.setTags(e.target.value)}
                onBlur={() => void save()}
              />
            </label>
            <label>
              Note
              {/* Lines of their own; Ctrl+Enter saves, Escape leaves the field (saving it, as any leaving does) for the queue's keys. */}
              <textarea
                aria-label="Note"
                placeholder="note (Ctrl+Enter saves, Escape leaves)"
                rows={3}
                value={draft.note}
                disabled={!draft.ready}
                onChange={(e) => draft.setNote(e.target.value)}
                onBlur={() => void save()}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
                  else if (e.key === 'Escape') queue.current?.focus();
                  else return;
                  e.preventDefault();
                }}
              />
            </label>
          </div>
          <ErrorNote message={draft.error} />
          <TemplatePreview key={t.id} trajectoryId={t.id} />
          {t.turns.map((turn, i) => (
            <EditableTurn
              key={`${t.id}-${i}`}
              trajectoryId={t.id}
              turn={turn}
              index={i}
              findings={(findings.data ?? []).filter((f) => f.where.turn === i)}
              original={originals.get(i) ?? null}
            />
          ))}
        </>
      )}
    </section>
  );
}
