import { RequestMessage, type ResponseMessage, type ServerMessage } from '../shared/contract';
import { TrellisError } from '../shared/errors';
import type { Backend } from './backend';
import { errorData } from './registry';

/**
 * One UI connection over any message transport (WebSocket, IPC): parses requests,
 * dispatches them and forwards backend events. Transports only move the messages.
 */
export function connectTransport(
  backend: Backend,
  send: (message: ServerMessage) => void,
): {
  receive(raw: unknown): Promise<void>;
  close(): void;
} {
  const unsubscribe = backend.events.subscribe((name, payload) => send({ kind: 'event', name, payload }));
  return {
    async receive(raw) {
      send(await handleRequest(backend, raw));
    },
    close: unsubscribe,
  };
}

export async function handleRequest(backend: Backend, raw: unknown): Promise<ResponseMessage> {
  const parsed = RequestMessage.safeParse(raw);
  const id = typeof (raw as { id?: unknown })?.id === 'number' ? (raw as { id: number }).id : -1;
  if (!parsed.success) {
    const error = new TrellisError('E1004', 'The message is not a valid request.').toData();
    return { kind: 'response', id, ok: false, error };
  }
  try {
    const result = await backend.registry.dispatch(parsed.data.method, parsed.data.args);
    return { kind: 'response', id, ok: true, result };
  } catch (error) {
    return { kind: 'response', id, ok: false, error: errorData(error) };
  }
}
