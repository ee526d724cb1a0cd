import { create } from 'zustand';

export type WorkspaceId = 'graph' | 'runs' | 'trajectories' | 'datasets' | 'models';
export type Theme = 'light' | 'dark';
export type SaveState = 'saved' | 'saving' | 'error';

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
  selectedGraphId: string | null;
  selectedTool: string | null;
  saveState: SaveState;
  /** Last message for the status bar: a result or an error the user should see. */
  notice: { text: string; kind: 'info' | 'error' } | null;
  prompt: PromptRequest | null;
}

interface UiActions {
  showWorkspace(workspace: WorkspaceId): void;
  toggleTheme(): void;
  setPaletteOpen(open: boolean): void;
  selectGraph(id: string | null): void;
  selectTool(name: string | null): void;
  setSaveState(state: SaveState): void;
  notify(text: string, kind?: 'info' | 'error'): void;
  askFor(prompt: PromptRequest | null): void;
}

export type UiState = UiData & UiActions;

const THEME_KEY = 'trellis-theme';

function initialTheme(): Theme {
  const saved = localStorage.getItem(THEME_KEY);
  if (saved === 'light' || saved === 'dark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/** UI and editing state only; workspace data comes from the API. */
export const useUi = create<UiState>()((set) => ({
  workspace: 'graph',
  theme: initialTheme(),
  paletteOpen: false,
  selectedGraphId: null,
  selectedTool: null,
  saveState: 'saved',
  notice: null,
  prompt: null,
  showWorkspace: (workspace) => set({ workspace }),
  toggleTheme: () =>
    set((state) => {
      const theme = state.theme === 'dark' ? 'light' : 'dark';
      localStorage.setItem(THEME_KEY, theme);
      return { theme };
    }),
  setPaletteOpen: (paletteOpen) => set({ paletteOpen }),
  selectGraph: (selectedGraphId) => set({ selectedGraphId, selectedTool: null }),
  selectTool: (selectedTool) => set({ selectedTool }),
  setSaveState: (saveState) => set({ saveState }),
  notify: (text, kind = 'info') => set({ notice: { text, kind } }),
  askFor: (prompt) => set({ prompt }),
}));
