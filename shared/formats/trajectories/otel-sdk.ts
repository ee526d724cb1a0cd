import { isObject } from '../../json';
import { assembleTrace } from '../otlp/assemble';
import { groupSpans } from '../otlp/groups';
import { isSdkSpan, spanOfSdk } from '../otlp/sdk-spans';
import type { OtlpSpan } from '../otlp/spans';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';

/** The record one trace of a file becomes: its spans, made OTLP's. */
const TRACE_KEY = 'otel_sdk_trace';

function parseTrace(record: Record<string, unknown>): ParsedRecord {
  let spans: OtlpSpan[];
  if (Array.isArray(record[TRACE_KEY])) spans = record[TRACE_KEY] as OtlpSpan[];
  else {
    const span = spanOfSdk(record, 'span');
    if ('reason' in span) throw new RecordError(span.reason);
    spans = [span];
  }
  if (!spans.length) throw new RecordError('holds no spans');
  // A file holds what was exported: its traces are as complete as they will get.
  const trace = assembleTrace(spans, { quiet: true });
  return {
    turns: trace.turns,
    tools: trace.tools,
    outcome: trace.outcome,
    metadata: { ...trace.metadata, written_by: 'OpenTelemetry SDK span export' },
  };
}

/**
 * Spans as the OpenTelemetry SDKs print them (Python's and JS's `ConsoleSpanExporter`, or a
 * span's `to_json()` written to a file, as Monocle's file exporter does): one object per span,
 * pretty-printed or one per line, or a JSON array of them. The file's spans are grouped by trace (or conversation) and each group is
 * assembled as OTLP's are: one trajectory per trace.
 */
export const otelSdkFormat = defineFormat({
  id: 'otel-sdk',
  label: 'OpenTelemetry SDK spans (console exporter JSON)',
  recognisedBy: '"context" with "trace_id" and "span_id", or "traceId", "id" and "timestamp"',
  versions:
    'opentelemetry-python ReadableSpan.to_json (SDK 1.0–1.3x, old flat and new {attributes, schema_url} resources); opentelemetry-js ConsoleSpanExporter (SDK 1.x parentId, 2.x parentSpanContext; as JSON or as console.dir prints it); Monocle\'s span arrays; decimal or "0x" hex ids',
  detect: (record) => Array.isArray(record[TRACE_KEY]) || isSdkSpan(record),
  parse: parseTrace,
  turnFields: [
    TRACE_KEY,
    'name',
    'context',
    'kind',
    'parent_id',
    'start_time',
    'end_time',
    'status',
    'attributes',
    'events',
    'links',
    'resource',
    'traceId',
    'id',
    'parentId',
    'parentSpanId',
    'parentSpanContext',
    'timestamp',
    'duration',
    'traceState',
    'instrumentationLibrary',
    'instrumentationScope',
  ],
  container: {
    parts: {
      detect: isSdkSpan,
      group(parts) {
        const spans: OtlpSpan[] = [];
        const firstPart = new Map<string, number>();
        const problems: { part: number; reason: string }[] = [];
        parts.forEach((part, i) => {
          if (!isObject(part)) return;
          const span = spanOfSdk(part, `span "${String(part.name)}"`);
          if ('reason' in span) return problems.push({ part: i, reason: `${span.at}: ${span.reason}` });
          spans.push(span);
          if (!firstPart.has(span.spanId)) firstPart.set(span.spanId, i);
        });
        const records = [...groupSpans(spans).values()].map((group) => ({
          record: { [TRACE_KEY]: group },
          first: group.reduce((min, s) => Math.min(min, firstPart.get(s.spanId)!), Infinity),
        }));
        return { records, problems };
      },
    },
  },
});
