import { isObject } from '../../json';

type Json = Record<string, unknown>;

/**
 * Langfuse's ingestion events, as its SDKs send them (`POST /api/public/ingestion`,
 * `{batch: [{id, type, timestamp, body}]}`) and as people keep them from an SDK's debug log:
 * `trace-create`, `span-create`/`-update`, `generation-create`/`-update`, `event-create`,
 * `observation-create`/`-update` (v3's typed observations) and `score-create`.
 */
const OBSERVATION_EVENTS: Record<string, string | null> = {
  'span-create': 'SPAN',
  'span-update': 'SPAN',
  'generation-create': 'GENERATION',
  'generation-update': 'GENERATION',
  'event-create': 'EVENT',
  // The body says its type (AGENT, TOOL, …).
  'observation-create': null,
  'observation-update': null,
};

/** True for one ingestion event: a known type and a body. */
export const isIngestionEvent = (value: unknown): boolean =>
  isObject(value) &&
  isObject(value.body) &&
  typeof value.type === 'string' &&
  (value.type in OBSERVATION_EVENTS || value.type === 'trace-create' || value.type === 'score-create');

/** Values a later event gives over an earlier one's: an update's nulls do not erase what the create said. */
const merged = (earlier: Json | undefined, later: Json): Json => ({
  ...earlier,
  ...Object.fromEntries(Object.entries(later).filter(([, v]) => v !== null && v !== undefined)),
});

/**
 * The traces a list of ingestion events makes, each with its observations (creates and updates
 * of one id merged, in the order events came) and scores, with the position of the first event
 * each came from.
 */
export function tracesOfEvents(events: unknown[]) {
  const traces = new Map<string, { trace: Json; observations: Map<string, Json>; scores: Json[]; first: number }>();
  const traceFor = (id: string, i: number) => {
    let entry = traces.get(id);
    if (!entry) traces.set(id, (entry = { trace: { id }, observations: new Map(), scores: [], first: i }));
    return entry;
  };
  events.forEach((event, i) => {
    if (!isIngestionEvent(event)) return;
    const { type: kind, body } = event as { type: string; body: Json };
    if (kind === 'trace-create' && typeof body.id === 'string') {
      const entry = traceFor(body.id, i);
      entry.trace = merged(entry.trace, body);
    } else if (kind === 'score-create' && typeof body.traceId === 'string') traceFor(body.traceId, i).scores.push(body);
    else if (typeof body.traceId === 'string' && typeof body.id === 'string') {
      const observations = traceFor(body.traceId, i).observations;
      const type = OBSERVATION_EVENTS[kind] ?? body.type ?? 'SPAN';
      observations.set(body.id, merged(observations.get(body.id), { ...body, type }));
    }
  });
  return [...traces.values()].map(({ trace, observations, scores, first }) => ({
    trace,
    observations: [...observations.values()],
    scores,
    first,
  }));
}
