import { useState } from 'react';
import { CATEGORIES, formatKeybinding, isEnabled, type Command } from '../commands/registry';
import { useUi } from '../state/ui-store';

/** Application menus, built from the command registry. */
export function MenuBar({ commands }: { commands: readonly Command[] }) {
  const [open, setOpen] = useState<string | null>(null);
  // Whether a command is enabled is read as its menu opens (predicates also read the graph
  // editor's history, which is not UI state), so the bar does not re-render on every UI change.
  const ui = open ? useUi.getState() : null;
  return (
    <nav className="menubar" aria-label="Main menu" onMouseLeave={() => setOpen(null)}>
      <span className="brand">Trellis</span>
      {CATEGORIES.map((category) => (
        <div key={category} className="menu">
          <button
            type="button"
            aria-haspopup="menu"
            aria-expanded={open === category}
            onClick={() => setOpen(open === category ? null : category)}
          >
            {category}
          </button>
          {open === category && ui && (
            <ul role="menu">
              {commands
                .filter((c) => c.category === category)
                .map((command) => (
                  <li key={command.id} role="none">
                    <button
                      type="button"
                      role="menuitem"
                      disabled={!isEnabled(command, ui)}
                      onClick={() => {
                        setOpen(null);
                        void command.perform(ui);
                      }}
                    >
                      <span>{command.label}</span>
                      {command.keybinding && <kbd>{formatKeybinding(command.keybinding)}</kbd>}
                    </button>
                  </li>
                ))}
            </ul>
          )}
        </div>
      ))}
    </nav>
  );
}
