import type { ModelSupervisor } from './model/supervisor';
import type { WorkspaceStore } from './store/workspace-store';
import type { EventBus } from './events';

/** What every domain's handlers may use. */
export interface BackendContext {
  version: string;
  host: 'electron' | 'web' | 'cli';
  store: WorkspaceStore;
  events: EventBus;
  /** The model supervisor, created on first use (the helper starts only when needed). */
  models: () => ModelSupervisor;
  /** Encrypts secrets for storage (Electron's safeStorage); absent where none is available. */
  secrets?: SecretStore;
  /** The native file dialog, where the shell has one (Electron). */
  pickFile?: FilePicker;
  /** Registers cleanup (worker threads, MCP servers) for when the backend closes. */
  onClose(dispose: () => unknown): void;
}

export type FilePicker = (title: string, extensions: string[]) => Promise<string | null>;

export interface SecretStore {
  protect(plain: string): string;
  reveal(stored: string): string;
}
