import protobuf from 'protobufjs';
import { isObject, nestedDeeperThan } from '../../shared/json';
import { countJsonValues, countProtobufValues, MAX_REQUEST_VALUES, TooManyValuesError } from './count';
import { OTLP_TRACE_DESCRIPTOR } from './descriptor';

const root = protobuf.Root.fromJSON(OTLP_TRACE_DESCRIPTOR as protobuf.INamespace);
const REQUEST = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest');
const RESPONSE = root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse');

/** Why a request body could not be read, for a 400 answer. */
export class PayloadError extends Error {}

const hex = (bytes: unknown) => (typeof bytes === 'string' ? Buffer.from(bytes, 'base64').toString('hex') : '');

/**
 * An ExportTraceServiceRequest in protobuf as the same plain object its OTLP JSON encoding gives
 * (ids as hex, int64 as decimal text, enums as numbers), so one reader serves both encodings.
 */
export function decodeProtobufRequest(body: Uint8Array, maxValues = MAX_REQUEST_VALUES): unknown {
  let message: protobuf.Message;
  try {
    // Counted on the wire first: a body of millions of tiny messages is refused before one is made.
    countProtobufValues(body, REQUEST, maxValues);
    message = REQUEST.decode(body);
  } catch (error) {
    if (error instanceof TooManyValuesError) throw error;
    throw new PayloadError(
      `the body is not an OTLP ExportTraceServiceRequest in protobuf: ${(error as Error).message}`,
    );
  }
  let plain: Record<string, unknown>;
  try {
    plain = REQUEST.toObject(message, { longs: String, enums: Number, bytes: String, defaults: false });
  } catch (error) {
    throw new PayloadError(`the request could not be read: ${(error as Error).message}`);
  }
  shallowEnough(plain);
  for (const rs of arrayOf(plain.resourceSpans))
    for (const ss of arrayOf(rs.scopeSpans))
      for (const span of arrayOf(ss.spans)) {
        for (const key of ['traceId', 'spanId', 'parentSpanId'] as const) if (key in span) span[key] = hex(span[key]);
        for (const link of arrayOf(span.links))
          for (const key of ['traceId', 'spanId'] as const) if (key in link) link[key] = hex(link[key]);
      }
  return plain;
}

/** A JSON body: an object, or a clear reason it is not one. */
export function decodeJsonRequest(body: Buffer, maxValues = MAX_REQUEST_VALUES): unknown {
  countJsonValues(body, maxValues);
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new PayloadError(`the body is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(value)) throw new PayloadError('the body is not a JSON object (an ExportTraceServiceRequest)');
  // Nothing in it could be read as spans: refused whole, not answered as a partial success.
  if ('resourceSpans' in value && !Array.isArray(value.resourceSpans))
    throw new PayloadError(
      `resourceSpans is ${value.resourceSpans === null ? 'null' : `a ${typeof value.resourceSpans}`}, not an array: an ExportTraceServiceRequest holds a list of resource spans`,
    );
  return shallowEnough(value);
}

/** The OTLP answer: empty for full success, `partialSuccess` with the rejected count and why. */
export function encodeResponse(
  contentType: 'json' | 'protobuf',
  rejected: number,
  message: string,
): { body: Buffer; type: string } {
  const answer = rejected || message ? { partialSuccess: { rejectedSpans: rejected, errorMessage: message } } : {};
  if (contentType === 'json') return { body: Buffer.from(JSON.stringify(answer)), type: 'application/json' };
  return { body: Buffer.from(RESPONSE.encode(RESPONSE.fromObject(answer)).finish()), type: 'application/x-protobuf' };
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
