import { useCallback, useEffect, useRef, useState } from 'react';
import type { Label } from '../../../../shared/domain';
import { api } from '../../api/api';

export type LabelPatch = Partial<Pick<Label, 'status' | 'rating'>>;

interface Draft {
  /** The trajectory the text belongs to; null until its label has loaded. */
  for: string | null;
  tags: string;
  note: string;
}

/** The label of a trajectory nobody has reviewed yet. */
export const unlabelled = (trajectoryId: string): Label => ({
  trajectoryId,
  status: null,
  rating: null,
  tags: [],
  note: '',
});

const loadLabel = async (trajectoryId: string): Promise<Label> =>
  (await api.invoke('labels.get', { trajectoryId })) ?? unlabelled(trajectoryId);

/** Typing that pauses this long is saved without leaving the field. */
const SAVE_AFTER_MS = 500;

const splitTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * The tags and note of one trajectory's label as the user types them. The text is seeded once,
 * when the trajectory's label has loaded, and from then on belongs to the fields: a save or a
 * refetch never writes over it. Saves go one after another and each sends the text as it is
 * when its turn comes, so a save started on leaving one field carries what was typed in the
 * next. Text is saved when typing pauses, when the field is left, when another trajectory comes,
 * when the queue closes (another workspace) and when the window unloads. A rejected save keeps
 * the text and says why.
 */
export function useLabelDraft(id: string | null, loaded: Label | null) {
  const [draft, setDraftState] = useState<Draft>({ for: null, tags: '', note: '' });
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(draft);
  // Each label as last saved from here: a status save queued behind a text save must not send the status from before.
  const saved = useRef(new Map<string, Label>());
  const queue = useRef<Promise<void>>(Promise.resolve());
  const setDraft = useCallback((next: Draft) => {
    latest.current = next;
    setDraftState(next);
  }, []);

  // Text typed and not yet sent, and the pause timer that sends it.
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saveRef = useRef<(trajectoryId: string) => Promise<void>>(() => Promise.resolve());
  const flush = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    const of = latest.current.for;
    if (!dirty.current || !of) return;
    dirty.current = false;
    void saveRef.current(of);
  }, []);
  const edit = (patch: Partial<Pick<Draft, 'tags' | 'note'>>) => {
    setDraft({ ...latest.current, ...patch });
    dirty.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(flush, SAVE_AFTER_MS);
  };
  useEffect(() => {
    window.addEventListener('beforeunload', flush);
    return () => {
      window.removeEventListener('beforeunload', flush);
      flush();
    };
  }, [flush]);

  useEffect(() => {
    if (!loaded || latest.current.for === loaded.trajectoryId) return;
    flush(); // what was typed for the previous trajectory goes with it
    saved.current.set(loaded.trajectoryId, loaded);
    setError(null);
    setDraft({ for: loaded.trajectoryId, tags: loaded.tags.join(', '), note: loaded.note });
  }, [loaded, setDraft, flush]);

  /** Saves the label of `trajectoryId`: its text as typed here, else as stored, with `patch` on top. */
  const save = useCallback((trajectoryId: string, patch: LabelPatch = {}): Promise<void> => {
    const asked = latest.current;
    // This save sends the text as typed: nothing is left for the pause timer.
    if (asked.for === trajectoryId) {
      dirty.current = false;
      clearTimeout(timer.current);
    }
    const run = async () => {
      // The text as it is now if the user is still on this trajectory, else as it was when asked;
      // a key pressed before the trajectory's label has loaded here takes the stored one.
      const typed = [latest.current, asked].find((d) => d.for === trajectoryId);
      const stored = saved.current.get(trajectoryId) ?? (await loadLabel(trajectoryId));
      const label: Label = {
        trajectoryId,
        status: patch.status !== undefined ? patch.status : stored.status,
        rating: patch.rating !== undefined ? patch.rating : stored.rating,
        tags: typed ? splitTags(typed.tags) : stored.tags,
        note: typed ? typed.note : stored.note,
      };
      try {
        const result = await api.invoke('labels.set', label);
        saved.current.set(result.trajectoryId, result);
        if (latest.current.for === trajectoryId) setError(null);
      } catch (e) {
        if (latest.current.for === trajectoryId)
          setError(`The label was not saved: ${(e as Error).message} Your text is kept; leave the field to try again.`);
      }
    };
    // One failed save (even a failed load) must not stop the ones queued after it.
    queue.current = queue.current.then(run).catch(() => undefined);
    return queue.current;
  }, []);

  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const ready = id !== null && draft.for === id;
  return {
    ready,
    tags: ready ? draft.tags : '',
    note: ready ? draft.note : '',
    setTags: (tags: string) => edit({ tags }),
    setNote: (note: string) => edit({ note }),
    error: ready ? error : null,
    save,
  };
}
