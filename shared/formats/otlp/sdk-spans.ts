import { isObject } from '../../json';
import type { OtlpSpan, SpanProblem } from './spans';

/**
 * Spans as the OpenTelemetry SDKs print them, not in OTLP: Python's `ReadableSpan.to_json()`
 * (what `ConsoleSpanExporter` writes: `context.trace_id` "0x…", ISO times, "SpanKind.CLIENT",
 * `status_code` "OK") and the JS SDK's console export (`traceId`, `id`, `parentId` or
 * `parentSpanContext`, `timestamp` and `duration` in microseconds). Made into the spans the OTLP
 * reader assembles, so a trace reads the same whichever way it was written.
 */

const KINDS: Record<string, number> = { INTERNAL: 1, SERVER: 2, CLIENT: 3, PRODUCER: 4, CONSUMER: 5 };
const STATUS: Record<string, number> = { UNSET: 0, OK: 1, ERROR: 2 };

/** True for a span printed by the Python SDK (`context.trace_id`) or the JS SDK (`traceId` and `id` with `timestamp`). */
export function isSdkSpan(value: unknown): value is Record<string, unknown> {
  if (!isObject(value) || typeof value.name !== 'string') return false;
  if (isObject(value.context) && 'trace_id' in value.context && 'span_id' in value.context) return true;
  // A JS span printed whole (a debug log's `Span {…}`, or JSON.stringify of one): its context holds the ids.
  const context = jsContext(value);
  if (context && 'traceId' in context && 'spanId' in context && 'startTime' in value) return true;
  return 'traceId' in value && 'id' in value && 'timestamp' in value && !('resourceSpans' in value);
}

/** A JS span's own context, as the SDK keeps it (`spanContext`, `_spanContext` once stringified). */
const jsContext = (span: Record<string, unknown>) =>
  [span.spanContext, span._spanContext].find(isObject) as Record<string, unknown> | undefined;

/**
 * An id as hex of `digits` digits: "0x…" or bare hex as the SDKs print it, or a decimal number
 * (a span context's integer written as it is). A number past 2^53 has lost digits in JSON; it
 * still names the same span everywhere it appears, so parents still link.
 */
export function sdkId(value: unknown, digits: 16 | 32): string | null {
  let hex: string | null = null;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) hex = BigInt(value).toString(16);
  else if (typeof value === 'string') {
    const text = value.trim().toLowerCase();
    if (/^0x[0-9a-f]+$/.test(text)) hex = text.slice(2);
    else if (text.length === digits && /^[0-9a-f]+$/.test(text)) hex = text;
    else if (/^\d+$/.test(text)) hex = BigInt(text).toString(16);
  }
  if (hex === null || hex.length > digits || /^0+$/.test(hex)) return null;
  return hex.padStart(digits, '0');
}

/** Unix nanoseconds (decimal text) of an ISO time with up to nine fraction digits, as Python prints them. */
export function isoToNs(value: unknown): string {
  if (typeof value !== 'string') return '0';
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:?\d\d)?$/.exec(value.trim());
  if (!m) return '0';
  const seconds = Date.parse(`${m[1]}${m[3] ?? 'Z'}`);
  if (!Number.isFinite(seconds)) return '0';
  return (BigInt(seconds) * 1_000_000n + BigInt((m[2] ?? '').padEnd(9, '0'))).toString();
}

/** Nanoseconds of a JS SDK time: microseconds (the console export) or an HrTime `[seconds, nanos]`. */
function jsNs(value: unknown): bigint {
  if (Array.isArray(value) && value.length === 2)
    return BigInt(Math.trunc(Number(value[0]) || 0)) * 1_000_000_000n + BigInt(Math.trunc(Number(value[1]) || 0));
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.round(value * 1000));
  if (typeof value === 'string') return BigInt(isoToNs(value));
  return 0n;
}

const kindOf = (kind: unknown): number => {
  if (typeof kind === 'number') return kind + (kind <= 4 ? 1 : 0);
  const name = String(kind ?? '')
    .replace(/^SpanKind\./, '')
    .toUpperCase();
  return KINDS[name] ?? 0;
};

const plain = (value: unknown): Record<string, unknown> => (isObject(value) ? value : {});

/** The resource's attributes: `{attributes, schema_url}` in today's SDKs, the attributes themselves in old ones. */
const resourceOf = (value: unknown): Record<string, unknown> =>
  isObject(value) ? (isObject(value.attributes) ? value.attributes : value) : {};

/** One SDK-printed span as Trellis keeps spans, or why it cannot be one. */
export function spanOfSdk(span: Record<string, unknown>, at: string): OtlpSpan | SpanProblem {
  const python = isObject(span.context);
  const context = plain(span.context);
  const own = jsContext(span) ?? {};
  const rawTrace = python ? context.trace_id : (span.traceId ?? own.traceId);
  const rawSpan = python ? context.span_id : (span.id ?? own.spanId);
  const traceId = sdkId(rawTrace, 32);
  const spanId = sdkId(rawSpan, 16);
  if (!traceId) return { at, reason: `trace id ${JSON.stringify(rawTrace)} is not a trace id` };
  if (!spanId) return { at, reason: `span id ${JSON.stringify(rawSpan)} is not a span id` };
  const rawParent = python
    ? span.parent_id
    : (span.parentId ?? span.parentSpanId ?? plain(span.parentSpanContext).spanId);
  const status = plain(span.status);
  const scope = plain(span.instrumentationScope ?? span.instrumentationLibrary);
  let startNs: string;
  let endNs: string;
  // Python's kind is "SpanKind.CLIENT"; the JS SDK's is its enum (0 internal … 4 consumer), one below OTLP's.
  const kind = kindOf(span.kind);
  if (python) {
    startNs = isoToNs(span.start_time);
    endNs = isoToNs(span.end_time);
  } else {
    const start = jsNs(span.timestamp ?? span.startTime);
    startNs = start.toString();
    endNs = (span.endTime !== undefined ? jsNs(span.endTime) : start + jsNs(span.duration)).toString();
  }
  const events = (Array.isArray(span.events) ? span.events : []).filter(isObject).map((e) => ({
    name: String(e.name ?? ''),
    timeNs: python ? isoToNs(e.timestamp) : jsNs(e.time ?? e.timestamp).toString(),
    attributes: plain(e.attributes),
  }));
  // Python writes the status's name ("ERROR"; "StatusCode.ERROR" in some releases), JS its number.
  const code = python
    ? STATUS[
        String(status.status_code ?? 'UNSET')
          .replace(/^StatusCode\./, '')
          .toUpperCase()
      ]
    : Number(status.code ?? 0);
  return {
    traceId,
    spanId,
    parentSpanId: sdkId(rawParent, 16) ?? '',
    name: String(span.name),
    kind,
    startNs,
    endNs,
    attributes: plain(span.attributes),
    events,
    status: { code: code ?? 0, message: String((python ? status.description : status.message) ?? '') },
    resource: resourceOf(span.resource),
    scope: { name: String(scope.name ?? ''), version: String(scope.version ?? '') },
  };
}
