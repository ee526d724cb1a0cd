import { useMemo, useState } from 'react';
import { formatKeybinding, isEnabled, type Command } from '../commands/registry';
import { useUi } from '../state/ui-store';

/** Ctrl/Cmd+K: find any command by name and run it. */
export function CommandPalette({ commands }: { commands: readonly Command[] }) {
  const ui = useUi();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return commands.filter(
      (c) => isEnabled(c, ui) && words.every((w) => `${c.category} ${c.label}`.toLowerCase().includes(w)),
    );
  }, [commands, query, ui]);

  if (!ui.paletteOpen) return null;
  const close = () => {
    ui.setPaletteOpen(false);
    setQuery('');
    setActive(0);
  };
  const run = (command: Command | undefined) => {
    if (!command) return;
    close();
    void command.perform(useUi.getState());
  };

  return (
    <div className="overlay" onMouseDown={close}>
      <div className="palette" role="dialog" aria-label="Command palette" onMouseDown={(e) => e.stopPropagation()}>
        <input
          autoFocus
          aria-label="Search commands"
          placeholder="Type a command…"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
            else if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, matches.length - 1));
            else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
            else if (e.key === 'Enter') run(matches[active]);
            else return;
            e.preventDefault();
          }}
        />
        <ul role="listbox">
          {matches.map((command, index) => (
            <li
              key={command.id}
              role="option"
              aria-selected={index === active}
              onMouseEnter={() => setActive(index)}
              onClick={() => run(command)}
            >
              <span className="muted">{command.category}:</span> {command.label}
              {command.keybinding && <kbd>{formatKeybinding(command.keybinding)}</kbd>}
            </li>
          ))}
          {matches.length === 0 && <li className="muted">No command matches “{query}”.</li>}
        </ul>
      </div>
    </div>
  );
}
