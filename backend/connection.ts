import { RequestMessage, type ResponseMessage, type ServerMessage } from '../shared/contract';
import { TrellisError } from '../shared/errors';
import { ranOutOfStack, whyNotSerialisable } from '../shared/json';
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
  const unsubscribe = backend.events.subscribe((name, payload) => {
    try {
      send({ kind: 'event', name, payload });
    } catch {
      // An event the transport cannot carry is dropped; the job or domain that emitted it goes on.
    }
  });
  return {
    async receive(raw) {
      const response = await handleRequest(backend, raw);
      try {
        send(response);
      } catch (error) {
        // The transport could not write this answer (nested too deeply, a BigInt): that one call
        // fails, saying why; the connection and every other client go on.
        try {
          send(unsendableResponse(response.id, raw, error));
        } catch {
          // Nothing more can be sent on this transport (the socket is going away).
        }
      }
    },
    close: unsubscribe,
  };
}

/** The error response for a request whose answer the transport could not write. */
export function unsendableResponse(id: number, raw: unknown, error: unknown): ResponseMessage {
  const method = (raw as { method?: unknown } | null)?.method;
  const what = typeof method === 'string' ? `The answer to ${method}` : 'The answer';
  const code = ranOutOfStack(error) ? 'E1007' : 'E9000';
  const data = new TrellisError(code, `${what} could not be sent: ${whyNotSerialisable(error)}.`).toData();
  return { kind: 'response', id, ok: false, error: data };
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
