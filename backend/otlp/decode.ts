import protobuf from 'protobufjs';
import { isObject, nestedDeeperThan } from '../../shared/json';
import { countJsonValues, countProtobufValues, MAX_REQUEST_VALUES, TooManyValuesError } from './count';
import { OTLP_DESCRIPTOR } from './descriptor';

const root = protobuf.Root.fromJSON(OTLP_DESCRIPTOR as protobuf.INamespace);

/** A signal whose requests are read: its protobuf types and the names its JSON gives its parts. */
interface SignalShape {
  request: protobuf.Type;
  response: protobuf.Type;
  /** The request message's name, as refusals say it. */
  requestName: string;
  /** The request's list (`resourceSpans`), each entry's list of scopes, and each scope's items. */
  resources: string;
  scopes: string;
  items: string;
  /** What a partial success counts (`rejectedSpans`). */
  rejected: string;
  /** What the items are, in words. */
  what: string;
}

const SIGNALS: Record<'traces' | 'logs', SignalShape> = {
  traces: {
    request: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
    response: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse'),
    requestName: 'ExportTraceServiceRequest',
    resources: 'resourceSpans',
    scopes: 'scopeSpans',
    items: 'spans',
    rejected: 'rejectedSpans',
    what: 'resource spans',
  },
  logs: {
    request: root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest'),
    response: root.lookupType('opentelemetry.proto.collector.logs.v1.ExportLogsServiceResponse'),
    requestName: 'ExportLogsServiceRequest',
    resources: 'resourceLogs',
    scopes: 'scopeLogs',
    items: 'logRecords',
    rejected: 'rejectedLogRecords',
    what: 'resource logs',
  },
};

/** The signals whose requests are decoded (metrics are taken unread). */
export type DecodedSignal = keyof typeof SIGNALS;

/** Why a request body could not be read, for a 400 answer. */
export class PayloadError extends Error {}

const hex = (bytes: unknown) => (typeof bytes === 'string' ? Buffer.from(bytes, 'base64').toString('hex') : '');

/**
 * An ExportTraceServiceRequest (or ExportLogsServiceRequest) in protobuf as the same plain object
 * its OTLP JSON encoding gives (ids as hex, int64 as decimal text, enums as numbers), so one
 * reader serves both encodings.
 */
export function decodeProtobufRequest(
  body: Uint8Array,
  signal: DecodedSignal = 'traces',
  maxValues = MAX_REQUEST_VALUES,
): unknown {
  const shape = SIGNALS[signal];
  let message: protobuf.Message;
  try {
    // Counted on the wire first: a body of millions of tiny messages is refused before one is made.
    countProtobufValues(body, shape.request, maxValues);
    message = shape.request.decode(body);
  } catch (error) {
    if (error instanceof TooManyValuesError) throw error;
    throw new PayloadError(`the body is not an OTLP ${shape.requestName} in protobuf: ${(error as Error).message}`);
  }
  let plain: Record<string, unknown>;
  try {
    plain = shape.request.toObject(message, { longs: String, enums: Number, bytes: String, defaults: false });
  } catch (error) {
    throw new PayloadError(`the request could not be read: ${(error as Error).message}`);
  }
  shallowEnough(plain);
  for (const rs of arrayOf(plain[shape.resources]))
    for (const ss of arrayOf(rs[shape.scopes]))
      for (const span of arrayOf(ss[shape.items])) {
        for (const key of ['traceId', 'spanId', 'parentSpanId'] as const) if (key in span) span[key] = hex(span[key]);
        for (const link of arrayOf(span.links))
          for (const key of ['traceId', 'spanId'] as const) if (key in link) link[key] = hex(link[key]);
      }
  return plain;
}

/** A JSON body: an object, or a clear reason it is not one. */
export function decodeJsonRequest(
  body: Buffer,
  signal: DecodedSignal = 'traces',
  maxValues = MAX_REQUEST_VALUES,
): unknown {
  const shape = SIGNALS[signal];
  countJsonValues(body, maxValues);
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new PayloadError(`the body is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new PayloadError(`the body is not a JSON object (an ${shape.requestName})`);
  // Nothing in it could be read: refused whole, not answered as a partial success.
  const list = value[shape.resources];
  if (shape.resources in value && !Array.isArray(list))
    throw new PayloadError(
      `${shape.resources} is ${list === null ? 'null' : `a ${typeof list}`}, not an array: an ${shape.requestName} holds a list of ${shape.what}`,
    );
  return shallowEnough(value);
}

/**
 * The OTLP answer: empty for full success, `partialSuccess` with the rejected count and why. A
 * metrics answer is always empty (they are taken unread).
 */
export function encodeResponse(
  contentType: 'json' | 'protobuf',
  signal: DecodedSignal | 'metrics',
  rejected: number,
  message: string,
): { body: Buffer; type: string } {
  if (signal === 'metrics')
    return contentType === 'json'
      ? { body: Buffer.from('{}'), type: 'application/json' }
      : { body: Buffer.alloc(0), type: 'application/x-protobuf' };
  const shape = SIGNALS[signal];
  const answer = rejected || message ? { partialSuccess: { [shape.rejected]: rejected, errorMessage: message } } : {};
  if (contentType === 'json') return { body: Buffer.from(JSON.stringify(answer)), type: 'application/json' };
  const body = shape.response.encode(shape.response.fromObject(answer)).finish();
  return { body: Buffer.from(body), type: 'application/x-protobuf' };
}

/** A google.rpc.Status-shaped error body, as OTLP/HTTP answers a refused request. */
export function encodeError(contentType: 'json' | 'protobuf', code: number, message: string) {
  if (contentType === 'protobuf') {
    // google.rpc.Status: field 1 code (varint), field 2 message (string); written by protobufjs' writer.
    const body = protobuf.Writer.create().uint32(8).int32(code).uint32(18).string(message).finish();
    return { body: Buffer.from(body), type: 'application/x-protobuf' };
  }
  return { body: Buffer.from(JSON.stringify({ code, message })), type: 'application/json' };
}

/** An attribute value nests at most this deep (no span's does; reading deeper could exhaust the stack). */
const MAX_NESTING = 64;

function shallowEnough<T>(value: T): T {
  if (nestedDeeperThan(value, MAX_NESTING))
    throw new PayloadError(`the request nests values more than ${MAX_NESTING} levels deep; no span's attributes do`);
  return value;
}

function arrayOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}
