import type { DeclaredTool, Outcome, Turn } from '../../domain';
import { isObject } from '../../json';
import { declaredToolsOf } from '../messages';
import { asText, isVerdictName, timingOf, verdictOutcome, type ToolExecutionResult } from './trace-calls';

/** How Langfuse writes an observation's parts, across its API versions and exports, read one field at a time. */

type Json = Record<string, unknown>;

/** Langfuse's observation types (v2: SPAN, GENERATION, EVENT; v3 adds the agent-graph ones). */
const OBSERVATION_TYPES = new Set([
  'SPAN',
  'GENERATION',
  'EVENT',
  'AGENT',
  'TOOL',
  'CHAIN',
  'RETRIEVER',
  'EVALUATOR',
  'EMBEDDING',
  'GUARDRAIL',
]);

/** An observation as the API writes it (camelCase) or as the blob storage export does (snake_case). */
export const isObservation = (value: unknown): boolean =>
  isObject(value) &&
  typeof (value.traceId ?? value.trace_id) === 'string' &&
  typeof value.type === 'string' &&
  OBSERVATION_TYPES.has(value.type.toUpperCase()) &&
  ('startTime' in value || 'start_time' in value);

/**
 * An observation's fields in the API's names: the blob storage export writes them snake_case
 * (`trace_id`, `parent_observation_id`, `usage_details`, `provided_model_name`, …).
 */
export const camelCased = (o: Json): Json =>
  'trace_id' in o
    ? Object.fromEntries(
        Object.entries(o).map(([k, v]) => [k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()), v]),
      )
    : o;

export const typeOf = (o: Json) => String(o.type).toUpperCase();

/** A generation's token counts: v3 `usageDetails`, v2 `usage` (input/output, the UI's inputUsage/outputUsage, or OpenAI's names), or top-level counts. */
export function tokensOf(o: Json): Turn['tokens'] | undefined {
  for (const usage of [o.usageDetails, o.usage]) {
    if (!isObject(usage)) continue;
    const prompt = usage.input ?? usage.inputUsage ?? usage.prompt_tokens ?? usage.input_tokens ?? usage.promptTokens;
    const completion =
      usage.output ?? usage.outputUsage ?? usage.completion_tokens ?? usage.output_tokens ?? usage.completionTokens;
    if (typeof prompt === 'number' || typeof completion === 'number')
      return { prompt: Math.round(Number(prompt ?? 0)), completion: Math.round(Number(completion ?? 0)) };
  }
  // The old API's counts, and the UI's (`inputUsage`, `outputUsage`) on the observation itself.
  const prompt = o.promptTokens ?? o.inputUsage;
  const completion = o.completionTokens ?? o.outputUsage;
  if (typeof prompt === 'number' || typeof completion === 'number')
    return { prompt: Number(prompt ?? 0), completion: Number(completion ?? 0) };
  return undefined;
}

/** A generation's input as a list of provider messages: the list itself, `{messages}`, Gemini `{contents}`, or text. */
export function inputMessages(input: unknown): unknown[] | null {
  if (Array.isArray(input)) return input;
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  if (!isObject(input)) return null;
  if (Array.isArray(input.messages)) return input.messages;
  if (Array.isArray(input.contents)) return input.contents;
  if (typeof input.prompt === 'string') return [{ role: 'user', content: input.prompt }];
  return null;
}

/** The tools a generation was offered: in its input (`{messages, tools}`), model parameters or metadata. */
export function toolsOf(o: Json): DeclaredTool[] {
  for (const holder of [o.input, o.modelParameters, o.metadata])
    if (isObject(holder)) {
      const tools = declaredToolsOf(holder.tools ?? holder.functions);
      if (tools.length) return tools;
    }
  return [];
}

/** A tool observation's result, with the call it answers when its output or input says (a LangChain ToolMessage does). */
export function toolResult(o: Json): ToolExecutionResult {
  const output = o.output;
  const callId = [output, o.input, o.metadata]
    .map((v) => (isObject(v) ? (v.tool_call_id ?? v.toolCallId) : undefined))
    .find((v) => typeof v === 'string');
  const content = isObject(output) && typeof output.content === 'string' && callId ? output.content : asText(output);
  const timing = timingOf(o.startTime, o.endTime);
  return {
    name: String(o.name ?? 'tool'),
    ...(typeof callId === 'string' ? { callId } : {}),
    ...(o.input !== undefined ? { args: o.input } : {}),
    ...(content !== undefined ? { content } : {}),
    ...(o.level === 'ERROR' ? { error: String(o.statusMessage || 'error') } : {}),
    ...(timing ? { timing } : {}),
  };
}

/** Scores: the one whose name is a verdict gives the outcome (a trace's own before an observation's). */
export function scoresOutcome(scores: Json[]): Outcome | undefined {
  const verdicts = scores.filter((s) => isVerdictName(s.name));
  const score = verdicts.find((s) => !s.observationId) ?? verdicts[0];
  if (!score) return undefined;
  const by = `Langfuse score "${String(score.name)}"`;
  if (score.dataType === 'CATEGORICAL' && typeof score.stringValue === 'string')
    return verdictOutcome(by, score.stringValue);
  if (score.dataType === 'BOOLEAN' && typeof score.value === 'number')
    return { ...verdictOutcome(by, score.value === 1), value: score.value };
  return verdictOutcome(by, score.value ?? score.stringValue);
}

export const scoreSummary = (s: Json) =>
  Object.fromEntries(
    ['name', 'value', 'stringValue', 'dataType', 'source', 'comment', 'observationId'].flatMap((k) =>
      s[k] !== undefined && s[k] !== null ? [[k, s[k]]] : [],
    ),
  );

/** What a generation's turns do not hold: its parameters, metadata, prompt, costs and level (no input, output or times). */
const GENERATION_SETTINGS = [
  'modelParameters',
  'metadata',
  'promptName',
  'promptVersion',
  'completionStartTime',
  'timeToFirstToken',
  'costDetails',
  'calculatedTotalCost',
  'totalCost',
  'level',
  'statusMessage',
  'version',
  'environment',
];

export const generationSettings = (g: Json): Json => ({
  id: g.id,
  name: g.name,
  ...Object.fromEntries(
    GENERATION_SETTINGS.flatMap((k) => {
      const v = g[k];
      const empty = v === null || v === undefined || (isObject(v) && !Object.keys(v).length) || v === 'DEFAULT';
      return empty ? [] : [[k, v]];
    }),
  ),
});

export const observationSummary = (o: Json) =>
  Object.fromEntries(Object.entries(o).filter(([k, v]) => v !== null && v !== undefined && k !== 'traceId'));

/**
 * Input and output as JSON: the v2 observations endpoint (Langfuse v4) returns them as JSON text
 * where the older endpoints return the value; text that is not JSON stays text.
 */
export function withJsonIo(value: Json): Json {
  const out = { ...value };
  for (const key of ['input', 'output'] as const) {
    const io = out[key];
    if (typeof io !== 'string' || !/^\s*[[{]/.test(io)) continue;
    try {
      out[key] = JSON.parse(io) as unknown;
    } catch {
      // Text that merely starts like JSON: kept as the text it is.
    }
  }
  return out;
}
