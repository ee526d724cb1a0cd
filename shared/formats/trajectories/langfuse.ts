import type { TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';
import { turnsFromMessages } from '../messages';
import { defineFormat } from './descriptor';
import { isIngestionEvent, tracesOfEvents } from './langfuse-ingestion';
import {
  camelCased,
  generationSettings,
  inputMessages,
  isObservation,
  observationSummary,
  scoresOutcome,
  scoreSummary,
  tokensOf,
  toolResult,
  toolsOf,
  typeOf,
  withJsonIo,
} from './langfuse-observations';
import { RecordError, type ParsedRecord } from './records';
import { asText, isoMs, placeToolResults, readModelCalls, responseMessages, timingOf } from './trace-calls';

type Json = Record<string, unknown>;

/** The record a trace's observations make when a file holds observations alone. */
const OBSERVATIONS_KEY = 'langfuse_observations';

/** The fields of a trace as the public API and the UI's download write them: read by `parse`. */
const TRACE_FIELDS = [
  'id',
  'name',
  'timestamp',
  'input',
  'output',
  'sessionId',
  'userId',
  'release',
  'version',
  'metadata',
  'tags',
  'public',
  'bookmarked',
  'environment',
  'projectId',
  'htmlPath',
  'latency',
  'totalCost',
  'createdAt',
  'updatedAt',
  'externalId',
] as const;

const isTrace = (value: Json) =>
  typeof value.id === 'string' &&
  Array.isArray(value.observations) &&
  ('timestamp' in value || 'projectId' in value || 'htmlPath' in value || 'scores' in value);

/** One trace and its observations as one trajectory. */
function parseTrace(trace: Json, observations: Json[], scores: Json[]): ParsedRecord {
  const sorted = [...observations].sort((a, b) => (isoMs(a.startTime) ?? 0) - (isoMs(b.startTime) ?? 0));
  const generations = sorted.filter((o) => typeOf(o) === 'GENERATION');
  const unread: Json[] = [];
  const settings: Json[] = [];
  let cost = 0;
  const read = readModelCalls(
    generations.map((g) => {
      const spent = [isObject(g.costDetails) ? g.costDetails.total : undefined, g.calculatedTotalCost, g.totalCost];
      cost += spent.find((c): c is number => typeof c === 'number') ?? 0;
      const input = inputMessages(g.input);
      const output = responseMessages(g.output);
      if (!input || !output) unread.push(observationSummary(g));
      else settings.push(generationSettings(g));
      // v4's observations name the model `providedModelName` beside (or instead of) `model`.
      const model = [g.model, g.providedModelName].find((m): m is string => typeof m === 'string' && m !== '');
      const tokens = tokensOf(g);
      const timing = timingOf(g.startTime, g.endTime);
      return {
        at: "a generation's input",
        input,
        output,
        tools: toolsOf(g),
        ...(model ? { model } : {}),
        ...(tokens ? { tokens } : {}),
        ...(timing ? { timing } : {}),
      };
    }),
  );
  const { models, notes, ignored } = read;
  // Observations downloaded without their input and output (the UI's lighter download) leave the trace's own.
  const turns = read.turns.length ? read.turns : traceTurns(trace);
  const called = new Set(turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.name));
  // v3 marks tool observations TOOL; v2 (and LangChain's callback there) writes them as spans
  // named after the tool. A trace that has TOOL observations has no tool spans besides them.
  const typed = sorted.filter((o) => typeOf(o) === 'TOOL');
  const executions = typed.length ? typed : sorted.filter((o) => typeOf(o) === 'SPAN' && called.has(String(o.name)));
  const placed = placeToolResults(turns, executions.map(toolResult));
  for (const n of placed.notes) notes.add(n);
  const consumed = new Set([...generations, ...executions]);
  const others = sorted.filter((o) => !consumed.has(o)).map(observationSummary);
  const errors = sorted
    .filter((o) => o.level === 'ERROR')
    .map((o) => ({ observation: String(o.name ?? o.id), error: String(o.statusMessage ?? 'error') }));
  if (!turns.length)
    throw new RecordError(
      Array.isArray(trace.observations) && trace.observations.some((o) => typeof o === 'string')
        ? 'a Langfuse trace that lists its observations by id only (as the traces list does), with no input or output: export each trace itself (GET /api/public/traces/{id}, or "Download" in the trace view) to import its generations'
        : 'a Langfuse trace with no generation and no input or output',
    );
  const outcome = scoresOutcome(scores);
  const traceMetadata = isObject(trace.metadata) ? trace.metadata : undefined;
  const metadata: TrajectoryMetadata = {
    harness: 'Langfuse',
    ...(models.length ? { model: models.at(-1) } : {}),
    ...(traceMetadata && 'task_id' in traceMetadata ? { task_id: traceMetadata.task_id } : {}),
    ...pick(trace, {
      id: 'trace_id',
      name: 'trace_name',
      sessionId: 'session_id',
      userId: 'user_id',
      timestamp: 'timestamp',
      tags: 'tags',
      release: 'release',
      version: 'version',
      environment: 'environment',
      metadata: 'trace_metadata',
      latency: 'latency',
      totalCost: 'total_cost',
      htmlPath: 'html_path',
    }),
    ...tracesInputOutput(trace, turns),
    ...(read.usage ? { usage: read.usage } : {}),
    ...(cost && trace.totalCost === undefined ? { total_cost: Number(cost.toPrecision(12)) } : {}),
    ...(scores.length ? { scores: scores.map(scoreSummary) } : {}),
    ...(errors.length ? { errors } : {}),
    ...(placed.errors.length ? { tool_errors: placed.errors } : {}),
    ...(settings.some((g) => Object.keys(g).length > 2) ? { generations: settings } : {}),
    ...(unread.length ? { generations_not_read: unread } : {}),
    ...(others.length ? { observations: others } : {}),
  };
  return {
    turns,
    tools: read.tools,
    ...(outcome ? { outcome } : {}),
    metadata,
    ...(ignored.length ? { ignored } : {}),
    ...(notes.size ? { notes: [...notes] } : {}),
  };
}

function pick(from: Json, names: Record<string, string>): Json {
  const out: Json = {};
  for (const [key, name] of Object.entries(names))
    if (from[key] !== undefined && from[key] !== null && !(Array.isArray(from[key]) && !from[key].length))
      out[name] = from[key];
  return out;
}

/** A trace with no generation: its own input and output are the conversation. */
function traceTurns(trace: Json): Turn[] {
  const input = inputMessages(trace.input);
  const output = responseMessages(trace.output);
  return [...turnsFromMessages(input ?? []).turns, ...turnsFromMessages(output ?? []).turns];
}

/** The trace's own input and output, kept when no turn says them already. */
function tracesInputOutput(trace: Json, turns: Turn[]): Json {
  const said = new Set(turns.map((t) => (t.content ?? '').trim()).filter(Boolean));
  const out: Json = {};
  for (const key of ['input', 'output'] as const) {
    const value = trace[key];
    if (value === undefined || value === null) continue;
    const text = asText(isObject(value) && Object.keys(value).length === 1 ? Object.values(value)[0] : value);
    if (!text || !said.has(text.trim())) out[`trace_${key}`] = value;
  }
  return out;
}

/**
 * The trace of observations exported without it: under Langfuse v4 there is no trace entity, the
 * trace's name, user, session and tags are copied onto each observation, and its input and
 * output are the root observation's.
 */
function traceOfObservations(observations: Json[]): Json {
  const first = observations[0] ?? {};
  const root = observations.find((o) => !o.parentObservationId);
  return {
    id: first.traceId,
    ...(first.traceName !== undefined ? { name: first.traceName } : {}),
    ...pick(first, { userId: 'userId', sessionId: 'sessionId', tags: 'tags', environment: 'environment' }),
    ...(root ? { input: root.input, output: root.output } : {}),
  };
}

/** The trace, observations and scores a record holds, in each of the shapes Langfuse writes. */
function partsOf(record: Json): { trace: Json; observations: Json[]; scores: Json[] } {
  const alone = Array.isArray(record[OBSERVATIONS_KEY])
    ? record[OBSERVATIONS_KEY]
    : isObservation(record)
      ? [record]
      : null;
  if (alone) {
    const observations = alone.filter(isObject).map(camelCased).map(withJsonIo);
    return { trace: traceOfObservations(observations), observations, scores: [] };
  }
  if (isIngestionEvent(record)) return tracesOfEvents([record])[0]!;
  const given = withJsonIo(isObject(record.trace) ? record.trace : record);
  const observations = (Array.isArray(record.observations) ? record.observations : []).filter(isObject).map(withJsonIo);
  // A trace known by its id alone (ingestion events with no trace-create) takes what its observations say of it.
  const trace = Object.keys(given).length === 1 ? { ...traceOfObservations(observations), ...given } : given;
  const scores = [record.scores, trace.scores].find(Array.isArray) ?? [];
  return { trace, observations, scores: scores.filter(isObject) };
}

/** Observations of many traces (an observations export), one record per trace. */
function groupObservations(parts: unknown[]) {
  const byTrace = new Map<string, { observations: Json[]; first: number }>();
  parts.forEach((part, i) => {
    if (!isObservation(part)) return;
    const observation = camelCased(part as Json);
    const group = byTrace.get(observation.traceId as string);
    if (group) group.observations.push(observation);
    else byTrace.set(observation.traceId as string, { observations: [observation], first: i });
  });
  return [...byTrace.values()];
}

/**
 * Langfuse traces: the UI's "download trace" (`{trace, observations}`), the public API's trace
 * with its observations and scores inline (one, a JSON array, or a `{data, meta}` page),
 * observations alone, grouped by trace (the API's, or the blob storage export's), or the
 * ingestion events an SDK sent. Generations give the conversation, tool observations the
 * results; a score named as a verdict (correctness, success, …) the outcome.
 */
export const langfuseFormat = defineFormat({
  id: 'langfuse',
  label: 'Langfuse trace export',
  recognisedBy:
    '"trace" and "observations", a trace with "observations", or observations with "traceId" (or "trace_id") and "type"',
  versions:
    'Langfuse public API and UI download, v2 (usage, promptTokens), v3 (usageDetails, costDetails, AGENT/TOOL/CHAIN observation types) and v4 (v2 observations endpoint: JSON-text input and output, no trace entity); blob storage export (enriched observations, snake_case); SDK ingestion events ({batch}: trace-, span-, generation-, event-, observation- and score-create/update)',
  detect: (record) =>
    (isObject(record.trace) && Array.isArray(record.observations)) ||
    isTrace(record) ||
    Array.isArray(record[OBSERVATIONS_KEY]) ||
    isObservation(record) ||
    isIngestionEvent(record),
  parse: (record) => {
    const { trace, observations, scores } = partsOf(record);
    return parseTrace(trace, observations, scores);
  },
  turnFields: ['trace', 'observations', 'scores', OBSERVATIONS_KEY, ...TRACE_FIELDS],
  container: {
    recordsIn(document) {
      // An ingestion batch, as the SDKs send it.
      if (Array.isArray(document.batch) && document.batch.some(isIngestionEvent)) {
        const shared = isObject(document.metadata) ? { ingestion_metadata: document.metadata } : {};
        return { records: tracesOfEvents(document.batch).map(({ first: _, ...record }) => record), shared };
      }
      if (!Array.isArray(document.data) || !isObject(document.meta)) return null;
      const data = document.data.filter(isObject);
      if (data.length && data.every((d) => isTrace(d))) return { records: data, shared: {} };
      if (!data.length || !data.every((d) => isObservation(d))) return null;
      return {
        records: groupObservations(data).map((g) => ({ [OBSERVATIONS_KEY]: g.observations })),
        shared: {},
      };
    },
    parts: {
      detect: (record) => isObservation(record) || isIngestionEvent(record),
      group: (parts) => ({
        records: [
          ...groupObservations(parts).map((g) => ({ record: { [OBSERVATIONS_KEY]: g.observations }, first: g.first })),
          // Ingestion events make the shape of a downloaded trace: {trace, observations, scores}.
          ...tracesOfEvents(parts).map(({ first, ...record }) => ({ record, first })),
        ].sort((a, b) => a.first - b.first),
        problems: [],
      }),
    },
  },
});
