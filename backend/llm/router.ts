import type { ConsentStore } from '../config/consent';
import { modelServerConsent, ModelServerNotApproved } from '../config/consent-request';
import type { WorkspaceStore } from '../store/workspace-store';
import type { SecretStore } from '../context';
import type { GenerateRequest } from './protocol';
import { OpenAICompatibleClient, type RemoteServer } from './remote-client';
import { Slots } from './slots';
import type { ToolChatRequest, ToolChatResult } from './tool-chat';
import type { GenerateResult, ModelSupervisor } from './supervisor';

export const REMOTE = 'models.remote';

/**
 * Requests in flight to a remote server unless the user says otherwise: llama-server's default
 * slots; vLLM and hosted APIs take many more.
 */
export const DEFAULT_REMOTE_CONCURRENCY = 4;

export interface StoredRemote {
  baseUrl: string;
  model: string;
  /** The API key as the platform's secret store encrypted it; never the key itself. */
  protectedKey: string | null;
  /** Requests in flight at once; absent: DEFAULT_REMOTE_CONCURRENCY. */
  concurrency?: number;
}

export type ModelRouter = ReturnType<typeof createModelRouter>;

/**
 * Where text and embeddings come from: the remote server when one is set for the workspace,
 * the local model otherwise. Plans, agents, judges, simulated tools and synthesis all go
 * through the one router of a backend, so they work the same against a local GGUF or an
 * OpenAI-compatible cluster. The workspace's settings say which server, but only the user's
 * consent on this machine lets anything be sent there: a shared workspace can name any address.
 */
export function createModelRouter(deps: {
  store: WorkspaceStore;
  modelHost: () => ModelSupervisor;
  secrets?: SecretStore | undefined;
  consent: Pick<ConsentStore, 'allowed'>;
}) {
  const { store, modelHost, secrets, consent } = deps;
  /** A key that cannot be stored encrypted lives only as long as this backend. */
  let sessionKey: string | undefined;
  /** Requests in flight to the remote server, shared by every job of this backend. */
  const remoteSlots = new Slots(DEFAULT_REMOTE_CONCURRENCY);
  const remoteServer = (): RemoteServer | null => {
    const stored = store.settings.get<StoredRemote>(REMOTE);
    if (!stored) return null;
    const apiKey = stored.protectedKey && secrets ? secrets.reveal(stored.protectedKey) : sessionKey;
    return { baseUrl: stored.baseUrl, model: stored.model, ...(apiKey ? { apiKey } : {}) };
  };
  /** The remote server to send to, once the user approved it here; throws (E5006) before anything is sent. */
  const approvedServer = (): RemoteServer | null => {
    const remote = remoteServer();
    if (remote && !consent.allowed('model', modelServerConsent(remote).key)) throw new ModelServerNotApproved(remote);
    return remote;
  };
  return {
    /** Whether the workspace's remote server (if any) is approved on this machine. */
    remoteApproved(): boolean {
      const stored = store.settings.get<StoredRemote>(REMOTE);
      return !stored || consent.allowed('model', modelServerConsent(stored).key);
    },
    /** Throws (E5006, naming the server and how to approve it) when the workspace's server is not approved here. */
    assertRemoteApproved(): void {
      approvedServer();
    },
    /**
     * The API key the user gave for the workspace's server, when `baseUrl` is that server's
     * (trailing slashes aside): a candidate of an experiment pointed at it needs no key of its own.
     */
    keyFor(baseUrl: string): string | undefined {
      const remote = remoteServer();
      const bare = (url: string) => url.replace(/\/+$/, '');
      return remote && bare(remote.baseUrl) === bare(baseUrl) ? remote.apiKey : undefined;
    },
    setSessionKey(key: string | undefined) {
      sessionKey = key || undefined;
    },
    hasSessionKey: () => sessionKey !== undefined,
    /** A remote server is set (approved or not: using one unapproved says so), or a local model is loaded. */
    available: () => remoteServer() !== null || modelHost().loaded !== null,
    /**
     * Generations worth running at once: the remote server's requests in flight, or the loaded
     * model's sequences (the helper decodes them in one batch). Callers beyond it wait their turn.
     */
    concurrency(): number {
      const stored = store.settings.get<StoredRemote>(REMOTE);
      if (stored) return stored.concurrency ?? DEFAULT_REMOTE_CONCURRENCY;
      return modelHost().loaded?.sequences ?? 1;
    },
    async generate(
      request: GenerateRequest,
      onToken: (text: string) => void = () => {},
      signal?: AbortSignal,
    ): Promise<GenerateResult> {
      const remote = approvedServer();
      if (!remote) return modelHost().generate(request, onToken, signal);
      const started = performance.now();
      remoteSlots.resize(store.settings.get<StoredRemote>(REMOTE)?.concurrency ?? DEFAULT_REMOTE_CONCURRENCY);
      let release: () => void;
      try {
        release = await remoteSlots.acquire(signal);
      } catch (error) {
        if (!signal?.aborted) throw error;
        return { text: '', cancelled: true, ms: performance.now() - started };
      }
      try {
        return await new OpenAICompatibleClient(remote).generate(request, onToken, signal);
      } finally {
        release();
      }
    },
    /** Whether agent turns can be asked as chat with tools: a remote server is set (the local model answers JSON). */
    chatsWithTools: () => remoteServer() !== null,
    /** The conversation with its tools, to the remote server (in one of its slots); throws (E5006) when it is not approved. */
    async chat(request: ToolChatRequest, signal?: AbortSignal): Promise<ToolChatResult> {
      const remote = approvedServer();
      if (!remote) throw new Error('Chat with tools needs a remote server: connect to one in Models.');
      remoteSlots.resize(store.settings.get<StoredRemote>(REMOTE)?.concurrency ?? DEFAULT_REMOTE_CONCURRENCY);
      const release = await remoteSlots.acquire(signal);
      try {
        return await new OpenAICompatibleClient(remote).chat(request, signal);
      } finally {
        release();
      }
    },
    embed(texts: string[]): Promise<number[][]> {
      const remote = approvedServer();
      return remote ? new OpenAICompatibleClient(remote).embed(texts) : modelHost().embed(texts);
    },
  };
}
