import { conversationOf, type OtlpSpan } from './spans';

/**
 * Which trajectory each span belongs to: its trace's, unless a span of that trace names a
 * conversation (`gen_ai.conversation.id`), which gathers all its traces into one. Returns the
 * spans by group key (`conversation <id>` or `trace <id>`), in the order groups first appear.
 */
export function groupSpans(
  spans: readonly OtlpSpan[],
  known: ReadonlyMap<string, string> = new Map(),
): Map<string, OtlpSpan[]> {
  const conversationOfTrace = new Map(known);
  for (const span of spans) {
    const conversation = conversationOf(span);
    if (conversation && !conversationOfTrace.has(span.traceId)) conversationOfTrace.set(span.traceId, conversation);
  }
  const groups = new Map<string, OtlpSpan[]>();
  for (const span of spans) {
    const key = groupKey(span.traceId, conversationOfTrace.get(span.traceId));
    const group = groups.get(key);
    if (group) group.push(span);
    else groups.set(key, [span]);
  }
  return groups;
}

export const groupKey = (traceId: string, conversation?: string | null) =>
  conversation ? `conversation ${conversation}` : `trace ${traceId}`;

/** The source a received or imported trace is stored under: one per group, stable across requests. */
export const traceSource = (key: string) => `otlp ${key}`;
