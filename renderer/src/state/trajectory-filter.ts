import type { TrajectoryFilter } from '../../../shared/domain';

/** `filter` with `patch` applied; a field set to nothing (undefined, '') is dropped rather than kept empty. */
export function patchFilter(filter: TrajectoryFilter, patch: Partial<TrajectoryFilter>): TrajectoryFilter {
  const next: Record<string, unknown> = { ...filter, ...patch };
  for (const key of Object.keys(next)) if (next[key] === undefined || next[key] === '') delete next[key];
  return next as TrajectoryFilter;
}

/** What a filter bar edits: one workspace's own filter. */
export interface FilterSlice {
  filter: TrajectoryFilter;
  setFilter(patch: Partial<TrajectoryFilter>): void;
  clearFilter(): void;
}
