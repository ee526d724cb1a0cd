import { api } from '../api/api';
import type { UiState } from '../state/ui-store';
import { assertUnique, type Command } from './registry';

/** Runs an API call, reporting success or failure in the status bar. */
async function report(ui: UiState, work: () => Promise<string>): Promise<void> {
  try {
    ui.notify(await work());
  } catch (error) {
    ui.notify((error as Error).message, 'error');
  }
}

/** The palette and the theme (the Go to… commands come after them, one per workspace). */
export const VIEW_COMMANDS: readonly Command[] = [
  {
    id: 'palette.open',
    label: 'Show All Commands',
    category: 'View',
    keybinding: 'Mod+K',
    perform: (ui) => ui.setPaletteOpen(true),
  },
  {
    id: 'view.toggleTheme',
    label: 'Toggle Light/Dark Theme',
    category: 'View',
    keybinding: 'Mod+Shift+L',
    perform: (ui) => ui.toggleTheme(),
  },
];

/** What belongs to no workspace: the workspace file, help. */
export const APP_COMMANDS: readonly Command[] = [
  {
    id: 'workspace.backup',
    label: 'Back Up Workspace…',
    category: 'Workspace',
    keybinding: 'Mod+Shift+B',
    perform: (ui) =>
      report(ui, async () => {
        const backup = await api.invoke('workspace.backup', {});
        return `Backed up ${(backup.bytes / 1024).toFixed(0)} KiB to ${backup.path}`;
      }),
  },
  {
    id: 'help.about',
    label: 'About Trellis',
    category: 'Help',
    perform: (ui) =>
      report(ui, async () => {
        const info = await api.invoke('system.info', {});
        return `Trellis ${info.version} (${info.host}) — workspace ${info.workspacePath}, schema v${info.schemaVersion}`;
      }),
  },
];

assertUnique([...VIEW_COMMANDS, ...APP_COMMANDS]);
