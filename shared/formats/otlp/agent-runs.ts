import { spanKey, type OtlpSpan } from './spans';

const OPERATION = 'gen_ai.operation.name';

/** The GenAI conventions' operation names of one model call. */
const MODEL_CALLS = new Set(['chat', 'text_completion', 'generate_content']);

/**
 * Agent spans (`invoke_agent`) with model-call spans below them, by span key. Such a span is the
 * agent's run: the messages it carries are the run's input and its whole output (the AI SDK 7
 * puts every step's calls and results in one message), its usage the sum of its calls'. Read as
 * a model call it would repeat the conversation and count every token twice; its calls say it
 * all, one by one. An agent span with no model call below it is still read as one.
 */
export function agentRunSpans(spans: readonly OtlpSpan[]): Set<string> {
  const byKey = new Map(spans.map((s) => [spanKey(s), s]));
  const runs = new Set<string>();
  for (const span of spans) {
    if (!MODEL_CALLS.has(String(span.attributes[OPERATION]))) continue;
    const seen = new Set<string>();
    let parent = byKey.get(spanKey({ traceId: span.traceId, spanId: span.parentSpanId }));
    while (parent && !seen.has(spanKey(parent))) {
      seen.add(spanKey(parent));
      if (parent.attributes[OPERATION] === 'invoke_agent') runs.add(spanKey(parent));
      parent = byKey.get(spanKey({ traceId: parent.traceId, spanId: parent.parentSpanId }));
    }
  }
  return runs;
}
