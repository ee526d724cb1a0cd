import type { DeclaredTool, Outcome, TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';
import { declaredToolsOf, turnsFromMessages } from '../messages';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';
import {
  asText,
  isVerdictName,
  placeToolResults,
  readModelCalls,
  responseMessages,
  timingOf,
  verdictOutcome,
  type ToolExecutionResult,
} from './trace-calls';

type Json = Record<string, unknown>;

/** The record the runs of one trace make. */
const RUNS_KEY = 'langsmith_runs';

/** A run as `Client.list_runs`, `read_run` and the UI's export write it (langsmith `schemas.Run`). */
const isRun = (value: unknown): value is Json =>
  isObject(value) &&
  typeof value.run_type === 'string' &&
  (typeof value.id === 'string' || typeof value.name === 'string') &&
  ('inputs' in value || 'outputs' in value) &&
  ('trace_id' in value || 'dotted_order' in value || 'parent_run_id' in value || 'start_time' in value);

/** A run and the child runs nested in it (`read_run(load_child_runs=True)`), as one list. */
function flatten(run: Json): Json[] {
  const children = Array.isArray(run.child_runs) ? run.child_runs.filter(isRun) : [];
  return [withJsonFields(run), ...children.flatMap(flatten)];
}

/** Fields a bulk export (Parquet, CSV made JSON) writes as JSON text. */
const JSON_FIELDS = ['inputs', 'outputs', 'extra', 'feedback_stats', 'events', 'serialized', 'tags'] as const;

/** A run whose JSON fields arrived as JSON text, with them as JSON. */
function withJsonFields(run: Json): Json {
  const out = { ...run };
  for (const key of JSON_FIELDS) {
    const value = out[key];
    if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) continue;
    try {
      out[key] = JSON.parse(value) as unknown;
    } catch {
      // Text that only starts like JSON stays the text it is.
    }
  }
  return out;
}

/** The trace a run belongs to: its `trace_id`, else the first run id of its dotted order, else its own id. */
function traceOf(run: Json): string {
  if (typeof run.trace_id === 'string') return run.trace_id;
  const first = typeof run.dotted_order === 'string' ? /^\d{8}T\d+Z(.{36})/.exec(run.dotted_order)?.[1] : undefined;
  return first ?? String(run.id);
}

/** Execution order: the dotted order (start time and ids down the tree), else the start time. */
const orderKey = (run: Json) => String(run.dotted_order ?? run.start_time ?? '');

/** An llm run's messages: `{messages: [[…]]}` (LangChain, one batch), `{messages: […]}` (OpenAI-style), or prompts. */
export function inputMessages(inputs: unknown): unknown[] | null {
  if (!isObject(inputs)) return typeof inputs === 'string' ? [{ role: 'user', content: inputs }] : null;
  const messages = inputs.messages ?? inputs.input;
  if (Array.isArray(messages)) return Array.isArray(messages[0]) ? (messages[0] as unknown[]) : messages;
  if (Array.isArray(inputs.prompts)) return inputs.prompts.map((p) => ({ role: 'user', content: asText(p) ?? '' }));
  if (typeof inputs.prompt === 'string') return [{ role: 'user', content: inputs.prompt }];
  return null;
}

/** An llm run's model: LangChain's `ls_model_name`, the call's parameters, or the response's own. */
function modelOf(run: Json): string | undefined {
  const extra = isObject(run.extra) ? run.extra : {};
  const meta = isObject(extra.metadata) ? extra.metadata : {};
  const params = isObject(extra.invocation_params) ? extra.invocation_params : {};
  const outputs = isObject(run.outputs) ? run.outputs : {};
  const llmOutput = isObject(outputs.llm_output) ? outputs.llm_output : {};
  const inputs = isObject(run.inputs) ? run.inputs : {};
  // The model that answered (the response's own name) before the one asked for.
  const found = [
    llmOutput.model_name,
    outputs.model,
    meta.ls_model_name,
    params.model,
    params.model_name,
    inputs.model,
  ];
  return found.find((m): m is string => typeof m === 'string' && m !== '');
}

/** Tokens: the run's own counts, else the response's usage (LangChain `llm_output.token_usage`, OpenAI `usage`). */
function tokensOf(run: Json): Turn['tokens'] | undefined {
  if (typeof run.prompt_tokens === 'number' && typeof run.completion_tokens === 'number' && run.total_tokens !== 0)
    return { prompt: run.prompt_tokens, completion: run.completion_tokens };
  const outputs = isObject(run.outputs) ? run.outputs : {};
  const llmOutput = isObject(outputs.llm_output) ? outputs.llm_output : {};
  const usage = [llmOutput.token_usage, outputs.usage, outputs.usage_metadata].find(isObject);
  if (!usage) return undefined;
  const prompt = usage.prompt_tokens ?? usage.input_tokens;
  const completion = usage.completion_tokens ?? usage.output_tokens;
  return typeof prompt === 'number' && typeof completion === 'number' ? { prompt, completion } : undefined;
}

function toolsOf(run: Json): DeclaredTool[] {
  const extra = isObject(run.extra) ? run.extra : {};
  for (const holder of [extra.invocation_params, run.inputs])
    if (isObject(holder)) {
      const tools = declaredToolsOf(holder.tools ?? holder.functions);
      if (tools.length) return tools;
    }
  return [];
}

/** A tool run's result, with the call it answers where the run says (a ToolMessage output, or the call in its inputs). */
function toolResult(run: Json): ToolExecutionResult {
  const outputs = isObject(run.outputs) ? run.outputs : {};
  const output = 'output' in outputs ? outputs.output : run.outputs;
  const message = isObject(output) && isObject(output.kwargs) ? output.kwargs : isObject(output) ? output : {};
  const inputs = isObject(run.inputs) ? run.inputs : {};
  const extra = isObject(run.extra) ? run.extra : {};
  const meta = isObject(extra.metadata) ? extra.metadata : {};
  const callId = [message.tool_call_id, inputs.tool_call_id, meta.tool_call_id].find((v) => typeof v === 'string');
  const content = callId && 'content' in message ? asText(message.content) : asText(output);
  const timing = timingOf(run.start_time, run.end_time);
  const args = 'input' in inputs && Object.keys(inputs).length === 1 ? inputs.input : run.inputs;
  return {
    name: String(run.name ?? 'tool'),
    ...(typeof callId === 'string' ? { callId } : {}),
    ...(args !== undefined && args !== null ? { args } : {}),
    ...(content !== undefined ? { content } : {}),
    ...(typeof run.error === 'string' && run.error ? { error: run.error } : {}),
    ...(timing ? { timing } : {}),
  };
}

/**
 * The outcome: feedback whose key is a verdict (its mean, as `feedback_stats` gives it), else the
 * root run's error (a run that raised failed); a run that merely finished has no verdict.
 */
function outcomeOf(root: Json): Outcome | undefined {
  const stats = isObject(root.feedback_stats) ? root.feedback_stats : {};
  const key = Object.keys(stats).find(isVerdictName);
  if (key) {
    const stat = stats[key];
    const value = isObject(stat) ? (stat.avg ?? stat.mean ?? stat.value) : stat;
    return verdictOutcome(`LangSmith feedback "${key}"`, value);
  }
  if (typeof root.error === 'string' && root.error)
    return { status: 'failure', by: `LangSmith run "${String(root.name)}" error`, value: root.error };
  return undefined;
}

/** What an llm run's turns do not hold: its call's parameters, its metadata and tags. */
function llmSettings(run: Json): Json {
  const extra = isObject(run.extra) ? run.extra : {};
  const keep = (v: unknown) => v !== undefined && v !== null && !(isObject(v) && !Object.keys(v).length);
  const tags = Array.isArray(run.tags) && run.tags.length ? run.tags : undefined;
  return {
    id: run.id,
    name: run.name,
    ...(keep(extra.invocation_params) ? { invocation_params: extra.invocation_params } : {}),
    ...(keep(extra.metadata) ? { metadata: extra.metadata } : {}),
    ...(tags ? { tags } : {}),
  };
}

const runSummary = (run: Json) =>
  Object.fromEntries(
    ['id', 'name', 'run_type', 'parent_run_id', 'inputs', 'outputs', 'error', 'start_time', 'end_time'].flatMap((k) =>
      run[k] !== undefined && run[k] !== null ? [[k, run[k]]] : [],
    ),
  );

/** The runs of one trace as one trajectory. */
function parseRuns(all: Json[]): ParsedRecord {
  const runs = [...new Map(all.flatMap(flatten).map((r) => [String(r.id ?? r.dotted_order), r])).values()].sort(
    (a, b) => (orderKey(a) < orderKey(b) ? -1 : orderKey(a) > orderKey(b) ? 1 : 0),
  );
  const ids = new Set(runs.map((r) => r.id));
  const root = runs.find((r) => !r.parent_run_id || !ids.has(r.parent_run_id)) ?? runs[0]!;
  const llms = runs.filter((r) => r.run_type === 'llm');
  const unread: Json[] = [];
  const settings: Json[] = [];
  const read = readModelCalls(
    llms.map((run) => {
      const input = inputMessages(run.inputs);
      const output = responseMessages(run.outputs);
      if (!input || !output) unread.push(runSummary(run));
      else settings.push(llmSettings(run));
      const model = modelOf(run);
      const tokens = tokensOf(run);
      const timing = timingOf(run.start_time, run.end_time);
      return {
        at: "an llm run's inputs",
        input,
        output,
        tools: toolsOf(run),
        ...(model ? { model } : {}),
        ...(tokens ? { tokens } : {}),
        ...(timing ? { timing } : {}),
      };
    }),
  );
  const { models, notes, ignored } = read;
  const turns = llms.length ? read.turns : rootTurns(root);
  const toolRuns = runs.filter((r) => r.run_type === 'tool');
  const placed = placeToolResults(turns, toolRuns.map(toolResult));
  for (const n of placed.notes) notes.add(n);
  if (!turns.length) throw new RecordError('a LangSmith trace with no llm run and no inputs or outputs');
  const consumed = new Set([...llms, ...toolRuns]);
  const others = runs.filter((r) => !consumed.has(r) && r !== root).map(runSummary);
  const errors = runs
    .filter((r) => typeof r.error === 'string' && r.error)
    .map((r) => ({ run: String(r.name), error: r.error }));
  const extra = isObject(root.extra) ? root.extra : {};
  const rootMeta = isObject(extra.metadata) ? extra.metadata : undefined;
  const outcome = outcomeOf(root);
  const metadata: TrajectoryMetadata = {
    harness: 'LangSmith',
    ...(models.length ? { model: models.at(-1) } : {}),
    ...(rootMeta && 'task_id' in rootMeta ? { task_id: rootMeta.task_id } : {}),
    trace_id: traceOf(root),
    root_run: String(root.name ?? ''),
    ...(root.run_type !== 'llm' && root.inputs ? { root_inputs: root.inputs } : {}),
    ...(root.run_type !== 'llm' && root.outputs ? { root_outputs: root.outputs } : {}),
    ...(root.session_id ? { session_id: root.session_id } : {}),
    ...(root.reference_example_id ? { reference_example_id: root.reference_example_id } : {}),
    ...(Array.isArray(root.tags) && root.tags.length ? { tags: root.tags } : {}),
    ...(rootMeta ? { run_metadata: rootMeta } : {}),
    ...(isObject(root.feedback_stats) ? { feedback_stats: root.feedback_stats } : {}),
    ...(root.status ? { status: root.status } : {}),
    ...(read.usage ? { usage: read.usage } : {}),
    ...(typeof root.total_cost === 'number' || typeof root.total_cost === 'string'
      ? { total_cost: root.total_cost }
      : {}),
    ...(errors.length ? { errors } : {}),
    ...(placed.errors.length ? { tool_errors: placed.errors } : {}),
    ...(settings.some((r) => Object.keys(r).length > 2) ? { llm_runs: settings } : {}),
    ...(unread.length ? { llm_runs_not_read: unread } : {}),
    ...(others.length ? { runs: others } : {}),
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

/** A trace with no llm run (a traced function alone): its root run's inputs and outputs, as text. */
function rootTurns(root: Json): Turn[] {
  const input = inputMessages(root.inputs);
  const read = input ? turnsFromMessages(input).turns : [];
  const asked = read.length ? read : [{ role: 'user' as const, content: asText(root.inputs) ?? '' }];
  const output = responseMessages(
    isObject(root.outputs) && 'output' in root.outputs ? root.outputs.output : root.outputs,
  );
  const answered = output ? turnsFromMessages(output).turns : [];
  return [...asked, ...answered].filter((t) => t.content || t.toolCalls?.length);
}

/**
 * An update the SDK sends when a run ends (`outputs`, `end_time`, `error`), apart from the run it
 * created: no `run_type`, but the run's `trace_id` and `dotted_order` (and, but for the JS SDK's
 * recorded patches, its `id`).
 */
const isRunUpdate = (value: unknown): value is Json =>
  isObject(value) &&
  !('run_type' in value) &&
  typeof value.trace_id === 'string' &&
  typeof value.dotted_order === 'string' &&
  ('outputs' in value || 'end_time' in value || 'error' in value);

/** Runs with each update laid over the run it ends (found by id, else by dotted order), in the order runs came. */
function withUpdates(parts: unknown[]): { run: Json; part: number }[] {
  const runs: { run: Json; part: number }[] = [];
  parts.forEach((part, i) => {
    if (isRun(part)) for (const run of flatten(part)) runs.push({ run, part: i });
  });
  // An update may come before the run it ends (a buffer flushed out of order): all runs are known first.
  for (const part of parts.filter(isRunUpdate)) {
    const update = withJsonFields(part);
    const target = runs.find(({ run }) =>
      update.id !== undefined ? run.id === update.id : run.dotted_order === update.dotted_order,
    );
    if (target) target.run = { ...target.run, ...update };
  }
  return runs;
}

/** The runs of a batch the SDK sends (`{post: […], patch: […]}`, as `/runs/batch` takes them and the SDK's own tests record them). */
const batchRuns = (document: Json): unknown[] | undefined =>
  Array.isArray(document.post)
    ? [...document.post, ...(Array.isArray(document.patch) ? document.patch : [])]
    : undefined;

/** Runs of many traces (and the updates that end them), one record per trace, in the order traces first appear. */
function groupRuns(parts: unknown[]) {
  const byTrace = new Map<string, { runs: Json[]; first: number }>();
  for (const { run, part } of withUpdates(parts)) {
    const trace = traceOf(run);
    const group = byTrace.get(trace);
    if (group) group.runs.push(run);
    else byTrace.set(trace, { runs: [run], first: part });
  }
  return [...byTrace.values()].map((g) => ({ record: { [RUNS_KEY]: g.runs }, first: g.first }));
}

/**
 * LangSmith runs: `Client.list_runs` or the UI's export dumped to JSON or JSON Lines, a run with
 * its `child_runs`, a page of them (`{runs: […]}`), a batch the SDK sends (`{post, patch}`), or
 * the SDK's create and update operations one per line (an update lays its outputs over its run).
 * Runs are grouped by trace and ordered by their dotted order: llm runs give the conversation,
 * tool runs the results, verdict feedback (or the root run's error) the outcome.
 */
export const langsmithFormat = defineFormat({
  id: 'langsmith',
  label: 'LangSmith runs',
  recognisedBy: '"run_type" with "inputs" or "outputs"',
  versions:
    'langsmith SDK schemas.Run (Python 0.1–0.4, JS): LangChain llm runs ({messages: [[…]]} in, {generations} out), wrap_openai runs (OpenAI Chat in and out), tool runs, nested child_runs',
  detect: (record) => Array.isArray(record[RUNS_KEY]) || isRun(record) || isRunUpdate(record),
  parse: (record) => {
    const runs = Array.isArray(record[RUNS_KEY]) ? record[RUNS_KEY].filter(isObject) : [record];
    if (!runs.length) throw new RecordError('holds no runs');
    return parseRuns(runs);
  },
  turnFields: [RUNS_KEY],
  container: {
    recordsIn(document) {
      const runs = Array.isArray(document.runs) ? document.runs : batchRuns(document);
      if (!runs?.some(isRun) || !runs.every((r) => isRun(r) || isRunUpdate(r))) return null;
      const shared = Object.fromEntries(
        Object.entries(document).filter(([key]) => !['runs', 'post', 'patch'].includes(key)),
      );
      return { records: groupRuns(runs).map((g) => g.record), shared };
    },
    parts: {
      detect: (record) => isRun(record) || isRunUpdate(record),
      group: (parts) => ({ records: groupRuns(parts), problems: [] }),
    },
  },
});
