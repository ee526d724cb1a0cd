import { useEffect, useRef, useState } from 'react';
import type { Environment } from '../../../../../shared/domain';
import { canonicalJson } from '../../../../../shared/json';

/** Typing is applied once it pauses, as a tool's runtime is: one undo step per pause, not per key. */
const APPLY_DELAY_MS = 500;

/**
 * The environment as it is being edited: shown at once, applied to the graph (and so saved and
 * undoable) when typing pauses, and when the editor closes before that. A change from outside
 * (Undo) replaces the draft unless an edit is waiting to be applied.
 */
export function useEnvironmentDraft(
  saved: Environment | null,
  apply: (next: Environment | null) => void,
): [Environment | null, (next: Environment | null, debounce?: boolean) => void] {
  const [draft, setDraft] = useState(saved);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<Environment | null | undefined>(undefined);
  const commit = useRef(apply);
  useEffect(() => {
    commit.current = apply;
  });
  useEffect(() => {
    if (pending.current === undefined && canonicalJson(saved) !== canonicalJson(draft)) setDraft(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the saved environment's changes count
  }, [saved]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current !== undefined) commit.current(pending.current);
    },
    [],
  );
  const update = (next: Environment | null, debounce = true) => {
    setDraft(next);
    clearTimeout(timer.current);
    pending.current = next;
    const applyNow = () => {
      pending.current = undefined;
      commit.current(next);
    };
    if (debounce) timer.current = setTimeout(applyNow, APPLY_DELAY_MS);
    else applyNow();
  };
  return [draft, update];
}
