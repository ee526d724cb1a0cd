import { useEffect } from 'react';
import { useUi } from '../state/ui-store';
import { isEnabled, matchesKeybinding, type Command } from './registry';

/** Global keyboard shortcuts from the command registry. */
export function useShortcuts(commands: readonly Command[]): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const ui = useUi.getState();
      const command = commands.find((c) => c.keybinding && matchesKeybinding(event, c.keybinding));
      if (!command || !isEnabled(command, ui)) return;
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, [contenteditable="true"]');
      // In a text field only chorded shortcuts fire, so typing is never hijacked.
      if (typing && (command.ignoreInTextFields || (!event.ctrlKey && !event.metaKey))) return;
      event.preventDefault();
      void command.perform(ui);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [commands]);
}
