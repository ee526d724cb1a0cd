import { OpenAICompatibleClient, type RemoteServer } from './remote-client';
import type { GenerateRequest } from './protocol';
import type { BackendContext } from '../context';

export const REMOTE = 'models.remote';

export interface StoredRemote {
  baseUrl: string;
  model: string;
  /** The API key as the platform's secret store encrypted it; never the key itself. */
  protectedKey: string | null;
}

/** A key that cannot be stored encrypted lives only as long as its backend. */
const sessionKeys = new WeakMap<BackendContext['store'], string>();

/**
 * Where text and embeddings come from: the remote server when one is set for the workspace,
 * the local model otherwise. Plans, agents, judges, simulated tools and synthesis all go
 * through here, so they work the same against a local GGUF or an OpenAI-compatible cluster.
 */
export function generation({ store, models, secrets }: Pick<BackendContext, 'store' | 'models' | 'secrets'>) {
  const remoteServer = (): RemoteServer | null => {
    const stored = store.settings.get<StoredRemote>(REMOTE);
    if (!stored) return null;
    const apiKey = stored.protectedKey && secrets ? secrets.reveal(stored.protectedKey) : sessionKeys.get(store);
    return { baseUrl: stored.baseUrl, model: stored.model, ...(apiKey ? { apiKey } : {}) };
  };
  return {
    remoteServer,
    setSessionKey(key: string | undefined) {
      if (key) sessionKeys.set(store, key);
      else sessionKeys.delete(store);
    },
    hasSessionKey: () => sessionKeys.has(store),
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
