import { useEffect } from 'react';
import { movedOnly, type GraphContent } from '../../../../../shared/graph';
import { api } from '../../../api/api';
import type { EditorStore } from '../editor-store';

const CHECK_DELAY_MS = 250;

/** Keeps the editor's problems in step with its content, checked by the backend. */
export function useProblems(store: EditorStore): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest = 0;
    /** What the last check was asked about: moving its tools leaves its problems as they are. */
    let checked: GraphContent | undefined;
    const check = () => {
      const present = store.getState().history.present;
      if (checked && movedOnly(checked, present)) return void (checked = present);
      const request = ++latest;
      checked = present;
      api.invoke('graphs.check', { tools: present.tools, edges: present.edges }).then(
        (problems) => request === latest && store.getState().setProblems(problems),
        () => undefined,
      );
    };
    check();
    const unsubscribe = store.subscribe((state, previous) => {
      if (state.history.present === previous.history.present) return;
      clearTimeout(timer);
      timer = setTimeout(check, CHECK_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store]);
}
