import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import { TooManyValuesError } from './count';
import { decodeJsonRequest, decodeProtobufRequest, encodeError, encodeResponse, PayloadError } from './decode';
import { SMALLER_BATCHES, TooManySpansError, type TraceReceiver } from './receiver';

/** The path OTLP/HTTP exporters post traces to (`OTEL_EXPORTER_OTLP_ENDPOINT` + this). */
export const OTLP_TRACES_PATH = '/v1/traces';

export interface TraceRequestOptions {
  receiver: TraceReceiver;
  /** The host's token: exporters send it as `Authorization: Bearer …` (OTEL_EXPORTER_OTLP_HEADERS). */
  token: string;
  /** A token that sends traces and can do nothing else (the web host's), also taken here. */
  traceToken?: string;
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

/**
 * Answers one OTLP/HTTP trace export: `POST /v1/traces`, protobuf or JSON, gzip or not, with the
 * host's token. Every refusal is a 4xx whose body (google.rpc.Status, in the request's encoding)
 * says what to change; nothing a request carries can end the process.
 */
export function handleTraceRequest(request: IncomingMessage, response: ServerResponse, options: TraceRequestOptions) {
  const encoding = encodingOf(request.headers['content-type']) ?? 'json';
  const answer = (status: number, body: { body: Buffer; type: string }, headers: Record<string, string> = {}) => {
    if (response.headersSent) return;
    response.writeHead(status, { 'content-type': body.type, 'content-length': body.body.length, ...headers });
    response.end(body.body);
  };
  const refuse = (status: number, message: string, headers?: Record<string, string>) => {
    answer(status, encodeError(encoding, status, `Trellis trace receiver: ${message}`), headers);
    // The rest of a refused body is read and dropped, so the client gets to read the answer; a
    // client that keeps sending past DRAIN_BYTES more is cut off.
    if (!request.complete) drain(request);
  };
  if (request.method !== 'POST')
    return refuse(405, `${OTLP_TRACES_PATH} takes POST requests (OTLP/HTTP trace exports)`, { allow: 'POST' });
  if (!bearerMatches(request, options.token) && !(options.traceToken && bearerMatches(request, options.traceToken)))
    return refuse(
      401,
      'this receiver needs its token: set OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer <token>" (the trace token "trellis serve" prints and the Trajectories workspace shows)',
      { 'www-authenticate': 'Bearer' },
    );
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
    return refuse(
      413,
      `the body is ${declared} bytes; this receiver takes at most ${maxBody} per request ${SMALLER_BATCHES}`,
    );
  const chunks: Buffer[] = [];
  let size = 0;
  request.on('error', () => undefined);
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > maxBody) {
      chunks.length = 0;
      return refuse(
        413,
        `the body is over ${maxBody} bytes, the most this receiver takes per request ${SMALLER_BATCHES}`,
      );
    }
    chunks.push(chunk);
  });
  request.on('end', () => {
    if (response.headersSent) return;
    try {
      let body: Buffer = Buffer.concat(chunks);
      if (gzip === 'gzip') body = inflate(body, options.maxInflatedBytes ?? DEFAULT_MAX_INFLATED_BYTES);
      const decoded = encoding === 'protobuf' ? decodeProtobufRequest(body) : decodeJsonRequest(body);
      const result = options.receiver.receive(decoded);
      answer(200, encodeResponse(encoding, result.rejected, result.message));
    } catch (error) {
      if (error instanceof Refusal) return refuse(error.status, error.message);
      if (error instanceof PayloadError) return refuse(400, error.message);
      if (error instanceof TooManySpansError) return refuse(413, error.message);
      if (error instanceof TooManyValuesError) return refuse(413, `${error.message} ${SMALLER_BATCHES}`);
      refuse(500, `the spans could not be stored: ${(error as Error).message}`);
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

function drain(request: IncomingMessage) {
  let drained = 0;
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_BYTES) request.destroy();
  });
  request.resume();
}

function inflate(body: Buffer, max: number): Buffer {
  try {
    return zlib.gunzipSync(body, { maxOutputLength: max });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Refusal(
        413,
        `the gzip body inflates past ${max} bytes, the most this receiver takes per request ${SMALLER_BATCHES}`,
      );
    throw new Refusal(400, `the body is not valid gzip: ${(error as Error).message}`);
  }
}
