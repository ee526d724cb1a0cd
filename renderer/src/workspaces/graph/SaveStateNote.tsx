import { useGraphUi } from './state';

const SAVE_LABELS = { saved: 'All changes saved', saving: 'Saving…', error: 'Not saved' } as const;

/** Whether the open graph's edits are saved, in the status bar whichever workspace is open. */
export function SaveStateNote() {
  const saveState = useGraphUi((s) => s.saveState);
  return <span data-testid="save-state">{SAVE_LABELS[saveState]}</span>;
}
