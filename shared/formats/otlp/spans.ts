import { isObject } from '../../json';
import { base64Bytes, utf8Text } from './bytes';

/** A span as Trellis keeps it: OTLP's fields with attribute values made plain JSON. */
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  /** OTLP's SpanKind number (1 internal, 2 server, 3 client, …). */
  kind: number;
  /** Unix nanoseconds, as decimal text (they outgrow a double's exact range). */
  startNs: string;
  endNs: string;
  attributes: Record<string, unknown>;
  /** A log record joined to the span (an event of the GenAI conventions' log form) also has its body. */
  events: { name: string; timeNs: string; attributes: Record<string, unknown>; body?: unknown }[];
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  /** The resource's attributes (service.name, …) and the instrumentation scope that made the span. */
  resource: Record<string, unknown>;
  scope: { name: string; version: string };
}

/** Why a span of a request was not taken, with where it sat. */
export interface SpanProblem {
  at: string;
  reason: string;
}

export const HEX_ID = { traceId: /^[0-9a-f]{32}$/, spanId: /^[0-9a-f]{16}$/ };

/**
 * An OTLP AnyValue (`{stringValue}`, `{intValue: "12"}`, `{arrayValue: {values}}`, …) as plain JSON.
 * Bytes (base64 in OTLP/JSON, and as the protobuf decoder hands them over) are text where they
 * are valid UTF-8, as LangSmith writes a run's JSON inputs and outputs; other bytes stay base64.
 */
export function anyValue(value: unknown): unknown {
  if (!isObject(value)) return null;
  if ('stringValue' in value) return String(value.stringValue);
  if ('boolValue' in value) return Boolean(value.boolValue);
  if ('intValue' in value) {
    // JSON gives int64 as text; past 2^53 it stays text rather than lose digits.
    const n = Number(value.intValue);
    return Number.isSafeInteger(n) ? n : String(value.intValue);
  }
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('bytesValue' in value) return bytesText(String(value.bytesValue));
  if ('arrayValue' in value)
    return isObject(value.arrayValue) && Array.isArray(value.arrayValue.values)
      ? value.arrayValue.values.map(anyValue)
      : [];
  if ('kvlistValue' in value) return isObject(value.kvlistValue) ? keyValues(value.kvlistValue.values) : {};
  return null;
}

/** OTLP's `[{key, value}]` attribute lists as one object. */
export function keyValues(list: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (!Array.isArray(list)) return out;
  for (const kv of list) if (isObject(kv) && typeof kv.key === 'string') out[kv.key] = anyValue(kv.value);
  return out;
}

export const nanos = (value: unknown): string => {
  if (typeof value === 'number' && Number.isFinite(value)) return BigInt(Math.round(value)).toString();
  if (typeof value === 'string' && /^\d+$/.test(value)) return value;
  return '0';
};

/** Base64 bytes as UTF-8 text when they are that, else the base64 as it came. */
function bytesText(base64: string): string {
  const bytes = base64Bytes(base64);
  return (bytes && utf8Text(bytes)) ?? base64;
}

/** Base64 (standard or URL-safe, padded or not) as hex, or null when it is not base64. */
function base64Hex(text: string): string | null {
  const bytes = base64Bytes(text);
  return bytes && Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * An id as hex: OTLP/JSON writes ids as hex, but protobuf's own JSON mapping (which some
 * exporters and `MessageToJson` use) writes the bytes as base64; a value of the id's length in
 * hex is hex, one that decodes to the id's bytes is base64.
 */
const id = (value: unknown, bytes: 8 | 16): string => {
  if (typeof value !== 'string') return '';
  if (value.length === bytes * 2 && /^[0-9a-fA-F]+$/.test(value)) return value.toLowerCase();
  const hex = value.length ? base64Hex(value) : null;
  return hex?.length === bytes * 2 ? hex : value.toLowerCase();
};

export { id as hexId };

/**
 * The spans of one ExportTraceServiceRequest in OTLP's JSON encoding (ids as hex, int64 as
 * text or numbers, enums as numbers). A span without valid ids is a problem, not a crash: the
 * others are still taken (OTLP's partial success).
 */
export function spansOfExport(request: unknown): { spans: OtlpSpan[]; problems: SpanProblem[] } {
  const spans: OtlpSpan[] = [];
  const problems: SpanProblem[] = [];
  const resourceSpans = isObject(request) ? request.resourceSpans : undefined;
  if (resourceSpans !== undefined && !Array.isArray(resourceSpans))
    return { spans, problems: [{ at: 'resourceSpans', reason: 'is not an array' }] };
  (resourceSpans ?? []).forEach((rs: unknown, r: number) => {
    if (!isObject(rs)) return problems.push({ at: `resourceSpans[${r}]`, reason: 'is not an object' });
    const resource = keyValues(isObject(rs.resource) ? rs.resource.attributes : undefined);
    const scopeSpans = Array.isArray(rs.scopeSpans) ? rs.scopeSpans : [];
    scopeSpans.forEach((ss: unknown, s: number) => {
      if (!isObject(ss)) return;
      const scope = isObject(ss.scope) ? ss.scope : {};
      const scopeOf = { name: String(scope.name ?? ''), version: String(scope.version ?? '') };
      (Array.isArray(ss.spans) ? ss.spans : []).forEach((span: unknown, k: number) => {
        const at = `resourceSpans[${r}].scopeSpans[${s}].spans[${k}]`;
        if (!isObject(span)) return problems.push({ at, reason: 'is not an object' });
        const traceId = id(span.traceId, 16);
        const spanId = id(span.spanId, 8);
        const parentSpanId = id(span.parentSpanId, 8);
        if (!HEX_ID.traceId.test(traceId) || /^0+$/.test(traceId))
          return problems.push({ at, reason: `traceId ${JSON.stringify(span.traceId)} is not 32 hex digits` });
        if (!HEX_ID.spanId.test(spanId) || /^0+$/.test(spanId))
          return problems.push({ at, reason: `spanId ${JSON.stringify(span.spanId)} is not 16 hex digits` });
        const status = isObject(span.status) ? span.status : {};
        spans.push({
          traceId,
          spanId,
          parentSpanId: /^0*$/.test(parentSpanId) ? '' : parentSpanId,
          name: String(span.name ?? ''),
          kind: Number(span.kind ?? 0) || 0,
          startNs: nanos(span.startTimeUnixNano),
          endNs: nanos(span.endTimeUnixNano),
          attributes: keyValues(span.attributes),
          events: (Array.isArray(span.events) ? span.events : []).filter(isObject).map((e) => ({
            name: String(e.name ?? ''),
            timeNs: nanos(e.timeUnixNano),
            attributes: keyValues(e.attributes),
          })),
          status: { code: Number(status.code ?? 0) || 0, message: String(status.message ?? '') },
          resource,
          scope: scopeOf,
        });
      });
    });
  });
  return { spans, problems };
}

/** What names a span: its span id within its trace (equal span ids of two traces are two spans). */
export const spanKey = (span: Pick<OtlpSpan, 'traceId' | 'spanId'>): string => `${span.traceId}/${span.spanId}`;

/** Milliseconds since the epoch of a span time (nanoseconds as text). */
export const nsToMs = (ns: string): number => Number(BigInt(ns) / 1000n) / 1000;

/**
 * What names a conversation: the GenAI conventions' id, OpenTelemetry's session, and the thread
 * (or session, or conversation) id LangSmith exports from a run's metadata, as a LangGraph
 * checkpointer's `thread_id` (LangSmith's own `langsmith.trace.session_id` is its project).
 */
const CONVERSATION_IDS = [
  'gen_ai.conversation.id',
  'session.id',
  'langsmith.metadata.thread_id',
  'langsmith.metadata.session_id',
  'langsmith.metadata.conversation_id',
];

/** Which trajectory a span belongs to: its conversation when it names one, else its trace. */
export function conversationOf(span: OtlpSpan): string | null {
  const id = CONVERSATION_IDS.map((key) => span.attributes[key]).find((v) => typeof v === 'string' && v);
  return typeof id === 'string' ? id : null;
}
