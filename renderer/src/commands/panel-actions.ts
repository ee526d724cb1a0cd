import { createStore } from '../state/create-store';
import { useEffect } from 'react';
import type { WorkspaceId } from '../state/ui-store';
import type { Command } from './registry';

/** Operations of workspace panels that the command registry offers (palette and menus). */
export type PanelAction = 'export' | 'findDuplicates' | 'newDataset' | 'synthesize' | 'checkAll' | 'importTrajectories';

interface PanelActions {
  /** What each mounted panel does for its action; absent while the panel is not on screen. */
  handlers: Partial<Record<PanelAction, () => void>>;
  /** An action asked for from another workspace: its panel runs it once it is mounted. */
  pending: PanelAction | null;
}

/**
 * The panels register their actions here while mounted, so a command runs the same code as the
 * button (its form's current values, its progress and its report), not a copy of it.
 */
export const usePanelActions = createStore<PanelActions>(() => ({ handlers: {}, pending: null }));

/** Offers `perform` as `action` while the calling panel is mounted (the latest `perform` is used). */
export function useRegisterAction(action: PanelAction, perform: () => void): void {
  useEffect(() => {
    usePanelActions.setState((s) => ({ handlers: { ...s.handlers, [action]: perform } }));
    if (usePanelActions.getState().pending === action) {
      usePanelActions.setState({ pending: null });
      perform();
    }
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

/**
 * A command that runs what a panel of `workspace` registered as `action`, from any workspace:
 * elsewhere it opens `workspace` first, and the panel runs it once on screen.
 */
export const anywherePanelCommand = (
  action: PanelAction,
  workspace: WorkspaceId,
  command: Omit<Command, 'enabled' | 'perform'>,
): Command => ({
  ...command,
  perform: (ui) => {
    const handler = usePanelActions.getState().handlers[action];
    if (ui.workspace === workspace && handler) return handler();
    usePanelActions.setState({ pending: action });
    ui.showWorkspace(workspace);
  },
});
