import type { LucideIcon } from 'lucide-react';
import { useCallback, useSyncExternalStore } from 'react';
import { useCommand } from '../commands/commands-context';
import { formatKeybinding, isEnabled, whyDisabled } from '../commands/registry';
import { useUi } from '../state/ui-store';
import { firstClickOnly } from './first-click';

/**
 * A toolbar button made from a command (as excalidraw renders an action): its label, its key
 * in the tooltip, enabled when the command is (off, the tooltip says why), and the command's own
 * code when clicked.
 */
export function CommandButton({
  id,
  icon: Icon,
  iconSize = 14,
  label,
  className,
  pressed,
  iconOnly = false,
  startsWork = false,
  hint,
}: {
  id: string;
  icon?: LucideIcon;
  iconSize?: number;
  /** A shorter text where the toolbar is narrow (or what the button shows meanwhile: Planning…); the tooltip keeps the command's own label. */
  label?: string;
  className?: string;
  /** For a button that shows a pane while pressed (aria-pressed). */
  pressed?: boolean;
  /** Only the icon shows; the label stays the button's name for screen readers and tests. */
  iconOnly?: boolean;
  /** It starts work (a run): the second click of a double click is ignored (first-click.ts). */
  startsWork?: boolean;
  /** The tooltip while it is on, where it says more than the label (which model runs it). */
  hint?: string;
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
  const reason = useSyncExternalStore(subscribe, () => whyDisabled(command, useUi.getState()));
  const title = command.keybinding ? `${command.label} (${formatKeybinding(command.keybinding)})` : command.label;
  const perform = () => void command.perform(useUi.getState());
  const text = label ?? command.label;
  return (
    <button
      type="button"
      className={iconOnly ? ['icon-button', className].filter(Boolean).join(' ') : className}
      aria-pressed={pressed}
      // Off, the reason is the tooltip: it says what to do, beside the label that says what it is.
      title={reason || hint || title}
      disabled={!enabled}
      onClick={startsWork ? firstClickOnly(perform) : perform}
    >
      {Icon && <Icon size={iconSize} aria-hidden />}
      {iconOnly ? <span className="visually-hidden">{text}</span> : text}
    </button>
  );
}
