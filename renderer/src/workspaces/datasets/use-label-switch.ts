import { useEffect, useState } from 'react';
import type { TrajectoryFilter } from '../../../../shared/domain';
import { useDatasetsFilter } from './state';
import { useUi } from '../../state/ui-store';

type Label = TrajectoryFilter['label'];

const named = (label: Label) => `"${label ?? 'all'}"`;
const onlyUnlabelled = (filter: TrajectoryFilter) => filter.label === 'unlabelled' && Object.keys(filter).length === 1;

/**
 * Switches the shared filters to show unlabelled trajectories only (new samples wait there; a
 * Finding or Tool filter would hide them), saying so in the status bar, and remembers what they
 * were so that `restore` puts them back. The filters are never changed silently: `before` is what
 * the panel shows with its way back, until the user changes the filters themselves.
 */
export function useLabelSwitch() {
  const filter = useDatasetsFilter((s) => s.filter);
  const setFilter = useDatasetsFilter((s) => s.setFilter);
  const clearFilter = useDatasetsFilter((s) => s.clearFilter);
  const notify = useUi((s) => s.notify);
  const [before, setBefore] = useState<{ label: Label; filter: TrajectoryFilter } | null>(null);
  // Filters changed by hand since: there is nothing to put back.
  useEffect(() => {
    if (before && !onlyUnlabelled(filter)) setBefore(null);
  }, [before, filter]);
  return {
    before,
    showUnlabelled() {
      if (onlyUnlabelled(filter)) return;
      const others = Object.keys(filter).filter((key) => key !== 'label');
      clearFilter();
      setFilter({ label: 'unlabelled' });
      setBefore({ label: filter.label, filter });
      notify(
        `Label filter set to "unlabelled" to show the new samples (it was ${named(filter.label)})` +
          (others.length ? `; filters by ${others.join(', ')} cleared.` : '.'),
      );
    },
    restore() {
      if (!before) return;
      clearFilter();
      setFilter(before.filter);
      const others = Object.keys(before.filter).filter((key) => key !== 'label');
      notify(
        `Label filter back to ${named(before.label)}${others.length ? ', and the other filters as they were' : ''}.`,
      );
      setBefore(null);
    },
  };
}
