import type { UiState, WorkspaceId } from '../state/ui-store';

export type CommandCategory = 'Workspace' | 'Edit' | 'Graph' | 'Run' | 'Dataset' | 'View' | 'Go' | 'Help';

/** One user operation; menus, shortcuts and the palette all read these. */
export interface Command {
  id: string;
  label: string;
  category: CommandCategory;
  /**
   * The workspace it works in: run from elsewhere (palette, menu), that workspace opens first and
   * the command runs there once it is ready (commands/run-command.ts). None: it works anywhere.
   */
  workspace?: WorkspaceId;
  /**
   * Off while another workspace is open, with its reason, rather than opening its workspace: what
   * it works on is that workspace's own (New Dataset from Selection takes Datasets' selection).
   */
  offElsewhere?: boolean;
  /** e.g. `Mod+K`, `Mod+Shift+L`; Mod is Cmd on macOS, Ctrl elsewhere. */
  keybinding?: string;
  /** Leave the key to the text field when one has focus (undo, copy, paste…). */
  ignoreInTextFields?: boolean;
  enabled?(ui: UiState): boolean;
  /** Why it is off and what to do instead, said where it shows greyed (a menu item's, a button's tooltip). */
  disabledReason?(ui: UiState): string;
  perform(ui: UiState): void | Promise<void>;
  /** Calls `listener` when `enabled` may have changed besides the UI store (a toolbar button follows it). */
  subscribe?(listener: () => void): () => void;
}

/**
 * A command of one workspace: it runs with the context that workspace provides (its open
 * editor, its run…), and only while that workspace is open and has one.
 */
export interface WorkspaceCommand<C> extends Omit<Command, 'enabled' | 'perform' | 'subscribe'> {
  /** Also enabled while another workspace is open (Pause a run that goes on). */
  whileHidden?: boolean;
  enabled?(context: C): boolean;
  perform(context: C): void | Promise<void>;
}

/** Where a workspace's commands get their context from. */
export interface CommandContextSource<C> {
  /** The context as it is now; null while the workspace has none to offer (no graph open). */
  current(ui: UiState): C | null;
  /** Calls `listener` when what `current` returns may have changed. */
  subscribe(listener: () => void): () => void;
}

/** `commands` as the shell runs them: each gets `workspace`'s context from `source`, and is off without one. */
export function bindCommands<C>(
  workspace: WorkspaceId,
  source: CommandContextSource<C>,
  commands: readonly WorkspaceCommand<C>[],
): Command[] {
  return commands.map(({ whileHidden, enabled, perform, ...command }) => {
    const context = (ui: UiState) => (whileHidden || ui.workspace === workspace ? source.current(ui) : null);
    return {
      ...command,
      workspace,
      enabled: (ui) => {
        const c = context(ui);
        return c !== null && (enabled ? enabled(c) : true);
      },
      perform: (ui) => {
        const c = context(ui);
        return c === null ? undefined : perform(c);
      },
      subscribe: source.subscribe,
    };
  });
}

export const CATEGORIES: CommandCategory[] = ['Workspace', 'Edit', 'Graph', 'Run', 'Dataset', 'View', 'Go', 'Help'];

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** True when a key event is the command's binding. */
export function matchesKeybinding(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>,
  binding: string,
  mac = isMac,
): boolean {
  const parts = binding.split('+');
  const key = parts.pop()!.toLowerCase();
  const want = new Set(parts.map((p) => p.toLowerCase()));
  const mod = mac ? event.metaKey : event.ctrlKey;
  return (
    event.key.toLowerCase() === key &&
    mod === want.has('mod') &&
    event.shiftKey === want.has('shift') &&
    event.altKey === want.has('alt') &&
    (mac ? event.ctrlKey : event.metaKey) === false
  );
}

/** `Mod+Shift+L` → `Ctrl+Shift+L` or `⌘⇧L`. */
export function formatKeybinding(binding: string, mac = isMac): string {
  if (!mac) return binding.replace('Mod', 'Ctrl');
  return binding.replace('Mod+', '⌘').replace('Shift+', '⇧').replace('Alt+', '⌥');
}

export function isEnabled(command: Command, ui: UiState): boolean {
  return command.enabled ? command.enabled(ui) : true;
}

/** Why a command is off now (its own reason, when it gives one); undefined while it is on. */
export function whyDisabled(command: Command, ui: UiState): string | undefined {
  return isEnabled(command, ui) ? undefined : command.disabledReason?.(ui);
}

/** Checks a command list for duplicate ids and bindings (a mistake, not a user error). */
export function assertUnique(commands: readonly Command[]): void {
  const seen = new Set<string>();
  for (const command of commands) {
    for (const key of [`id:${command.id}`, command.keybinding ? `key:${command.keybinding}` : '']) {
      if (!key) continue;
      if (seen.has(key)) throw new Error(`Duplicate command ${key}`);
      seen.add(key);
    }
  }
}
