import { createStore } from './create-store';
import { safeLocalStorage } from './local-storage';
import { raiseNotice, switchWorkspace, type Notice } from './notices';
import { WORKSPACE_IDS, type WorkspaceId, type WorkspaceIntent, type WorkspaceIntents } from './workspace-ids';

export type { WorkspaceId } from './workspace-ids';
export type Theme = 'light' | 'dark';

export interface PromptRequest {
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  onSubmit(value: string): Promise<void>;
}

interface UiData {
  workspace: WorkspaceId;
  theme: Theme;
  paletteOpen: boolean;
  /** Messages for the status bar, at most one per workspace (state/notices.ts). */
  notices: Notice[];
  prompt: PromptRequest | null;
  /** Where the user was sent from another workspace and what to show there, until the shell hands it over. */
  intent: WorkspaceIntent | null;
}

interface UiActions {
  showWorkspace(workspace: WorkspaceId): void;
  toggleTheme(): void;
  setPaletteOpen(open: boolean): void;
  /** A result or an error for the status bar, from `workspace` (the open one unless said). */
  notify(text: string, kind?: 'info' | 'error', workspace?: WorkspaceId): void;
  askFor(prompt: PromptRequest | null): void;
  /**
   * Goes to `workspace` and asks it to show `detail` (a trajectory to debug, a selection to
   * review): how one workspace sends the user to another without importing it.
   */
  openIn<W extends WorkspaceId>(workspace: W, detail: WorkspaceIntents[W]): void;
  /** The intent as the shell hands it to its workspace; it is taken once. */
  takeIntent(): WorkspaceIntent | null;
}

export type UiState = UiData & UiActions;

const THEME_KEY = 'trellis-theme';

function initialTheme(): Theme {
  const saved = safeLocalStorage.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

const WORKSPACE_KEY = 'trellis-workspace';

/** The workspace open when the window was last closed or reloaded, as an editor reopens its view. */
function initialWorkspace(): WorkspaceId {
  const saved = safeLocalStorage.getItem(WORKSPACE_KEY);
  return WORKSPACE_IDS.find((id) => id === saved) ?? 'graph';
}

/** UI and editing state only; workspace data comes from the API. */
export const useUi = createStore<UiState>((set, get) => ({
  workspace: initialWorkspace(),
  theme: initialTheme(),
  paletteOpen: false,
  notices: [],
  prompt: null,
  intent: null,
  showWorkspace: (workspace) =>
    set((state) => {
      safeLocalStorage.setItem(WORKSPACE_KEY, workspace);
      return { workspace, notices: switchWorkspace(state.notices, state.workspace, workspace) };
    }),
  toggleTheme: () =>
    set((state) => {
      const theme = state.theme === 'dark' ? 'light' : 'dark';
      safeLocalStorage.setItem(THEME_KEY, theme);
      return { theme };
    }),
  setPaletteOpen: (paletteOpen) => set({ paletteOpen }),
  notify: (text, kind = 'info', workspace) =>
    set((state) => ({
      notices: raiseNotice(
        state.notices,
        { text, kind, workspace: workspace ?? state.workspace, at: Date.now() },
        state.workspace,
      ),
    })),
  askFor: (prompt) => set({ prompt }),
  openIn: (workspace, detail) => {
    get().showWorkspace(workspace);
    set({ intent: { workspace, detail } as WorkspaceIntent });
  },
  takeIntent: () => {
    const intent = get().intent;
    if (intent) set({ intent: null });
    return intent;
  },
}));
