import { createStore } from '../state/create-store';
import { useEffect } from 'react';
import type { WorkspaceId } from '../state/ui-store';
import type { Command } from './registry';

/** Operations of workspace panels that the command registry offers (palette, menus and toolbars). */
export type PanelAction =
  | 'export'
  | 'findDuplicates'
  | 'newDataset'
  | 'synthesize'
  | 'checkAll'
  | 'importTrajectories'
  | 'generatePlan'
  | 'savePlan'
  | 'addStep'
  | 'runPlan'
  | 'runAsAgent'
  | 'inspectModel'
  | 'loadModel'
  | 'unloadModel'
  | 'buildBinding';

/** What a mounted panel offers for one action. */
interface PanelHandler {
  perform(): void;
  /** Why it cannot run now (a field still empty, work under way); absent while it can. */
  off?: string;
}

interface PanelActions {
  /** What each mounted panel does for its action; absent while the panel is not on screen. */
  handlers: Partial<Record<PanelAction, PanelHandler>>;
}

/**
 * The panels register their actions here while mounted, so a command runs the same code as the
 * panel would (its form's current values, its progress and its report), not a copy of it.
 */
export const usePanelActions = createStore<PanelActions>(() => ({ handlers: {} }));

/**
 * Offers `perform` as `action` while the calling panel is mounted (the latest `perform` is used);
 * `off` says why it cannot run now, and the command is off with that reason meanwhile.
 */
export function useRegisterAction(action: PanelAction, perform: () => void, off?: string): void {
  useEffect(() => {
    usePanelActions.setState((s) => ({ handlers: { ...s.handlers, [action]: { perform, off } } }));
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

/**
 * A command that runs what a panel of `workspace` registered as `action`: enabled while that
 * panel is on screen and can run it. From another workspace, `runCommand` opens `workspace` first
 * and runs it once the panel is there.
 */
export const panelCommand = (
  action: PanelAction,
  workspace: WorkspaceId,
  command: Omit<Command, 'enabled' | 'perform' | 'workspace' | 'subscribe'>,
): Command => {
  const handler = () => usePanelActions.getState().handlers[action];
  return {
    ...command,
    workspace,
    enabled: (ui) => ui.workspace === workspace && handler() !== undefined && handler()!.off === undefined,
    disabledReason: (ui) => handler()?.off ?? command.disabledReason?.(ui) ?? '',
    perform: () => handler()?.perform(),
    subscribe: (listener) => usePanelActions.subscribe(listener),
  };
};
