import { randomBytes } from 'node:crypto';

/** A span in OTLP's JSON encoding, as exporters write it (ids hex, times as decimal text). */
export interface JsonSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code: number; message?: string };
}

const DEFAULT_TRACE = randomBytes(16).toString('hex');

/** An attribute value in OTLP JSON: strings, ints (as text), doubles, bools. */
export function attribute(key: string, value: string | number | boolean) {
  if (typeof value === 'string') return { key, value: { stringValue: value } };
  if (typeof value === 'boolean') return { key, value: { boolValue: value } };
  return Number.isInteger(value) ? { key, value: { intValue: String(value) } } : { key, value: { doubleValue: value } };
}

/** One span; `at` orders spans (ms after a fixed start), `parent` makes it a child. */
export function span(options: {
  name: string;
  traceId?: string;
  spanId?: string;
  parent?: string;
  at?: number;
  durationMs?: number;
  attributes?: Record<string, string | number | boolean>;
  status?: { code: number; message?: string };
}): JsonSpan {
  const start = 1_750_000_000_000n + BigInt(options.at ?? 0);
  return {
    traceId: options.traceId ?? DEFAULT_TRACE,
    spanId: options.spanId ?? randomBytes(8).toString('hex'),
    ...(options.parent ? { parentSpanId: options.parent } : {}),
    name: options.name,
    kind: 1,
    startTimeUnixNano: (start * 1_000_000n).toString(),
    endTimeUnixNano: ((start + BigInt(options.durationMs ?? 10)) * 1_000_000n).toString(),
    attributes: Object.entries(options.attributes ?? {}).map(([k, v]) => attribute(k, v)),
    ...(options.status ? { status: options.status } : {}),
  };
}

/** An ExportTraceServiceRequest holding `spans` under one resource and scope. */
export function exportRequest(spans: unknown[], service = 'test-agent') {
  return {
    resourceSpans: [
      {
        resource: { attributes: [attribute('service.name', service)] },
        scopeSpans: [{ scope: { name: 'test-scope', version: '1.0' }, spans }],
      },
    ],
  };
}
