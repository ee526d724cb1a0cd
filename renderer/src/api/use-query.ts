import { useCallback, useEffect, useState } from 'react';
import type { TrellisError } from '../../../shared/errors';
import { useRefresh, type RefreshOn } from './use-refresh';

export interface Query<T> {
  data: T | undefined;
  error: TrellisError | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Fetches persisted data through the API (never mirrored in a store) and fetches again
 * when one of `refreshOn` is pushed by the backend (see useRefresh). The data shown stays
 * while it is fetched again, so nothing below it is remounted; `loading` is true from the push on.
 */
export function useQuery<T>(
  load: (() => Promise<T>) | null,
  deps: unknown[],
  refreshOn: readonly RefreshOn[] = [],
): Query<T> {
  const [state, setState] = useState<{ data?: T; error?: TrellisError; loading: boolean }>({ loading: load !== null });
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (!load) {
      setState({ loading: false });
      return;
    }
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    load().then(
      (data) => current && setState({ data, loading: false }),
      (error: TrellisError) => current && setState({ error, loading: false }),
    );
    return () => {
      current = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- callers pass the load's inputs as deps
  }, [...deps, version]);

  // From the change's push on, not only once the fetch starts: the data shown is known to be old.
  useRefresh(refreshOn, reload, () => setState((s) => (s.loading ? s : { ...s, loading: true })));

  return { data: state.data, error: state.error, loading: state.loading, reload };
}
