import { useEffect } from 'react';
import { api } from '../../../api/api';
import type { EditorStore } from '../editor-store';

const CHECK_DELAY_MS = 250;

/** Keeps the editor's problems in step with its content, checked by the backend. */
export function useProblems(store: EditorStore): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let latest = 0;
    const check = () => {
      const request = ++latest;
      const { tools, edges } = store.getState().history.present;
      api.invoke('graphs.check', { tools, edges }).then(
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
