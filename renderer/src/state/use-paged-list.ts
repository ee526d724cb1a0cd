import { errorText } from '../api/error-text';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TrajectoryFilter, TrajectorySummary } from '../../../shared/domain';
import { api } from '../api/api';

export const PAGE_SIZE = 200;

/**
 * The browser's rows, fetched a page at a time as they scroll into view, so a workspace of
 * 100,000 trajectories costs one page per screen, not one list of everything.
 */
export function usePagedList(filter: TrajectoryFilter) {
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [, setVersion] = useState(0);
  const pages = useRef(new Map<number, TrajectorySummary[] | 'loading'>());
  // A refresh of the same filter shows the rows it had until their page comes again, so the list
  // neither blanks out nor drops a click that lands meanwhile; a new filter starts empty.
  const stale = useRef(new Map<number, TrajectorySummary[] | 'loading'>());
  const loadedKey = useRef<string | null>(null);
  const generation = useRef(0);
  const key = JSON.stringify(filter);

  const loadPage = useCallback(
    (page: number) => {
      if (pages.current.has(page)) return;
      pages.current.set(page, 'loading');
      const mine = generation.current;
      api.invoke('trajectories.list', { filter, limit: PAGE_SIZE, offset: page * PAGE_SIZE }).then(
        (result) => {
          if (mine !== generation.current) return;
          pages.current.set(page, result.items);
          setTotal(result.total);
          setVersion((v) => v + 1);
        },
        (e: Error) => mine === generation.current && setError(errorText(e)),
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filter's JSON is the dependency
    [key],
  );

  const reload = useCallback(() => {
    generation.current++;
    const loaded = [...pages.current].filter(([, page]) => Array.isArray(page));
    stale.current = loadedKey.current === key ? new Map([...stale.current, ...loaded]) : new Map();
    loadedKey.current = key;
    pages.current = new Map();
    setError(null);
    loadPage(0);
  }, [loadPage, key]);

  useEffect(reload, [reload]);

  const rowAt = (index: number): TrajectorySummary | undefined => {
    const page = pages.current.get(Math.floor(index / PAGE_SIZE));
    if (page === undefined) loadPage(Math.floor(index / PAGE_SIZE));
    const shown = Array.isArray(page) ? page : stale.current.get(Math.floor(index / PAGE_SIZE));
    return Array.isArray(shown) ? shown[index % PAGE_SIZE] : undefined;
  };

  return { total, error, rowAt, reload };
}
