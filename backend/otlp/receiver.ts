import { createHash } from 'node:crypto';
import { assembleTrace } from '../../shared/formats/otlp/assemble';
import { groupKey, groupSpans, traceSource, type TraceGrouping } from '../../shared/formats/otlp/groups';
import { spanEventsOfLogs, type SpanLogEvent } from '../../shared/formats/otlp/logs';
import { spanKey, spansOfExport, type OtlpSpan, type SpanProblem } from '../../shared/formats/otlp/spans';
import { isObject } from '../../shared/json';
import type { Turn } from '../../shared/domain';
import { clipAtWord } from '../../shared/text';
import type { WorkspaceStore } from '../store/workspace-store';

export interface TraceReceiverOptions {
  /** How long a trace without its root span waits for more before it counts as complete (ms). */
  quietMs?: number;
  /** The most spans one request may carry. */
  maxSpans?: number;
  /** The most spans one trajectory (a trace, or a conversation's traces) holds. */
  maxTrajectorySpans?: number;
  /** The most bytes of spans (as JSON text) one trajectory holds. */
  maxTrajectoryBytes?: number;
  /**
   * Whether the traces of one conversation (`gen_ai.conversation.id`) make one trajectory, or
   * each trace its own (linked by the `conversation_id` metadata); read for each request, so a
   * change applies to the traces that arrive after it. Default: one per conversation.
   */
  grouping?: () => TraceGrouping;
}

/** What one request came to: spans (or log records) taken, refused (and why), trajectories written. */
export interface ReceiveResult {
  accepted: number;
  rejected: number;
  message: string;
  trajectoryIds: string[];
}

/** What a 413 advises: the exporter sends fewer spans per request. */
export const SMALLER_BATCHES =
  "(export in smaller batches: lower the BatchSpanProcessor's maxExportBatchSize, e.g. OTEL_BSP_MAX_EXPORT_BATCH_SIZE=256)";

/** What a 413 to a log request advises: the exporter sends fewer log records per request. */
export const SMALLER_LOG_BATCHES =
  "(export in smaller batches: lower the BatchLogRecordProcessor's maxExportBatchSize, e.g. OTEL_BLRP_MAX_EXPORT_BATCH_SIZE=256)";

/** A request with more spans (or log records) than a receiver takes at once. */
export class TooManySpansError extends Error {}

interface OpenGroup {
  key: string;
  /** By trace id and span id. */
  spans: Map<string, OtlpSpan>;
  /** The spans' size as JSON text. */
  bytes: number;
  id: string | null;
  /** A digest of each turn as last stored: turns that did not change are not written again. */
  written: string[];
  timer: NodeJS.Timeout | null;
  complete: boolean;
}

export const DEFAULT_QUIET_MS = 30_000;
export const DEFAULT_MAX_SPANS = 10_000;
export const DEFAULT_MAX_TRAJECTORY_SPANS = 10_000;
export const DEFAULT_MAX_TRAJECTORY_BYTES = 32 * 1024 * 1024;
/** Log records waiting for their span: at most this many, the oldest let go first. */
const MAX_WAITING_EVENTS = 10_000;

/** A group as one request would leave it, kept in memory only once the store has it. */
interface StagedGroup {
  group: OpenGroup;
  /** Groups of its traces it takes over (traces seen before they named their conversation). */
  adopted: OpenGroup[];
  conversation: string | null;
  spans: OtlpSpan[];
}

const sizeOf = (span: OtlpSpan) => JSON.stringify(span).length;
const digestOf = (turn: Turn) => createHash('sha1').update(JSON.stringify(turn)).digest('base64');

/**
 * Turns received spans into trajectories of the workspace, in place as they arrive: spans of one
 * trace (or one `gen_ai.conversation.id`) are one trajectory, shown in progress until its root
 * span arrives or it has been quiet for `quietMs`. Spans arriving out of order or over many
 * requests are gathered; a group no longer in memory is picked up from its stored spans.
 */
export class TraceReceiver {
  private readonly groups = new Map<string, OpenGroup>();
  private readonly conversations = new Map<string, string>();
  /** Log records whose span has not arrived yet, by span key, in arrival order. */
  private readonly waitingEvents = new Map<string, SpanLogEvent['event'][]>();
  private waitingCount = 0;
  private readonly grouping: () => TraceGrouping;
  private readonly quietMs: number;
  readonly maxSpans: number;
  private readonly maxTrajectorySpans: number;
  private readonly maxTrajectoryBytes: number;
  private closed = false;

  constructor(
    private readonly store: WorkspaceStore,
    options: TraceReceiverOptions = {},
  ) {
    this.quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
    this.maxSpans = options.maxSpans ?? DEFAULT_MAX_SPANS;
    this.maxTrajectorySpans = options.maxTrajectorySpans ?? DEFAULT_MAX_TRAJECTORY_SPANS;
    this.maxTrajectoryBytes = options.maxTrajectoryBytes ?? DEFAULT_MAX_TRAJECTORY_BYTES;
    this.grouping = options.grouping ?? (() => 'conversation');
  }

  /** Takes one ExportTraceServiceRequest (as OTLP JSON's plain object); refuses one over `maxSpans`. */
  receive(request: unknown): ReceiveResult {
    const found = spansOfExport(request);
    if (found.spans.length > this.maxSpans)
      throw new TooManySpansError(
        `the request carries ${found.spans.length} spans; this receiver takes at most ${this.maxSpans} per request ${SMALLER_BATCHES}`,
      );
    // Log records that came before their span become its events now.
    const spans = found.spans.map((span) => this.withWaitingEvents(span));
    const byConversation = this.grouping() === 'conversation';
    return this.take(groupSpans(spans, this.conversations, byConversation), found.problems, 'spans');
  }

  /**
   * Takes one ExportLogsServiceRequest: each log record becomes an event of the span it names
   * (the GenAI conventions' messages, `gen_ai.user.message`, `gen_ai.choice`, …, are log records
   * in their event form), rewriting that span's trajectory; a record whose span has not arrived
   * waits for it.
   */
  receiveLogs(request: unknown): ReceiveResult {
    const found = spanEventsOfLogs(request);
    if (found.events.length > this.maxSpans)
      throw new TooManySpansError(
        `the request carries ${found.events.length} log records; this receiver takes at most ${this.maxSpans} per request ${SMALLER_LOG_BATCHES}`,
      );
    const changed = new Map<string, Map<string, OtlpSpan>>();
    const records = new Map<string, number>();
    let waiting = 0;
    for (const { traceId, spanId, event } of found.events) {
      const key = spanKey({ traceId, spanId });
      const held = this.groupHolding(traceId, key);
      if (!held) {
        this.wait(key, event);
        waiting++;
        continue;
      }
      const spans = changed.get(held.key) ?? new Map<string, OtlpSpan>();
      changed.set(held.key, spans);
      records.set(held.key, (records.get(held.key) ?? 0) + 1);
      const span = spans.get(key) ?? held.spans.get(key)!;
      spans.set(key, { ...span, events: [...span.events, event] });
    }
    const groups = new Map([...changed].map(([key, spans]) => [key, [...spans.values()]]));
    const result = this.take(groups, found.problems, 'log records', (key) => records.get(key) ?? 0);
    return { ...result, accepted: result.accepted + waiting };
  }

  /**
   * Stages each group with its new spans, stores what fits, and says what did not; `itemsOf`
   * says how many of the request's items (spans, or log records) a group's new spans carry.
   */
  private take(
    groups: Map<string, OtlpSpan[]>,
    problemsFound: SpanProblem[],
    what: string,
    itemsOf: (key: string, spans: OtlpSpan[]) => number = (_, spans) => spans.length,
  ): ReceiveResult {
    const staged: StagedGroup[] = [];
    const full: string[] = [];
    let refused = 0;
    let taken = 0;
    for (const [key, spans] of groups) {
      const next = this.stage(key, spans);
      if (next.group.spans.size <= this.maxTrajectorySpans && next.group.bytes <= this.maxTrajectoryBytes) {
        staged.push(next);
        taken += itemsOf(key, spans);
        continue;
      }
      refused += itemsOf(key, spans);
      full.push(
        `${key} would hold ${next.group.spans.size} spans (${next.group.bytes} bytes); a trajectory holds at most ${this.maxTrajectorySpans} spans and ${this.maxTrajectoryBytes} bytes (${key.startsWith('conversation ') ? 'go on under a new gen_ai.conversation.id' : 'start a new trace'})`,
      );
    }
    // Written first: a request the store refuses leaves the groups in memory as they were.
    const ids: string[] = [];
    this.store.transaction(() => {
      for (const { group } of staged) ids.push(this.write(group, false));
    });
    for (const { group, adopted, conversation, spans } of staged) {
      for (const earlier of [this.groups.get(group.key), ...adopted]) {
        if (earlier?.timer) clearTimeout(earlier.timer);
        if (earlier) this.groups.delete(earlier.key);
      }
      if (conversation) for (const span of spans) this.conversations.set(span.traceId, conversation);
      this.groups.set(group.key, group);
      this.schedule(group);
    }
    const problems = [...full.map((reason) => ({ at: 'spans of', reason })), ...problemsFound];
    const shown = problems.slice(0, 3).map((p) => `${p.at} ${p.reason}`);
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    return {
      accepted: taken,
      rejected: problemsFound.length + refused,
      message: shown.length ? `${what} refused: ${shown.join('; ')}${more}` : '',
      trajectoryIds: ids,
    };
  }

  /** The group in memory (or stored) that holds the span `key` of `traceId`, or null. */
  private groupHolding(traceId: string, key: string): OpenGroup | null {
    for (const group of this.groups.values()) if (group.spans.has(key)) return group;
    // A trace that went quiet and was let go: found again by its source.
    const stored = this.load(groupKey(traceId));
    return stored.spans.has(key) ? stored : null;
  }

  /** Keeps a log record for its span, which has not arrived; the oldest are let go past the bound. */
  private wait(key: string, event: SpanLogEvent['event']) {
    const waiting = this.waitingEvents.get(key) ?? [];
    waiting.push(event);
    this.waitingEvents.set(key, waiting);
    this.waitingCount++;
    while (this.waitingCount > MAX_WAITING_EVENTS) {
      const [oldest, events] = this.waitingEvents.entries().next().value as [string, SpanLogEvent['event'][]];
      this.waitingEvents.delete(oldest);
      this.waitingCount -= events.length;
    }
  }

  /** The span with the log records that waited for it as its events. */
  private withWaitingEvents(span: OtlpSpan): OtlpSpan {
    const key = spanKey(span);
    const waiting = this.waitingEvents.get(key);
    if (!waiting) return span;
    this.waitingEvents.delete(key);
    this.waitingCount -= waiting.length;
    return { ...span, events: [...span.events, ...waiting] };
  }

  /** Stops the quiet timers (the workspace is closing); open traces stay stored as they are. */
  close(): void {
    this.closed = true;
    for (const group of this.groups.values()) if (group.timer) clearTimeout(group.timer);
    this.groups.clear();
  }

  /** The group `key` with `spans` added, as a new object: the group in memory is not touched. */
  private stage(key: string, spans: readonly OtlpSpan[]): StagedGroup {
    const base = this.groups.get(key) ?? this.load(key);
    const group: OpenGroup = { ...base, spans: new Map(base.spans), timer: null };
    const add = (span: OtlpSpan) => {
      const id = spanKey(span);
      const replaced = group.spans.get(id);
      group.bytes += sizeOf(span) - (replaced ? sizeOf(replaced) : 0);
      group.spans.set(id, span);
    };
    const conversation = key.startsWith('conversation ') ? key.slice('conversation '.length) : null;
    // A conversation gathers its traces: spans of one seen before it named its conversation come along.
    const adopted = conversation
      ? [...new Set(spans.map((s) => groupKey(s.traceId)))]
          .map((traceKey) => this.groups.get(traceKey))
          .filter((earlier): earlier is OpenGroup => earlier !== undefined && earlier.key !== key)
      : [];
    for (const earlier of adopted) {
      for (const span of earlier.spans.values()) add(span);
      // Its trajectory becomes the conversation's (stored under the conversation from now on).
      if (!group.id && earlier.id) Object.assign(group, { id: earlier.id, written: earlier.written });
    }
    for (const span of spans) add(span);
    return { group, adopted, conversation, spans: [...spans] };
  }

  /** A group as stored (picked up again after a restart, or after it went quiet), or a new one. */
  private load(key: string): OpenGroup {
    const id = this.store.trajectories.idOfReceivedTrace(traceSource(key), key) ?? null;
    const spans = new Map<string, OtlpSpan>();
    let bytes = 0;
    if (id)
      for (const span of storedSpans(this.store, id)) {
        spans.set(spanKey(span), span);
        bytes += sizeOf(span);
      }
    return { key, spans, bytes, id, written: [], timer: null, complete: false };
  }

  /** Assembles the group and stores it (inserted the first time, in place after); returns its id. */
  private write(group: OpenGroup, quiet: boolean): string {
    const trace = assembleTrace([...group.spans.values()], { quiet });
    const firstUser = trace.turns.find((t) => t.role === 'user')?.content ?? '';
    const root = [...group.spans.values()].find((s) => !s.parentSpanId);
    const title = clipAtWord(firstUser) || root?.name || group.key;
    const recording = {
      source: traceSource(group.key),
      title,
      turns: trace.turns,
      outcome: trace.outcome,
      // The receiver's own mark: what it finds the trajectory by again (a file's records have none).
      metadata: { received_as: group.key, ...trace.metadata },
      tools: trace.tools,
    };
    const written = trace.turns.map(digestOf);
    const unchanged = written.findIndex((digest, i) => digest !== group.written[i]);
    if (group.id)
      this.store.trajectories.replaceRecording(group.id, recording, unchanged < 0 ? written.length : unchanged);
    else
      group.id = this.store.trajectories.insert({
        kind: 'imported',
        graphId: null,
        planId: null,
        forkOf: null,
        ...recording,
      }).id;
    group.complete = trace.complete;
    group.written = written;
    return group.id;
  }

  /**
   * An open trace completes when it has been quiet for `quietMs`; a complete one is then let go
   * from memory (late spans find it again by its source).
   */
  private schedule(group: OpenGroup) {
    if (group.timer) clearTimeout(group.timer);
    if (this.closed) return;
    group.timer = setTimeout(() => {
      group.timer = null;
      if (this.groups.get(group.key) !== group) return;
      if (!group.complete) {
        try {
          this.store.transaction(() => this.write(group, true));
        } catch {
          // The workspace closed meanwhile: the trace stays stored as it was.
          return;
        }
        this.schedule(group);
        return;
      }
      this.groups.delete(group.key);
      for (const span of group.spans.values())
        if (this.conversations.get(span.traceId)) this.conversations.delete(span.traceId);
    }, this.quietMs);
    group.timer.unref();
  }
}

function storedSpans(store: WorkspaceStore, id: string): OtlpSpan[] {
  const spans = store.trajectories.get(id).metadata?.otlp_spans;
  return Array.isArray(spans)
    ? spans.filter((s): s is OtlpSpan => isObject(s) && typeof s.traceId === 'string' && typeof s.spanId === 'string')
    : [];
}
