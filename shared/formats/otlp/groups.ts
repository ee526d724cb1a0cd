import { conversationOf, type OtlpSpan } from './spans';

/**
 * How received traces make trajectories: the traces of one conversation together (one
 * trajectory per conversation), or one per trace, linked by their `conversation_id` metadata.
 */
export type TraceGrouping = 'conversation' | 'trace';

export const TRACE_GROUPINGS: readonly TraceGrouping[] = ['conversation', 'trace'];

/**
 * Which trajectory each span belongs to: its trace's, unless a span of that trace names a
 * conversation (`gen_ai.conversation.id`) and `byConversation` holds, which gathers all its
 * traces into one. Returns the spans by group key (`conversation <id>` or `trace <id>`), in the
 * order groups first appear.
 */
export function groupSpans(
  spans: readonly OtlpSpan[],
  known: ReadonlyMap<string, string> = new Map(),
  byConversation = true,
): Map<string, OtlpSpan[]> {
  const conversationOfTrace = new Map(byConversation ? known : []);
  for (const span of spans) {
    const conversation = byConversation ? conversationOf(span) : null;
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

/** FNV-1a, 64 bits: a conversation id (any text) as a number, for its source. */
function fnv64(text: string): bigint {
  let hash = 0xcbf29ce484222325n;
  // UTF-16 code units: shared code has no TextEncoder, and the hash need only be stable.
  for (let i = 0; i < text.length; i++)
    hash = ((hash ^ BigInt(text.charCodeAt(i))) * 0x100000001b3n) & 0xffffffffffffffffn;
  return hash;
}

/**
 * The source a received trace is stored under: one per group, stable across requests and
 * restarts, and, like a file's `name#7`, a name and a number, so the Source filter lists all
 * received traces as one source ("otlp"). Traces number as `1<trace id as decimal>`,
 * conversations as `2<hash of the id>`; the ids themselves are in the metadata.
 */
export function traceSource(key: string): string {
  const [kind, ...rest] = key.split(' ');
  const id = rest.join(' ');
  if (kind === 'trace') return `otlp#1${BigInt(`0x${id}`).toString()}`;
  return `otlp#2${fnv64(id).toString()}`;
}

/**
 * A source as people read it: a received trace's as `otlp trace <id>`, the id in hex as OTLP
 * writes it (the stored source holds it as a number so the Source filter counts all received
 * traces as one source); any other source as it is.
 */
export function sourceLabel(source: string): string {
  const trace = /^otlp#1(\d+)$/.exec(source);
  return trace ? `otlp trace ${BigInt(trace[1]!).toString(16).padStart(32, '0')}` : source;
}
