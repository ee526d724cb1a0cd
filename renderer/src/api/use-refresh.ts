import { useEffect, useLayoutEffect, useRef } from 'react';
import type { EventName, EventPayload } from '../../../shared/contract';
import { api } from './api';

/** An event that makes a view fetch again; with `when`, only the pushes it concerns. */
export type RefreshOn =
  EventName | { [K in EventName]: { event: K; when(payload: EventPayload<K>): boolean } }[EventName];

/** Pushes this close together are one refresh (the three events of a change another process made). */
const COALESCE_MS = 50;
/** A view refreshes at most this often while changes stream in (a check of every trajectory, batch by batch). */
const MIN_INTERVAL_MS = 500;

/** What a list of trajectories, its facets and its counts show: the trajectories, their findings, their labels. */
export const SELECTION_CHANGES: readonly RefreshOn[] = ['trajectories.changed', 'labels.changed'];

/** `trajectories.changed` concerning this trajectory (or not saying which it concerns). */
export const trajectoryChanged = (id: string): RefreshOn => ({
  event: 'trajectories.changed',
  when: (p) => !p.ids || p.ids.includes(id),
});

/** `labels.changed` concerning this trajectory's label (or not saying which). */
export const labelChanged = (trajectoryId: string): RefreshOn => ({
  event: 'labels.changed',
  when: (p) => !p.ids || p.ids.includes(trajectoryId),
});

/**
 * Calls `refresh` when one of `on` is pushed by the backend: once per burst, at most every
 * half second; `pending` as soon as a refresh is scheduled, so a view can say that what it shows
 * is about to change. `on`, `refresh` and `pending` may be new on every render (the events are
 * subscribed to again only when their names change).
 */
export function useRefresh(on: readonly RefreshOn[], refresh: () => void, pending?: () => void): void {
  const latest = useRef({ on, refresh, pending });
  useLayoutEffect(() => {
    latest.current = { on, refresh, pending };
  });
  const names = [...new Set(on.map((o) => (typeof o === 'string' ? o : o.event)))].sort().join(' ');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = 0;
    const schedule = () => {
      if (timer !== undefined) return;
      latest.current.pending?.();
      const wait = Math.max(COALESCE_MS, last + MIN_INTERVAL_MS - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        latest.current.refresh();
      }, wait);
    };
    const offs = (names ? (names.split(' ') as EventName[]) : []).map((name) =>
      api.on(name, (payload) => {
        const wanted = latest.current.on.some((o) =>
          typeof o === 'string' ? o === name : o.event === name && (o.when as (p: unknown) => boolean)(payload),
        );
        if (wanted) schedule();
      }),
    );
    return () => {
      clearTimeout(timer);
      offs.forEach((off) => off());
    };
  }, [names]);
}
