import type { LucideIcon } from 'lucide-react';
import type { ComponentType } from 'react';
import type { Command } from '../commands/registry';
import type { WorkspaceId, WorkspaceIntents } from '../state/workspace-ids';

/** What the shell needs of one workspace; each workspace's index.ts exports one. */
export interface WorkspaceDescriptor<W extends WorkspaceId = WorkspaceId> {
  id: W;
  /** Its name: activity bar tooltip, Go to… command, status bar, error boundary. */
  label: string;
  icon: LucideIcon;
  /** Ctrl+`key` (⌘ on macOS) goes there. */
  key: string;
  /** The workspace itself, shown while it is open. */
  View: ComponentType;
  /** Its commands, already bound to its context (commands/registry.ts `bindCommands`). */
  commands: readonly Command[];
  /** Shows what another workspace sent the user here for (`useUi().openIn`). */
  receive?(detail: WorkspaceIntents[W]): void;
  /**
   * Mounted for as long as the app runs, open or not: keeps what the workspace remembers up to
   * date with changes made elsewhere (no UI of its own).
   */
  Watcher?: ComponentType;
  /** What it says in the status bar whichever workspace is open (Graph: whether its edits are saved). */
  StatusItem?: ComponentType;
}
