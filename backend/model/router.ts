import type { WorkspaceStore } from '../store/workspace-store';
import type { SecretStore } from '../context';
import type { GenerateRequest } from './protocol';
import { OpenAICompatibleClient, type RemoteServer } from './remote-client';
import type { ModelSupervisor } from './supervisor';

export const REMOTE = 'models.remote';

export interface StoredRemote {
  baseUrl: string;
  model: string;
  /** The API key as the platform's secret store encrypted it; never the key itself. */
  protectedKey: string | null;
}

export type ModelRouter = ReturnType<typeof createModelRouter>;

/**
 * Where text and embeddings come from: the remote server when one is set for the workspace,
 * the local model otherwise. Plans, agents, judges, simulated tools and synthesis all go
 * through the one router of a backend, so they work the same against a local GGUF or an
 * OpenAI-compatible cluster.
 */
export function createModelRouter(deps: {
  store: WorkspaceStore;
  models: () => ModelSupervisor;
  secrets?: SecretStore | undefined;
}) {
  const { store, models, secrets } = deps;
  /** A key that cannot be stored encrypted lives only as long as this backend. */
  let sessionKey: string | undefined;
  const remoteServer = (): RemoteServer | null => {
    const stored = store.settings.get<StoredRemote>(REMOTE);
    if (!stored) return null;
    const apiKey = stored.protectedKey && secrets ? secrets.reveal(stored.protectedKey) : sessionKey;
    return { baseUrl: stored.baseUrl, model: stored.model, ...(apiKey ? { apiKey } : {}) };
  };
  return {
    remoteServer,
    setSessionKey(key: string | undefined) {
      sessionKey = key || undefined;
    },
    hasSessionKey: () => sessionKey !== undefined,
    /** A remote server is set, or a local model is loaded. */
    available: () => remoteServer() !== null || models().loaded !== null,
    generate(request: GenerateRequest, onToken: (text: string) => void = () => {}, signal?: AbortSignal) {
      const remote = remoteServer();
      return remote
        ? new OpenAICompatibleClient(remote).generate(request, onToken, signal)
        : models().generate(request, onToken, signal);
    },
    embed(texts: string[]): Promise<number[][]> {
      const remote = remoteServer();
      return remote ? new OpenAICompatibleClient(remote).embed(texts) : models().embed(texts);
    },
  };
}
