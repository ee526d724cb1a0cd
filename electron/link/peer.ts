import { TrellisError, type TrellisErrorData } from '../../shared/errors';
import { ranOutOfStack, whyNotSerialisable } from '../../shared/json';

/**
 * Envelopes between the main process and the backend process. Either side may call the other
 * (a `call` is answered by the `result` with the same id) and send one-way `note`s.
 */
export type LinkMessage =
  | { kind: 'call'; id: number; method: string; args: unknown }
  | { kind: 'result'; id: number; ok: true; value: unknown }
  | { kind: 'result'; id: number; ok: false; error: TrellisErrorData }
  | { kind: 'note'; name: string; payload: unknown };

/** What a transport must do: Electron's parentPort or utilityProcess, a Node IPC channel, a MessagePort. */
export interface LinkPort {
  post(message: LinkMessage): void;
  listen(listener: (message: unknown) => void): void;
}

/** Calls one side serves: method name → its argument and result. */
export type CallMap = Record<string, { args: unknown; result: unknown }>;
/** One-way messages: name → payload. */
export type NoteMap = Record<string, unknown>;

export type CallHandlers<Calls extends CallMap> = {
  [K in keyof Calls]: (args: Calls[K]['args']) => Calls[K]['result'] | Promise<Calls[K]['result']>;
};

/** The other side went away (its process exited) before answering. */
export class PeerGone extends Error {
  constructor(readonly how: string) {
    super(`The other process ${how}.`);
    this.name = 'PeerGone';
  }
}

function isLinkMessage(raw: unknown): raw is LinkMessage {
  if (typeof raw !== 'object' || raw === null) return false;
  const message = raw as Partial<Record<string, unknown>>;
  if (message.kind === 'note') return typeof message.name === 'string';
  return (message.kind === 'call' || message.kind === 'result') && typeof message.id === 'number';
}

/** The contract method a relayed request names (`request` carries one), else the link method. */
function requested(method: string, args: unknown): string {
  const inner = (args as { message?: { method?: unknown } } | null)?.message?.method;
  return typeof inner === 'string' ? inner : method;
}

function toErrorData(error: unknown): TrellisErrorData {
  if (error instanceof TrellisError) return error.toData();
  return new TrellisError('E9000', error instanceof Error ? error.message : String(error)).toData();
}

/**
 * One end of the link: serves `Serves` to the other side, calls its `Calls`, hears `Hears`
 * and tells `Tells`. Call ids are this end's own; answers are matched by id, in any order.
 */
export class LinkPeer<Serves extends CallMap, Calls extends CallMap, Hears extends NoteMap, Tells extends NoteMap> {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private readonly listeners = new Map<keyof Hears, Set<(payload: never) => void>>();
  private gone: PeerGone | null = null;

  constructor(
    private readonly port: LinkPort,
    private readonly handlers: CallHandlers<Serves>,
  ) {
    port.listen((raw) => this.receive(raw));
  }

  /** Asks the other side; rejects with its error, or with PeerGone when it goes away first. */
  call<K extends keyof Calls & string>(method: K, args: Calls[K]['args']): Promise<Calls[K]['result']> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      try {
        this.port.post({ kind: 'call', id, method, args });
      } catch (error) {
        this.pending.delete(id);
        reject(error as Error);
      }
    });
  }

  /** A one-way message; dropped once the other side is gone, or when it cannot be sent (too deep to clone). */
  tell<K extends keyof Tells & string>(name: K, payload: Tells[K]): void {
    if (this.gone) return;
    try {
      this.port.post({ kind: 'note', name, payload });
    } catch {
      // Whoever told it goes on: a note that cannot cross is not worth the process.
    }
  }

  /** Returns the function that stops listening. */
  hear<K extends keyof Hears & string>(name: K, listener: (payload: Hears[K]) => void): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener as (payload: never) => void);
    return () => void set.delete(listener as (payload: never) => void);
  }

  /** The other side is gone (`how` completes "The other process …"): every waiting call fails now. */
  disconnect(how: string): void {
    if (this.gone) return;
    this.gone = new PeerGone(how);
    for (const pending of this.pending.values()) pending.reject(this.gone);
    this.pending.clear();
  }

  private receive(raw: unknown): void {
    // Anything else on the channel (a stray log message, another protocol) is not ours.
    if (!isLinkMessage(raw) || this.gone) return;
    if (raw.kind === 'note') {
      for (const listener of this.listeners.get(raw.name) ?? []) (listener as (payload: unknown) => void)(raw.payload);
    } else if (raw.kind === 'result') {
      const pending = this.pending.get(raw.id);
      this.pending.delete(raw.id);
      if (raw.ok) pending?.resolve(raw.value);
      else pending?.reject(TrellisError.fromData(raw.error));
    } else void this.answer(raw.id, raw.method, raw.args);
  }

  private async answer(id: number, method: string, args: unknown): Promise<void> {
    const handler = Object.hasOwn(this.handlers, method) ? this.handlers[method] : undefined;
    let reply: LinkMessage;
    try {
      if (!handler) throw new TrellisError('E1001', `The other process does not serve "${method}".`);
      reply = { kind: 'result', id, ok: true, value: await handler(args) };
    } catch (error) {
      reply = { kind: 'result', id, ok: false, error: toErrorData(error) };
    }
    if (this.gone) return;
    try {
      this.port.post(reply);
    } catch (error) {
      // A value that cannot cross (nested too deeply to clone, a function): the caller still gets an answer.
      const why = `The answer to "${requested(method, args)}" could not be sent: ${whyNotSerialisable(error)}.`;
      this.port.post({
        kind: 'result',
        id,
        ok: false,
        error: toErrorData(new TrellisError(ranOutOfStack(error) ? 'E1007' : 'E9000', why)),
      });
    }
  }
}
