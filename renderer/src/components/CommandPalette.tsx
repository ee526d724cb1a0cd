import { formatKeybinding, isEnabled, type Command } from '../commands/registry';
import { useUi } from '../state/ui-store';
import { SearchPicker } from './SearchPicker';

/** Ctrl/Cmd+K: find any command by name and run it. */
export function CommandPalette({ commands }: { commands: readonly Command[] }) {
  const open = useUi((s) => s.paletteOpen);
  const setPaletteOpen = useUi((s) => s.setPaletteOpen);
  if (!open) return null;
  return (
    <SearchPicker
      title="Command palette"
      label="Search commands"
      placeholder="Type a command…"
      search={(query) => {
        const words = query.toLowerCase().split(/\s+/).filter(Boolean);
        return commands.filter(
          (c) =>
            isEnabled(c, useUi.getState()) && words.every((w) => `${c.category} ${c.label}`.toLowerCase().includes(w)),
        );
      }}
      keyOf={(command) => command.id}
      render={(command) => (
        <>
          <span className="muted">{command.category}:</span> {command.label}
          {command.keybinding && <kbd>{formatKeybinding(command.keybinding)}</kbd>}
        </>
      )}
      close={() => setPaletteOpen(false)}
      pick={(command) => void command.perform(useUi.getState())}
    />
  );
}
