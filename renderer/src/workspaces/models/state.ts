import type { Result } from '../../../../shared/contract';
import type { LlamaBackend, LoadSettings } from '../../../../shared/contract/models';
import { createStore, keepInStorage } from '../../state/create-store';
import { formDraft, keptFields } from '../../state/form-draft';

type Inspected = Result<'models.inspect'>;

/** The remote server form as typed; never its API key. */
export interface RemoteDraft {
  baseUrl: string;
  model: string;
  /** As typed: the number is read when the server is used. */
  concurrency: string;
}

interface ModelsData {
  /** The GGUF file typed or picked; empty until one is. */
  path: string;
  /** The settings to load it with; null until the status gives the last ones or this machine's defaults. */
  settings: LoadSettings | null;
  /** What Inspect found in `path`; a reload inspects again rather than trust an old answer. */
  details: Inspected | null;
  /** The remote server form; null until typed in (it shows the server in use). */
  remote: RemoteDraft | null;
  /** The backend a native build of the binding is for. */
  buildBackend: 'auto' | LlamaBackend;
}

interface ModelsActions {
  /** Another file: what Inspect said of the last one no longer applies. */
  setPath(path: string): void;
  setDetails(details: Inspected | null): void;
  setSettings(update: (settings: LoadSettings | null) => LoadSettings | null): void;
  setRemote(remote: RemoteDraft): void;
  setBuildBackend(backend: 'auto' | LlamaBackend): void;
}

export type ModelsState = ModelsData & ModelsActions;

/**
 * The Models workspace's forms: kept while another workspace is open, and (but for what Inspect
 * found) across a reload of the window.
 */
export const useModels = createStore<ModelsState>(
  keepInStorage<ModelsState, Pick<ModelsData, 'path' | 'settings' | 'remote' | 'buildBackend'>>(
    (set) => ({
      path: '',
      settings: null,
      details: null,
      remote: null,
      buildBackend: 'auto',
      setPath: (path) => set({ path, details: null }),
      setDetails: (details) => set({ details }),
      setSettings: (update) => set((s) => ({ settings: update(s.settings) })),
      setRemote: (remote) => set({ remote }),
      setBuildBackend: (buildBackend) => set({ buildBackend }),
    }),
    {
      name: 'trellis.models',
      partialize: ({ path, settings, remote, buildBackend }) => ({ path, settings, remote, buildBackend }),
    },
  ),
);

/** What the playground sends: its prompt and how many tokens to generate, at which temperature. */
export interface PlaygroundDraft {
  prompt: string;
  maxTokens: number;
  temperature: number;
}

/** The playground's prompt and settings, kept across a workspace switch, another model and a reload. */
export const usePlaygroundDraft = createStore(
  keepInStorage(
    formDraft<PlaygroundDraft>({ prompt: 'Plan a trip from Paris to Lisbon.', maxTokens: 512, temperature: 0.7 }),
    keptFields<PlaygroundDraft>('trellis-playground', ['prompt', 'maxTokens', 'temperature']),
  ),
);
