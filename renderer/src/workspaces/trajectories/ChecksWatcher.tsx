import { useRefresh, type RefreshOn } from '../../api/use-refresh';
import { useChecksState } from './state';

/** Trajectories made here or by another process (imports, experiments, synthesis) are unchecked. */
const ADDED: RefreshOn[] = [
  {
    event: 'trajectories.changed',
    when: (p) => p.reason === 'imported' || p.reason === 'created' || p.reason === 'external',
  },
];
/** Edits and discards change what the checks would find, without adding unchecked trajectories. */
const ALTERED: RefreshOn[] = [
  { event: 'trajectories.changed', when: (p) => p.reason === 'edited' || p.reason === 'discarded' },
];

/** Keeps what this window knows about the checks true while any workspace is open. */
export function ChecksWatcher() {
  useRefresh(ADDED, () => useChecksState.getState().changed(true));
  useRefresh(ALTERED, () => useChecksState.getState().changed(false));
  return null;
}
