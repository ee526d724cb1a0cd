import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { TooManyValuesError } from './count';
import { decodeJsonRequest, decodeProtobufRequest, encodeError, encodeResponse, PayloadError } from './decode';
import { SMALLER_BATCHES, SMALLER_LOG_BATCHES, TooManySpansError, type TraceReceiver } from './receiver';

/** The path OTLP/HTTP exporters post traces to (`OTEL_EXPORTER_OTLP_ENDPOINT` + this). */
export const OTLP_TRACES_PATH = '/v1/traces';

/** The OTLP signals an exporter sends, each to its own path under the base URL. */
export type OtlpSignal = 'traces' | 'logs' | 'metrics';

export const OTLP_PATHS: Record<OtlpSignal, string> = {
  traces: OTLP_TRACES_PATH,
  logs: '/v1/logs',
  metrics: '/v1/metrics',
};

/**
 * The signal a path names: `/v1/traces`, `/v1/logs`, `/v1/metrics`, or any path ending in one
 * (an endpoint set with a prefix); `/` is traces, as exporters that are given the base URL as
 * the traces endpoint (LangSmith's) post to it as given.
 */
export function signalOfPath(pathname: string): OtlpSignal | null {
  if (pathname === '/' || pathname === '') return 'traces';
  const trimmed = pathname.replace(/\/+$/, '');
  return (Object.keys(OTLP_PATHS) as OtlpSignal[]).find((signal) => trimmed.endsWith(OTLP_PATHS[signal])) ?? null;
}

/**
 * Whether a request to a host that also serves the UI is meant for the receiver: every POST
 * (the UI posts nothing), and any method on a path under `/v1/` or ending in a signal's path.
 */
export function isOtlpRequest(method: string | undefined, pathname: string): boolean {
  return method === 'POST' || pathname.startsWith('/v1/') || (pathname !== '/' && signalOfPath(pathname) !== null);
}

export interface TraceRequestOptions {
  receiver: TraceReceiver;
  /** The host's token: exporters send it as `Authorization: Bearer …` (OTEL_EXPORTER_OTLP_HEADERS). */
  token: string;
  /** A token that sends traces and can do nothing else (the web host's), also taken here. */
  traceToken?: string;
  /** The receiver's base URL (`http://127.0.0.1:7300`), named in the answers that say what to use. */
  origin: () => string;
  /** Where each refusal is written, one line each; the host's stderr by default. */
  log?: (line: string) => void;
  /** The most bytes a body may have as sent (compressed or not); default 8 MiB. */
  maxBodyBytes?: number;
  /** The most bytes a gzip body may inflate to; default 64 MiB. */
  maxInflatedBytes?: number;
}

export const DEFAULT_MAX_BODY_BYTES = 8 * 1024 * 1024;
export const DEFAULT_MAX_INFLATED_BYTES = 64 * 1024 * 1024;

type Encoding = 'json' | 'protobuf';

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const encodingOf = (type: string | undefined): Encoding | null => {
  const base = (type ?? '').split(';')[0]!.trim().toLowerCase();
  if (base === 'application/x-protobuf' || base === 'application/protobuf') return 'protobuf';
  if (base === 'application/json') return 'json';
  return null;
};

const HEADERS_HINT =
  'set OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer <token>" (the trace token "trellis serve" prints and the Trajectories workspace shows)';

/** Why a request's token is not taken, or null when it is. */
function tokenProblem(request: IncomingMessage, options: TraceRequestOptions): string | null {
  const header = request.headers.authorization;
  if (!header) return `the request carries no token (no Authorization header): ${HEADERS_HINT}`;
  if (!/^Bearer\s+\S+\s*$/i.test(header)) return `the Authorization header is not "Bearer <token>": ${HEADERS_HINT}`;
  if (bearerMatches(request, options.token) || (options.traceToken && bearerMatches(request, options.traceToken)))
    return null;
  return `the token sent is wrong (not this receiver's; a token of an earlier start no longer works): ${HEADERS_HINT}`;
}

/** Where each signal goes, as the answers to a wrong path or method say it. */
function whereToSend(origin: string): string {
  return `send POST ${origin}${OTLP_PATHS.traces} (or POST ${origin}/, the base URL, as OTEL_EXPORTER_OTLP_ENDPOINT gives it), ${origin}${OTLP_PATHS.logs} or ${origin}${OTLP_PATHS.metrics}`;
}

/**
 * Answers one OTLP/HTTP export: traces at `POST /`, `/v1/traces` or any path ending in it, log
 * records at `/v1/logs` (joined to their spans), metrics at `/v1/metrics` (taken and dropped);
 * protobuf or JSON, gzip or not, with the host's token. Every refusal is a 4xx whose body
 * (google.rpc.Status, in the request's encoding) says what to change, also written to the log in
 * one line; nothing a request carries can end the process.
 */
export function handleTraceRequest(request: IncomingMessage, response: ServerResponse, options: TraceRequestOptions) {
  const encoding = encodingOf(request.headers['content-type']) ?? 'json';
  const pathname = new URL(request.url ?? '/', 'http://x').pathname;
  const signal = signalOfPath(pathname);
  const smaller = signal === 'logs' ? SMALLER_LOG_BATCHES : SMALLER_BATCHES;
  const answer = (status: number, body: { body: Buffer; type: string }, headers: Record<string, string> = {}) => {
    if (response.headersSent) return;
    response.writeHead(status, { 'content-type': body.type, 'content-length': body.body.length, ...headers });
    response.end(body.body);
  };
  const refuse = (status: number, message: string, headers?: Record<string, string>) => {
    if (response.headersSent) return;
    (options.log ?? logToStderr)(
      `Trellis trace receiver: refused ${request.method ?? '?'} ${pathname} (${status}): ${message}`.replace(
        /\s+/g,
        ' ',
      ),
    );
    answer(status, encodeError(encoding, status, `Trellis trace receiver: ${message}`), headers);
    // The rest of a refused body is read and dropped, so the client gets to read the answer; a
    // client that keeps sending past DRAIN_BYTES more is cut off.
    if (!request.complete) drain(request);
  };
  // The path and method first: a right token on a wrong path learns the path, not a 401.
  if (!signal) return refuse(404, `${pathname} is not an OTLP/HTTP path: ${whereToSend(options.origin())}`);
  if (request.method !== 'POST')
    return refuse(
      405,
      `${pathname} takes POST requests (OTLP/HTTP exports), not ${request.method ?? 'this method'}: send POST ${options.origin()}${pathname}`,
      { allow: 'POST' },
    );
  const unauthorized = tokenProblem(request, options);
  if (unauthorized) return refuse(401, unauthorized, { 'www-authenticate': 'Bearer' });
  if (!encodingOf(request.headers['content-type']))
    return refuse(
      415,
      `content-type ${JSON.stringify(request.headers['content-type'] ?? '')} is not an OTLP encoding; send application/x-protobuf or application/json`,
    );
  const gzip = (request.headers['content-encoding'] ?? '').toLowerCase();
  if (gzip && gzip !== 'gzip' && gzip !== 'identity')
    return refuse(415, `content-encoding ${JSON.stringify(gzip)} is not supported; send gzip or no encoding`);

  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBody)
    return refuse(413, `the body is ${declared} bytes; this receiver takes at most ${maxBody} per request ${smaller}`);
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('error', () => undefined);
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBody) {
      chunks.length = 0;
      return refuse(413, `the body is over ${maxBody} bytes, the most this receiver takes per request ${smaller}`);
    }
    chunks.push(chunk);
  });
  request.on('end', () => {
    if (response.headersSent) return;
    try {
      let body: Buffer = Buffer.concat(chunks);
      if (gzip === 'gzip') body = inflate(body, options.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES, smaller);
      // Metrics are taken and dropped: exporters that send them get no misleading refusal.
      if (signal === 'metrics') return answer(200, encodeResponse(encoding, 'metrics', 0, ''));
      const decoded = encoding === 'protobuf' ? decodeProtobufRequest(body, signal) : decodeJsonRequest(body, signal);
      const result = signal === 'logs' ? options.receiver.receiveLogs(decoded) : options.receiver.receive(decoded);
      answer(200, encodeResponse(encoding, signal, result.rejected, result.message));
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.status, error.message);
      if (error instanceof PayloadError) return refuse(400, error.message);
      if (error instanceof TooManySpansError) return refuse(413, error.message);
      if (error instanceof TooManyValuesError) return refuse(413, `${error.message} ${smaller}`);
      refuse(
        500,
        `the ${signal === 'logs' ? 'log records' : 'spans'} could not be stored: ${(error as Error).message}`,
      );
    }
  });
}

/** Whether the request's `Authorization: Bearer <token>` header holds `token` (compared in constant time). */
export function bearerMatches(request: IncomingMessage, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const DRAIN_BYTES = 64 * 1024 * 1024;

const logToStderr = (line: string) => process.stderr.write(`${line}\n`);

function drain(request: IncomingMessage) {
  let drained = 0;
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) request.destroy();
  });
  request.resume();
}

function inflate(body: Buffer, max: number, smaller: string): Buffer {
  try {
    return zlib.gunzipSync(body, { maxOutputLength: max });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Refusal(
        413,
        `the gzip body inflates past ${max} bytes, the most this receiver takes per request ${smaller}`,
      );
    throw new Refusal(400, `the body is not valid gzip: ${(error as Error).message}`);
  }
}
