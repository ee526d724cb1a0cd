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
      // Monaco takes its keys in an EditContext element of its own (no textarea in Chromium).
      const typing = target?.closest(
        'input:not([type="checkbox"]):not([type="radio"]):not([type="button"]), textarea, select, [contenteditable="true"], .monaco-editor',
      );
      // In a text field only chorded shortcuts and function keys fire, so typing is never hijacked.
      const chorded = event.ctrlKey || event.metaKey || /^F\d{1,2}$/.test(event.key);
      if (typing && (command.ignoreInTextFields || !chorded)) return;
      event.preventDefault();
      void command.perform(ui);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [commands]);
}
