import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  connectTransport,
  handleTraceRequest,
  isOtlpRequest,
  OTLP_TRACES_PATH,
  traceGroupingOf,
  TraceReceiver,
  uiFile,
  type Backend,
  type TraceReceiverOptions,
} from '../backend';
import { TrellisError } from '../shared/errors';
import { isAllowedOrigin, newAccessToken, requestToken, tokenCookieName, tokenMatches } from './security';

export interface WebHostOptions {
  backend: Backend;
  /** Built renderer (dist/renderer). */
  staticRoot: string;
  host?: string;
  port?: number;
  token?: string;
  /** The token that sends traces to `/v1/traces` and can do nothing else; a new one by default. */
  traceToken?: string;
  /** The OTLP/HTTP trace receiver at `/v1/traces` (same port and token); false turns it off. Default on. */
  traces?: TraceReceiverOptions | false;
}

export interface WebHost {
  url: string;
  port: number;
  token: string;
  /** What agents send traces with (`Authorization: Bearer …`): it opens neither the UI nor the API. */
  traceToken: string;
  /** Where instrumented agents send traces (`OTEL_EXPORTER_OTLP_ENDPOINT`), or null when the receiver is off. */
  otlpEndpoint: string | null;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Serves the UI and the contract over a WebSocket, behind a random access token. */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const host = options.host ?? '127.0.0.1';
  const token = options.token ?? newAccessToken();
  const traceToken = options.traceToken ?? newAccessToken();
  if (!fs.existsSync(options.staticRoot)) {
    throw new Error(`The UI is not built (${options.staticRoot} is missing). Run "npm run build" first.`);
  }

  // Known once the server listens (port 0 picks one); no request arrives before that.
  let port = 0;
  let origin = '';
  const store = options.backend.store;
  const traces =
    options.traces === false
      ? null
      : new TraceReceiver(store, { grouping: () => traceGroupingOf(store), ...options.traces });
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://x').pathname;
    // Exporters send the token as a header (OTEL_EXPORTER_OTLP_HEADERS), never in the URL or a cookie.
    // Every POST is an export (the UI posts nothing): `/`, the base URL, takes traces too.
    const exporting = isOtlpRequest(request.method, pathname);
    if (traces && exporting) {
      handleTraceRequest(request, response, {
        receiver: traces,
        token,
        traceToken,
        origin: () => origin,
      });
      return;
    }
    if (exporting) {
      // An exporter pointed at a host whose receiver is off: told so, not asked for a token it has.
      const reason = `the trace receiver of this host is off (trellis serve --traces off); start it with --traces on`;
      process.stderr.write(`Trellis trace receiver: refused ${request.method ?? '?'} ${pathname} (404): ${reason}\n`);
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(`Trellis: ${reason}.\n`);
      request.resume();
      return;
    }
    if (!tokenMatches(requestToken(request, port), token)) {
      response.writeHead(401, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Trellis: this address needs the access token. Open the full URL printed by "trellis serve".\n');
      return;
    }
    const found = uiFile(options.staticRoot, pathname);
    if (found.status !== 200) {
      response.writeHead(found.status, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(found.status === 400 ? 'Bad request: the path is not a valid URL escape.\n' : 'Not found\n');
      return;
    }
    response.writeHead(200, {
      ...found.headers,
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      'set-cookie': `${tokenCookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
    });
    fs.createReadStream(found.file).pipe(response);
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  wss.on('error', () => undefined);
  server.on('upgrade', (request, socket, head) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const origin = request.headers.origin;
    const refuse = (status: string) => {
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    };
    if (path !== '/api') return refuse('404 Not Found');
    if (!isAllowedOrigin(origin, request.headers.host, host)) return refuse('403 Forbidden');
    if (!tokenMatches(requestToken(request, port), token)) return refuse('401 Unauthorized');
    wss.handleUpgrade(request, socket, head, (ws) => serveConnection(ws, options.backend));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(listenError(error, host, options.port ?? 0)));
    server.listen(options.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  origin = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  const otlpEndpoint = traces ? origin : null;
  // The UI shows the trace token, the one to give agents: it can send traces and nothing else.
  options.backend.traceReceiver.set(
    otlpEndpoint ? { endpoint: otlpEndpoint, path: OTLP_TRACES_PATH, token: traceToken } : null,
  );

  return {
    url: `${origin}/?token=${token}`,
    port,
    token,
    traceToken,
    otlpEndpoint,
    close: async () => {
      traces?.close();
      options.backend.traceReceiver.set(null);
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function serveConnection(ws: WebSocket, backend: Backend): void {
  const connection = connectTransport(backend, (message) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  });
  ws.on('message', (data) => {
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      raw = null;
    }
    // connectTransport turns an answer that cannot be written into an error for that call; nothing
    // a call returns may end the process and every other client's connection with it.
    connection.receive(raw).catch(() => ws.terminate());
  });
  ws.on('close', () => connection.close());
  // A malformed frame (bad UTF-8, reserved opcode or bits, over the size limit) ends this
  // connection with the matching close code; it must never reach the process as an uncaught error.
  ws.on('error', () => ws.terminate());
}

/** Why the host could not listen, in words a user can act on. */
function listenError(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `${host}:${port}`;
  // A taken or privileged port is the machine's state, not a mistyped flag: it fails (exit 1).
  if (error.code === 'EADDRINUSE')
    return new TrellisError(
      'E2009',
      `Port ${port} is already in use on ${host}.`,
      'Choose another with --port, or --port 0 for any free port.',
    );
  if (error.code === 'EACCES')
    return new TrellisError(
      'E2009',
      `Listening on ${where} needs privileges Trellis does not have.`,
      'Choose a port above 1023 with --port.',
    );
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND')
    return new TrellisError(
      'E1002',
      `${host} is not an address of this machine.`,
      'Use --host 127.0.0.1, or an address this machine has.',
    );
  return error;
}
