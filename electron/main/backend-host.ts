import type { EventMessage, ResponseMessage } from '../../shared/contract';
import { TrellisError } from '../../shared/errors';
import type { HelperSpawner } from '../../backend';
import { PeerGone, type LinkPort } from '../link/peer';
import { BackendPeer, errorResponse, requestMethod, type OpenReply } from '../link/protocol';
import { relayHelpers } from './helper-relay';

/** A started backend process, whatever started it (Electron's utilityProcess, Node's fork in tests). */
export interface BackendProcess {
  port: LinkPort;
  /** `how` completes "The backend process …": `exited with code 1`. */
  onExit(listener: (how: string) => void): void;
  kill(): void;
}

export type OpenFailure = Extract<OpenReply, { ok: false }>;

export interface BackendHostOptions {
  start(): BackendProcess;
  /** See OpenArgs.secretKey. */
  secretKey: Uint8Array | null;
  /** See OpenArgs.configDir. */
  configDir?: string;
  pickFile(title: string, extensions: string[]): Promise<string | null>;
  spawnHelper: HelperSpawner;
  /** The workspace cannot be opened: the file to open instead (its newest backup), or null to give up. */
  onOpenFailed(failure: OpenFailure): Promise<string | null>;
  /** The backend process stopped and is not started again; `reason` is written for the user. */
  onGaveUp(reason: string): Promise<void>;
  /** Restarts allowed within a minute before giving up (default 3). */
  restartsPerMinute?: number;
}

interface Live {
  peer: BackendPeer;
  child: BackendProcess;
  opened: boolean;
}

const AGAIN = 'Trellis started it again; send the request again.';
const RESTART = 'Restart Trellis. If it happens again, report it with the steps that led here.';
const SHUTDOWN_GRACE_MS = 5000;

/**
 * The main process's hold on the backend process: starts it on a workspace, forwards the
 * windows' requests and its events, and starts it again when it dies. A request in flight
 * when it dies is answered with an error, never left waiting.
 */
export class BackendHost {
  private current: Live | null = null;
  private ready: Promise<Live | null> = Promise.resolve(null);
  private stoppedBecause = 'The backend process has not been started.';
  private workspace = '';
  private stopping = false;
  private restarts: number[] = [];
  private readonly listeners = new Set<(message: EventMessage) => void>();

  constructor(private readonly options: BackendHostOptions) {}

  /** Opens `workspace`, offering a backup when it cannot; false when nothing was opened. */
  async open(workspace: string): Promise<boolean> {
    this.ready = this.firstOpen(workspace);
    return (await this.ready) !== null;
  }

  /** Answers one contract request from a window (waiting through a restart). */
  async request(raw: unknown): Promise<ResponseMessage> {
    const live = await this.ready;
    if (!live) return errorResponse(raw, new TrellisError('E9000', this.stoppedBecause, RESTART).toData());
    try {
      return await live.peer.call('request', { message: raw });
    } catch (error) {
      const lost =
        error instanceof PeerGone
          ? new TrellisError(
              'E9000',
              `The backend process ${error.how} before answering "${requestMethod(raw)}".`,
              this.stopping || this.current === null ? RESTART : AGAIN,
            )
          : error instanceof TrellisError
            ? error // the backend process's own answer (E1007: the answer could not be sent)
            : new TrellisError('E9000', (error as Error).message);
      return errorResponse(raw, lost.toData());
    }
  }

  /** Backend events for the windows; returns the function that unsubscribes. */
  subscribe(listener: (message: EventMessage) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Closes the workspace and ends the backend process (app quit). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stoppedBecause = 'Trellis is quitting.';
    this.ready = Promise.resolve(null);
    const live = this.current;
    this.current = null;
    if (live) await this.shutDown(live);
  }

  private launch(): Live {
    const child = this.options.start();
    const peer = new BackendPeer(child.port, {
      pickFile: ({ title, extensions }) => this.options.pickFile(title, extensions),
    });
    const live: Live = { peer, child, opened: false };
    const helpers = relayHelpers(peer, this.options.spawnHelper);
    peer.hear('event', ({ name, payload }) => {
      for (const listener of this.listeners) listener({ kind: 'event', name, payload });
    });
    child.onExit((how) => {
      // The requests waiting on it fail after this handler, when `current` already says
      // whether a restart follows: their error tells the user to resend or to restart Trellis.
      const restart = this.current === live && live.opened && !this.stopping;
      if (this.current === live) this.current = null;
      helpers.killAll();
      if (restart) this.restartAfter(how);
      peer.disconnect(how);
    });
    this.current = live;
    return live;
  }

  private async firstOpen(workspace: string): Promise<Live | null> {
    const live = this.launch();
    let file = workspace;
    for (;;) {
      const opened = await this.openIn(live, file);
      if (opened instanceof PeerGone) return this.giveUp(`The backend process ${opened.how} while opening ${file}.`);
      if (opened.ok) return live;
      const next = await this.options.onOpenFailed(opened);
      if (!next) {
        this.stoppedBecause = 'No workspace is open.';
        this.current = null;
        await this.shutDown(live);
        return null;
      }
      file = next;
    }
  }

  private async openIn(live: Live, file: string): Promise<OpenReply | PeerGone> {
    try {
      const opened = await live.peer.call('open', {
        workspace: file,
        secretKey: this.options.secretKey,
        ...(this.options.configDir ? { configDir: this.options.configDir } : {}),
      });
      if (opened.ok) {
        live.opened = true;
        this.workspace = file;
      }
      return opened;
    } catch (error) {
      if (error instanceof PeerGone) return error;
      throw error;
    }
  }

  private restartAfter(how: string): void {
    const now = Date.now();
    this.restarts = [...this.restarts.filter((t) => now - t < 60_000), now];
    const limit = this.options.restartsPerMinute ?? 3;
    if (this.restarts.length > limit) {
      this.ready = this.giveUp(`The backend process ${how}; it stopped ${this.restarts.length} times within a minute.`);
      return;
    }
    this.ready = this.reopen(how);
  }

  private async reopen(how: string): Promise<Live | null> {
    const live = this.launch();
    const opened = await this.openIn(live, this.workspace);
    if (!(opened instanceof PeerGone) && opened.ok) return live;
    this.current = null;
    void this.shutDown(live);
    const why = opened instanceof PeerGone ? `it ${opened.how}` : opened.error.message;
    return this.giveUp(`The backend process ${how}; starting it again failed: ${why}`);
  }

  private async giveUp(reason: string): Promise<null> {
    this.stoppedBecause = reason;
    if (!this.stopping) await this.options.onGaveUp(reason);
    return null;
  }

  private async shutDown(live: Live): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise((resolve) => (timer = setTimeout(resolve, SHUTDOWN_GRACE_MS)));
    await Promise.race([live.peer.call('close', null).catch(() => null), grace]);
    clearTimeout(timer);
    live.child.kill();
  }
}
