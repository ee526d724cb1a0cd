import { formatKeybinding, isEnabled, whyDisabled, type Command } from '../commands/registry';
import { runCommand, runsElsewhere } from '../commands/run-command';
import { useUi, type UiState, type WorkspaceId } from '../state/ui-store';
import { SearchPicker } from './SearchPicker';

/**
 * The commands `query` names, from every workspace: those that work here first, then those of
 * the other workspaces, which open their workspace when run, then those that are off here (with
 * their reason); in each, the ones whose label has every word before those found by their category.
 */
export function searchCommands(commands: readonly Command[], query: string, ui: UiState): Command[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const has = (text: string) => words.every((w) => text.toLowerCase().includes(w));
  const found = commands.filter((c) => has(`${c.category} ${c.label}`));
  const typed = words.join(' ');
  const starts = (c: Command) => typed !== '' && c.label.toLowerCase().startsWith(typed);
  // "step" finds Step before Add Step to Plan: a label that starts with what was typed, then one
  // that has every word, then one found by its category.
  const byLabel = (list: Command[]) => [
    ...list.filter(starts),
    ...list.filter((c) => !starts(c) && has(c.label)),
    ...list.filter((c) => !has(c.label)),
  ];
  const here = found.filter((c) => !runsElsewhere(c, ui));
  return [
    ...byLabel(here.filter((c) => isEnabled(c, ui))),
    ...byLabel(found.filter((c) => runsElsewhere(c, ui))),
    // Found but off here: listed last with why, rather than "nothing matches" (picking one says why).
    ...byLabel(here.filter((c) => !isEnabled(c, ui))),
  ];
}

/** Ctrl/Cmd+K: find any command by name and run it, in its own workspace. */
export function CommandPalette({
  commands,
  names,
}: {
  commands: readonly Command[];
  /** Each workspace's name, to say where a command of another workspace runs. */
  names: Record<WorkspaceId, string>;
}) {
  const open = useUi((s) => s.paletteOpen);
  const setPaletteOpen = useUi((s) => s.setPaletteOpen);
  if (!open) return null;
  return (
    <SearchPicker
      title="Command palette"
      label="Search commands"
      placeholder="Type a command…"
      search={(query) => searchCommands(commands, query, useUi.getState())}
      keyOf={(command) => command.id}
      render={(command) => (
        <>
          <span className="muted">{command.category}:</span> {command.label}
          {runsElsewhere(command, useUi.getState()) && <span className="muted"> · in {names[command.workspace!]}</span>}
          <OffReason command={command} />
          {command.keybinding && <kbd>{formatKeybinding(command.keybinding)}</kbd>}
        </>
      )}
      close={() => setPaletteOpen(false)}
      pick={(command) => void runCommand(command)}
    />
  );
}

/** Why a command found here cannot run now, beside its name (nothing for one that can, or runs elsewhere). */
function OffReason({ command }: { command: Command }) {
  const ui = useUi.getState();
  if (runsElsewhere(command, ui) || isEnabled(command, ui)) return null;
  return <span className="muted"> · off: {whyDisabled(command, ui) || 'not in what is open now'}</span>;
}
