import { isObject } from '../../json';
import { anyValue, HEX_ID, hexId, keyValues, nanos, type OtlpSpan, type SpanProblem } from './spans';

/** A log record as an event of the span it names (by trace id and span id). */
export interface SpanLogEvent {
  traceId: string;
  spanId: string;
  event: OtlpSpan['events'][number];
}

/**
 * The log records of one ExportLogsServiceRequest (OTLP JSON, or protobuf decoded to the same
 * shape) as span events: named by the record's `event_name` or its `event.name` attribute (the
 * GenAI conventions' `gen_ai.user.message`, `gen_ai.choice`, …), with its attributes and body.
 * A record that names no span cannot be joined to one: it is a problem, the others are taken.
 */
export function spanEventsOfLogs(request: unknown): { events: SpanLogEvent[]; problems: SpanProblem[] } {
  const events: SpanLogEvent[] = [];
  const problems: SpanProblem[] = [];
  const resourceLogs = isObject(request) ? request.resourceLogs : undefined;
  if (resourceLogs !== undefined && !Array.isArray(resourceLogs))
    return { events, problems: [{ at: 'resourceLogs', reason: 'is not an array' }] };
  (resourceLogs ?? []).forEach((rl: unknown, r: number) => {
    if (!isObject(rl)) return problems.push({ at: `resourceLogs[${r}]`, reason: 'is not an object' });
    (Array.isArray(rl.scopeLogs) ? rl.scopeLogs : []).forEach((sl: unknown, s: number) => {
      if (!isObject(sl)) return;
      (Array.isArray(sl.logRecords) ? sl.logRecords : []).forEach((record: unknown, k: number) => {
        const at = `resourceLogs[${r}].scopeLogs[${s}].logRecords[${k}]`;
        if (!isObject(record)) return problems.push({ at, reason: 'is not an object' });
        const traceId = hexId(record.traceId, 16);
        const spanId = hexId(record.spanId, 8);
        if (!HEX_ID.traceId.test(traceId) || /^0+$/.test(traceId) || !HEX_ID.spanId.test(spanId) || /^0+$/.test(spanId))
          return problems.push({
            at,
            reason: 'names no span (traceId and spanId): a log record is kept as an event of its span',
          });
        const attributes = keyValues(record.attributes);
        const named = typeof record.eventName === 'string' && record.eventName ? record.eventName : undefined;
        const name = named ?? (typeof attributes['event.name'] === 'string' ? attributes['event.name'] : 'log');
        const time = nanos(record.timeUnixNano);
        const body = record.body === undefined ? undefined : anyValue(record.body);
        events.push({
          traceId,
          spanId,
          event: {
            name,
            timeNs: time === '0' ? nanos(record.observedTimeUnixNano) : time,
            attributes,
            ...(body !== undefined && body !== null ? { body } : {}),
          },
        });
      });
    });
  });
  return { events, problems };
}
