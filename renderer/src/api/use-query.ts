import { useCallback, useEffect, useState } from 'react';
import type { EventName } from '../../../shared/contract';
import type { TrellisError } from '../../../shared/errors';
import { api } from './api';

export interface Query<T> {
  data: T | undefined;
  error: TrellisError | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Fetches persisted data through the API (never mirrored in a store) and fetches again
 * when one of `refreshOn` is pushed by the backend.
 */
export function useQuery<T>(load: (() => Promise<T>) | null, deps: unknown[], refreshOn: EventName[] = []): Query<T> {
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

  useEffect(() => {
    const offs = refreshOn.map((name) => api.on(name, reload));
    return () => offs.forEach((off) => off());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- event names are static per call site
  }, [reload]);

  return { data: state.data, error: state.error, loading: state.loading, reload };
}
