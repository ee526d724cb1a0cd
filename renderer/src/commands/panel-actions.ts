import { useEffect } from 'react';
import { create } from 'zustand';
import type { WorkspaceId } from '../state/ui-store';
import type { Command } from './registry';

/** Operations of workspace panels that the command registry offers (palette and menus). */
export type PanelAction = 'export' | 'findDuplicates' | 'newDataset' | 'synthesize' | 'checkAll';

interface PanelActions {
  /** What each mounted panel does for its action; absent while the panel is not on screen. */
  handlers: Partial<Record<PanelAction, () => void>>;
}

/**
 * The panels register their actions here while mounted, so a command runs the same code as the
 * button (its form's current values, its progress and its report), not a copy of it.
 */
export const usePanelActions = create<PanelActions>()(() => ({ handlers: {} }));

/** Offers `perform` as `action` while the calling panel is mounted (the latest `perform` is used). */
export function useRegisterAction(action: PanelAction, perform: () => void): void {
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

/** A command that runs what a panel of `workspace` registered as `action`, enabled while it is on screen. */
export const panelCommand = (
  action: PanelAction,
  workspace: WorkspaceId,
  command: Omit<Command, 'enabled' | 'perform'>,
): Command => ({
  ...command,
  enabled: (ui) => ui.workspace === workspace && usePanelActions.getState().handlers[action] !== undefined,
  perform: () => usePanelActions.getState().handlers[action]?.(),
});
