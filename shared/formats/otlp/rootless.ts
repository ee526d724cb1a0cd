import { spanKey, type OtlpSpan } from './spans';

const ERROR = 2;

/**
 * The span that speaks for a trace whose root span never came: of the spans whose parent is not
 * among the trace's, the last to end that failed. The OpenAI Agents SDK's OpenInference bridge
 * leaves its root span open when a run throws (a model call that failed), so the run's error is
 * only on the workflow span under it.
 */
export function failedTopSpan(spans: readonly OtlpSpan[]): OtlpSpan | undefined {
  const ids = new Set(spans.map(spanKey));
  return spans
    .filter((s) => s.status.code === ERROR && !ids.has(spanKey({ traceId: s.traceId, spanId: s.parentSpanId })))
    .sort((a, b) => (BigInt(a.endNs) < BigInt(b.endNs) ? -1 : BigInt(a.endNs) > BigInt(b.endNs) ? 1 : 0))
    .at(-1);
}
