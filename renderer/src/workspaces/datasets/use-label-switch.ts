import { useState } from 'react';
import type { TrajectoryFilter } from '../../../../shared/domain';
import { useBrowserStore } from '../../state/browser-store';
import { useUi } from '../../state/ui-store';

type Label = TrajectoryFilter['label'];

const named = (label: Label) => `"${label ?? 'all'}"`;

/**
 * Switches the shared Label filter to show unlabelled trajectories (new samples wait there),
 * saying so in the status bar, and remembers what it was so that `restore` puts it back. The
 * filter is never changed silently: `before` is what the panel shows with its way back.
 */
export function useLabelSwitch() {
  const label = useBrowserStore((s) => s.filter.label);
  const setFilter = useBrowserStore((s) => s.setFilter);
  const notify = useUi((s) => s.notify);
  const [before, setBefore] = useState<{ label: Label } | null>(null);
  return {
    before,
    showUnlabelled() {
      if (label === 'unlabelled') return;
      setFilter({ label: 'unlabelled' });
      setBefore({ label });
      notify(`Label filter set to "unlabelled" to show the new samples (it was ${named(label)}).`);
    },
    restore() {
      if (!before) return;
      setFilter({ label: before.label });
      notify(`Label filter back to ${named(before.label)}.`);
      setBefore(null);
    },
  };
}
