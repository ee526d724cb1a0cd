import type { ResponseMessage, ServerMessage } from '../../../shared/contract';
import { TrellisError, type TrellisErrorData } from '../../../shared/errors';
import type { ConnectionStatus, PreloadApi, Transport } from './client';

type Listener<T extends unknown[]> = (...args: T) => void;

function listeners<T extends unknown[]>() {
  const set = new Set<Listener<T>>();
  return {
    add(listener: Listener<T>) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit: (...args: T) => set.forEach((listener) => listener(...args)),
  };
}

/** Electron: the preload's `invoke`/`on`, over IPC. */
export function ipcTransport(preload: PreloadApi): Transport {
  return {
    async request(method, args) {
      const response = (await preload.invoke(method, args)) as ResponseMessage;
      return response.ok
        ? { ok: true, result: response.result }
        : { ok: false, error: TrellisError.fromData(response.error) };
    },
    onEvent: (listener) =>
      preload.on((message) => {
        if (message.kind === 'event') listener(message.name, message.payload);
      }),
    onStatus(listener) {
      listener('connected');
      return () => undefined;
    },
  };
}

const DISCONNECTED: TrellisErrorData = {
  code: 'E9000',
  message: 'The connection to the Trellis host was lost.',
  hint: 'Check that "trellis serve" is still running, then reload the page.',
};

/** Web host: one WebSocket to `/api`, reconnecting with backoff. */
export function webSocketTransport(url: string): Transport {
  const pending = new Map<number, (response: ResponseMessage) => void>();
  const events = listeners<[string, unknown]>();
  const statuses = listeners<[ConnectionStatus]>();
  const waitingForOpen: (() => void)[] = [];
  let status: ConnectionStatus = 'connecting';
  let nextId = 1;
  let socket: WebSocket;
  let retryMs = 250;

  const setStatus = (next: ConnectionStatus) => {
    status = next;
    statuses.emit(next);
  };

  /** Resolves once the socket is open; requests made while reconnecting wait here. */
  const whenOpen = () =>
    socket.readyState === WebSocket.OPEN
      ? Promise.resolve()
      : new Promise<void>((resolve) => waitingForOpen.push(resolve));

  const connect = () => {
    socket = new WebSocket(url);
    socket.addEventListener('open', () => {
      retryMs = 250;
      setStatus('connected');
      for (const resolve of waitingForOpen.splice(0)) resolve();
    });
    socket.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as ServerMessage;
      if (message.kind === 'event') events.emit(message.name, message.payload);
      else pending.get(message.id)?.(message);
    });
    socket.addEventListener('close', () => {
      for (const [id, resolve] of pending) resolve({ kind: 'response', id, ok: false, error: DISCONNECTED });
      pending.clear();
      setStatus('disconnected');
      setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, 5000);
    });
  };
  connect();

  return {
    async request(method, args) {
      await whenOpen();
      const id = nextId++;
      const response = await new Promise<ResponseMessage>((resolve) => {
        pending.set(id, resolve);
        socket.send(JSON.stringify({ kind: 'request', id, method, args }));
      });
      pending.delete(id);
      return response.ok
        ? { ok: true, result: response.result }
        : { ok: false, error: TrellisError.fromData(response.error) };
    },
    onEvent: events.add,
    onStatus(listener) {
      listener(status);
      return statuses.add(listener);
    },
  };
}
