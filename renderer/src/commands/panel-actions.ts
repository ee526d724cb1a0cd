import { useEffect } from 'react';
import { create } from 'zustand';

/** The operations of the Datasets panels that the command registry offers (palette and menu). */
export type DatasetAction = 'export' | 'findDuplicates' | 'newDataset' | 'synthesize';

interface PanelActions {
  /** What each mounted panel does for its action; absent while the panel is not on screen. */
  handlers: Partial<Record<DatasetAction, () => void>>;
}

/**
 * The panels register their actions here while mounted, so a command runs the same code as the
 * button (its form's current values, its progress and its report), not a copy of it.
 */
export const usePanelActions = create<PanelActions>()(() => ({ handlers: {} }));

/** Offers `perform` as `action` while the calling panel is mounted (the latest `perform` is used). */
export function useRegisterAction(action: DatasetAction, perform: () => void): void {
  useEffect(() => {
    usePanelActions.setState((s) => ({ handlers: { ...s.handlers, [action]: perform } }));
  });
  useEffect(
    () => () =>
      usePanelActions.setState((s) => {
        const { [action]: _, ...rest } = s.handlers;
        return { handlers: rest };
      }),
    [action],
  );
}
