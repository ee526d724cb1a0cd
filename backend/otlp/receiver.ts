import { assembleTrace } from '../../shared/formats/otlp/assemble';
import { groupKey, groupSpans, traceSource } from '../../shared/formats/otlp/groups';
import { spansOfExport, type OtlpSpan } from '../../shared/formats/otlp/spans';
import { isObject } from '../../shared/json';
import { clipAtWord } from '../../shared/text';
import type { WorkspaceStore } from '../store/workspace-store';

export interface TraceReceiverOptions {
  /** How long a trace without its root span waits for more before it counts as complete (ms). */
  quietMs?: number;
  /** The most spans one request may carry. */
  maxSpans?: number;
}

/** What one request came to: spans taken, spans refused (and why), trajectories written. */
export interface ReceiveResult {
  accepted: number;
  rejected: number;
  message: string;
  trajectoryIds: string[];
}

/** A request with more spans than a receiver takes at once. */
/** What a 413 advises: the exporter sends fewer spans per request. */
export const SMALLER_BATCHES =
  "(export in smaller batches: lower the BatchSpanProcessor's maxExportBatchSize, e.g. OTEL_BSP_MAX_EXPORT_BATCH_SIZE=256)";

export class TooManySpansError extends Error {}

interface OpenGroup {
  key: string;
  spans: Map<string, OtlpSpan>;
  id: string | null;
  timer: NodeJS.Timeout | null;
  complete: boolean;
}

export const DEFAULT_QUIET_MS = 30_000;
export const DEFAULT_MAX_SPANS = 10_000;

/**
 * Turns received spans into trajectories of the workspace, in place as they arrive: spans of one
 * trace (or one `gen_ai.conversation.id`) are one trajectory, shown in progress until its root
 * span arrives or it has been quiet for `quietMs`. Spans arriving out of order or over many
 * requests are gathered; a group no longer in memory is picked up from its stored spans.
 */
export class TraceReceiver {
  private readonly groups = new Map<string, OpenGroup>();
  private readonly conversations = new Map<string, string>();
  private readonly quietMs: number;
  readonly maxSpans: number;
  private closed = false;

  constructor(
    private readonly store: WorkspaceStore,
    options: TraceReceiverOptions = {},
  ) {
    this.quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
    this.maxSpans = options.maxSpans ?? DEFAULT_MAX_SPANS;
  }

  /** Takes one ExportTraceServiceRequest (as OTLP JSON's plain object); refuses one over `maxSpans`. */
  receive(request: unknown): ReceiveResult {
    const found = spansOfExport(request);
    if (found.spans.length > this.maxSpans)
      throw new TooManySpansError(
        `the request carries ${found.spans.length} spans; this receiver takes at most ${this.maxSpans} per request ${SMALLER_BATCHES}`,
      );
    const groups = groupSpans(found.spans, this.conversations);
    const ids: string[] = [];
    this.store.transaction(() => {
      for (const [key, spans] of groups) {
        const conversation = key.startsWith('conversation ') ? key.slice('conversation '.length) : null;
        if (conversation) for (const s of spans) this.conversations.set(s.traceId, conversation);
        const group = this.open(key);
        for (const span of spans) group.spans.set(span.spanId, span);
        // A conversation gathers its traces: spans of one seen before it named its conversation come along.
        if (conversation) this.adoptTraces(group, spans);
        ids.push(this.write(group, false));
      }
    });
    const shown = found.problems.slice(0, 3).map((p) => `${p.at} ${p.reason}`);
    const more = found.problems.length > 3 ? ` (and ${found.problems.length - 3} more)` : '';
    return {
      accepted: found.spans.length,
      rejected: found.problems.length,
      message: shown.length ? `spans refused: ${shown.join('; ')}${more}` : '',
      trajectoryIds: ids,
    };
  }

  /** Stops the quiet timers (the workspace is closing); open traces stay stored as they are. */
  close(): void {
    this.closed = true;
    for (const group of this.groups.values()) if (group.timer) clearTimeout(group.timer);
    this.groups.clear();
  }

  private open(key: string): OpenGroup {
    let group = this.groups.get(key);
    if (group) return group;
    const id = this.store.trajectories.idBySource(traceSource(key)) ?? null;
    group = { key, spans: new Map(), id, timer: null, complete: false };
    // Picked up again after a restart, or after it went quiet: its stored spans are the start.
    if (id) for (const span of storedSpans(this.store, id)) group.spans.set(span.spanId, span);
    this.groups.set(key, group);
    return group;
  }

  private adoptTraces(group: OpenGroup, spans: readonly OtlpSpan[]) {
    for (const traceId of new Set(spans.map((s) => s.traceId))) {
      const key = groupKey(traceId);
      const earlier = this.groups.get(key);
      if (!earlier || earlier === group) continue;
      for (const [id, span] of earlier.spans) group.spans.set(id, span);
      if (earlier.timer) clearTimeout(earlier.timer);
      this.groups.delete(key);
      // Its trajectory becomes the conversation's (stored under the conversation from now on).
      group.id ??= earlier.id;
    }
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
      metadata: trace.metadata,
      tools: trace.tools,
    };
    if (group.id) this.store.trajectories.replaceRecording(group.id, recording);
    else
      group.id = this.store.trajectories.insert({
        kind: 'imported',
        graphId: null,
        planId: null,
        forkOf: null,
        ...recording,
      }).id;
    group.complete = trace.complete;
    this.schedule(group);
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
        }
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
  return Array.isArray(spans) ? spans.filter((s): s is OtlpSpan => isObject(s) && typeof s.spanId === 'string') : [];
}
