import type { Args, EventName, EventPayload, MethodName, Result, ServerMessage } from '../../../shared/contract';
import { type TrellisError } from '../../../shared/errors';

/** Moves contract messages; the client does the rest. */
export interface Transport {
  request(method: string, args: unknown): Promise<{ ok: true; result: unknown } | { ok: false; error: TrellisError }>;
  onEvent(listener: (name: string, payload: unknown) => void): () => void;
  onStatus(listener: (status: ConnectionStatus) => void): () => void;
}

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected';

/** Typed access to the backend: argument and result types come from the contract. */
export class ApiClient {
  constructor(private readonly transport: Transport) {}

  async invoke<K extends MethodName>(method: K, args: Args<K>): Promise<Result<K>> {
    const response = await this.transport.request(method, args);
    if (!response.ok) throw response.error;
    return response.result as Result<K>;
  }

  on<K extends EventName>(name: K, listener: (payload: EventPayload<K>) => void): () => void {
    return this.transport.onEvent((event, payload) => {
      if (event === name) listener(payload as EventPayload<K>);
    });
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    return this.transport.onStatus(listener);
  }
}

/** Shape of what the Electron preload exposes as `window.trellis`. */
export interface PreloadApi {
  invoke(method: string, args: unknown): Promise<unknown>;
  on(listener: (message: ServerMessage) => void): () => void;
}
