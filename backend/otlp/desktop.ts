import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TrellisError } from '../../shared/errors';
import type { WorkspaceStore } from '../store/workspace-store';
import type { TraceEndpointSlot } from './endpoint';
import { traceGroupingOf } from './grouping';
import { handleTraceRequest, OTLP_TRACES_PATH } from './http';
import { TraceReceiver } from './receiver';

/** The desktop app's receiver setting, kept with the workspace (off unless the user turns it on). */
export interface TraceReceiverSetting {
  enabled: boolean;
  /** 0: any free port. */
  port: number;
}

const SETTING = 'traceReceiver';

/**
 * The desktop app's OTLP/HTTP receiver: the web host has one on its own port, the desktop app
 * has no server, so this one listens on 127.0.0.1 when the user turns it on, with a token made
 * for each start (the Trajectories workspace shows it). Off by default.
 */
export class DesktopTraceReceiver {
  private server: http.Server | null = null;
  private receiver: TraceReceiver | null = null;

  constructor(
    private readonly store: WorkspaceStore,
    private readonly slot: TraceEndpointSlot,
  ) {}

  setting(): TraceReceiverSetting {
    return this.store.settings.get<TraceReceiverSetting>(SETTING) ?? { enabled: false, port: 0 };
  }

  /** Starts or stops the receiver as `setting` says, and keeps the setting for the next start. */
  async apply(setting: TraceReceiverSetting): Promise<void> {
    await this.stop();
    this.store.settings.set(SETTING, setting);
    if (!setting.enabled) return;
    const token = randomBytes(24).toString('hex');
    const receiver = new TraceReceiver(this.store, { grouping: () => traceGroupingOf(this.store) });
    let origin = '';
    // Every path is the receiver's: a wrong one is answered with the paths to use.
    const server = http.createServer((request, response) =>
      handleTraceRequest(request, response, { receiver, token, origin: () => origin }),
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new TrellisError(
            'E2009',
            error.code === 'EADDRINUSE'
              ? `Port ${setting.port} is already in use on 127.0.0.1: the trace receiver is off.`
              : `The trace receiver cannot listen on 127.0.0.1:${setting.port} (${error.message}).`,
            'Choose another port, or 0 for any free port.',
          ),
        ),
      );
      server.listen(setting.port, '127.0.0.1', () => resolve());
    }).catch((error: unknown) => {
      receiver.close();
      this.store.settings.set(SETTING, { ...setting, enabled: false });
      throw error;
    });
    this.server = server;
    this.receiver = receiver;
    const port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
    this.slot.set({ endpoint: origin, path: OTLP_TRACES_PATH, token });
  }

  async stop(): Promise<void> {
    this.slot.set(null);
    this.receiver?.close();
    this.receiver = null;
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
