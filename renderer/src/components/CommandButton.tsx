import type { LucideIcon } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { useCommand } from '../commands/commands-context';
import { formatKeybinding, isEnabled, whyDisabled } from '../commands/registry';
import { useUi } from '../state/ui-store';

/**
 * A toolbar button made from a command (as excalidraw renders an action): its label, its key
 * in the tooltip, enabled when the command is, and the command's own code when clicked.
 */
export function CommandButton({
  id,
  icon: Icon,
  iconSize = 14,
  label,
}: {
  id: string;
  icon?: LucideIcon;
  iconSize?: number;
  /** A shorter text where the toolbar is narrow; the tooltip keeps the command's own label. */
  label?: string;
}) {
  const command = useCommand(id);
  const subscribe = useCallback(
    (listener: () => void) => {
      const offUi = useUi.subscribe(listener);
      const offOwn = command.subscribe?.(listener);
      return () => {
        offUi();
        offOwn?.();
      };
    },
    [command],
  );
  const enabled = useSyncExternalStore(subscribe, () => isEnabled(command, useUi.getState()));
  const title = command.keybinding ? `${command.label} (${formatKeybinding(command.keybinding)})` : command.label;
  const reason = enabled ? undefined : whyDisabled(command, useUi.getState());
  return (
    <button
      type="button"
      title={reason ? `${title}: ${reason}` : title}
      disabled={!enabled}
      onClick={() => void command.perform(useUi.getState())}
    >
      {Icon && <Icon size={iconSize} aria-hidden />}
      {label ?? command.label}
    </button>
  );
}
