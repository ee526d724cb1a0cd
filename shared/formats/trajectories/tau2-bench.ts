/**
 * τ²-bench (sierra-research/tau2-bench, read at a2c0247, 2026-08-18, and its first release 37199f3,
 * 2025-06-10): `data_model/simulation.py` `Results.save()` writes either one JSON document
 * `{timestamp, info, tasks, simulations}` (the "json" layout, `data/simulations/*.json`) or, since
 * 1.0 (the "dir" layout), a `results.json` without simulations beside `simulations/<id>.json`, one
 * `SimulationRun` each. Both are read: a document's simulations are records that keep its info
 * (agent, user and domain) and their own task; a lone simulation file is one record.
 *
 * Messages (`data_model/message.py`) are τ²'s own: tool calls `{id, name, arguments, requestor}`,
 * tool results `{role: "tool", id, content, requestor, error}` answering a call by its id. In the
 * telecom domains the simulated user calls tools of its own (`requestor: "user"`): those calls stay
 * on its user turns, their results answer them by id. A full-duplex (voice) run keeps `ticks`
 * instead of messages; their chunks are merged into turns as `SimulationRun.get_messages()` does.
 */
import type { Outcome, ToolCall, Turn } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';

type Json = Record<string, unknown>;

const ROLES: Record<string, Turn['role']> = { system: 'system', user: 'user', assistant: 'assistant', tool: 'tool' };

/** Message fields read into a turn, or that carry nothing to import (bookkeeping, audio, voice effects). */
const READ_FIELDS = new Set(['role', 'content', 'tool_calls', 'id', 'usage', 'raw_data', 'generation_time_seconds']);
const QUIET_FIELDS = new Set([
  'turn_idx',
  'timestamp',
  'cost',
  'requestor',
  'error',
  'is_audio',
  'audio_format',
  'audio_content',
  'audio_path',
  'audio_script_gold',
  'speech_effects',
  'source_effects',
  'channel_effects',
  'turn_taking_action',
  'utterance_ids',
  'chunk_id',
  'is_final_chunk',
  'source',
  'contains_speech',
]);

const USER_TOOLS_NOTE =
  'τ²-bench\'s simulated user calls tools of its own (requestor "user"): those calls are on its user turns, their results answer them by id';
const NO_TOOLS_NOTE =
  'τ²-bench results declare no tools unless run with tool info (info.environment_info.tool_defs): calls are checked against the graph only';

/** The messages of a full-duplex run: each tick's chunks and tool traffic, a speaker's chunks merged into one turn. */
function tickMessages(ticks: unknown[]): Json[] {
  const messages: Json[] = [];
  const chunkOf = (message: Json, chunk: Json) => {
    const last = messages.at(-1);
    const text = typeof chunk.content === 'string' ? chunk.content : '';
    const ids = Array.isArray(chunk.utterance_ids) ? chunk.utterance_ids : [];
    if (last && last.role === message.role && !last.tool_calls && !message.tool_calls && last.chunked) {
      // A new utterance gets a space, as merge_message_chunks spaces them.
      const before = Array.isArray(last.utterance_ids) ? (last.utterance_ids as unknown[]) : [];
      const apart = ids.length > 0 && before.length > 0 && !ids.some((id) => before.includes(id));
      last.content = `${String(last.content ?? '')}${apart && last.content && text ? ' ' : ''}${text}`;
      last.utterance_ids = ids;
      return;
    }
    messages.push({ ...message, content: text, utterance_ids: ids, chunked: !message.tool_calls });
  };
  for (const tick of ticks) {
    if (!isObject(tick)) continue;
    for (const speaker of ['agent', 'user'] as const) {
      const chunk = isObject(tick[`${speaker}_chunk`]) ? (tick[`${speaker}_chunk`] as Json) : null;
      const calls = Array.isArray(tick[`${speaker}_tool_calls`]) ? (tick[`${speaker}_tool_calls`] as unknown[]) : [];
      const role = speaker === 'agent' ? 'assistant' : 'user';
      if ((chunk && typeof chunk.content === 'string' && chunk.content) || calls.length)
        chunkOf({ role, ...(calls.length ? { tool_calls: calls } : {}) }, chunk ?? {});
      const results = tick[`${speaker}_tool_results`];
      if (Array.isArray(results)) messages.push(...results.filter(isObject));
    }
  }
  return messages.map(({ chunked: _, utterance_ids: __, ...m }) => m);
}

/** What a run's turns need besides the turns: the calls' ids by requestor, the failed results, the unread fields. */
interface Reading {
  turns: Turn[];
  ignored: string[];
  userCalls: string[];
  /** Results the simulation marked `error: true`, by call id, as the checks read `tool_errors`. */
  toolErrors: { tool_call_id: string; error: string }[];
  /** Calls not answered yet, for a result whose id is empty (ToolCall.id defaults to ""). */
  open: string[];
}

function callsOf(raw: unknown, at: string, reading: Reading): ToolCall[] {
  if (!Array.isArray(raw)) return [];
  return raw.map((c, j) => {
    if (!isObject(c) || typeof c.name !== 'string') throw new RecordError(`${at}.tool_calls[${j}] has no tool name`);
    const id = typeof c.id === 'string' && c.id ? c.id : `${at}.tool_calls[${j}]`;
    if (c.requestor === 'user') reading.userCalls.push(id);
    return { id, name: c.name, args: c.arguments ?? {} };
  });
}

function readMessage(m: unknown, i: number, reading: Reading): void {
  const at = `messages[${i}]`;
  if (!isObject(m)) throw new RecordError(`message ${i + 1} is not an object`);
  if (m.role === 'tool' && Array.isArray(m.tool_messages)) {
    // A MultiToolMessage: the results of several calls made together.
    m.tool_messages.forEach((t) => readMessage(t, i, reading));
    return;
  }
  const role = typeof m.role === 'string' ? ROLES[m.role] : undefined;
  if (!role)
    throw new RecordError(
      `message ${i + 1} has role ${JSON.stringify(m.role)}; expected system, user, assistant or tool`,
    );
  for (const [key, value] of Object.entries(m))
    if (!READ_FIELDS.has(key) && !QUIET_FIELDS.has(key) && value !== null) reading.ignored.push(`${at}.${key}`);
  const content = typeof m.content === 'string' ? m.content : undefined;
  if (role === 'tool') {
    const id = typeof m.id === 'string' && m.id ? m.id : reading.open[0];
    reading.open = reading.open.filter((o) => o !== id);
    if (m.error === true && id) reading.toolErrors.push({ tool_call_id: id, error: content ?? '' });
    reading.turns.push({ role, content: content ?? '', ...(id ? { toolCallId: id } : {}) });
    return;
  }
  const turn: Turn = { role };
  const calls = callsOf(m.tool_calls, at, reading);
  if (content || (content !== undefined && !calls.length)) turn.content = content;
  // litellm keeps a reasoning model's thinking in the raw response only.
  const raw = isObject(m.raw_data) && isObject(m.raw_data.message) ? m.raw_data.message : {};
  if (typeof raw.reasoning_content === 'string' && raw.reasoning_content) turn.thought = raw.reasoning_content;
  if (calls.length) {
    turn.toolCalls = calls;
    reading.open = calls.map((c) => c.id);
  }
  const usage = isObject(m.usage) ? m.usage : {};
  if (typeof usage.prompt_tokens === 'number' && typeof usage.completion_tokens === 'number')
    turn.tokens = { prompt: usage.prompt_tokens, completion: usage.completion_tokens };
  if (typeof m.generation_time_seconds === 'number')
    turn.timing = { durationMs: Math.round(m.generation_time_seconds * 1000) };
  reading.turns.push(turn);
}

function outcomeOf(record: Json): Outcome | undefined {
  const reward = isObject(record.reward_info) ? record.reward_info.reward : undefined;
  if (typeof reward === 'number')
    return { status: Math.abs(reward - 1) <= 1e-6 ? 'success' : 'failure', by: 'tau2-bench reward', value: reward };
  // Not evaluated (or evaluation failed): how the simulation ended is all there is.
  return typeof record.termination_reason === 'string'
    ? { status: 'unknown', by: 'tau2-bench termination_reason', value: record.termination_reason }
    : undefined;
}

/** The task as the user simulator was told it, and the calls its evaluation expects (`Task`). */
function taskMetadata(task: unknown): Json {
  if (!isObject(task)) return {};
  const scenario = isObject(task.user_scenario) ? task.user_scenario : {};
  const description = isObject(task.description) ? task.description : {};
  const criteria = isObject(task.evaluation_criteria) ? task.evaluation_criteria : {};
  const expected = Array.isArray(criteria.actions)
    ? criteria.actions.flatMap((a) =>
        isObject(a) && typeof a.name === 'string'
          ? [{ name: a.name, args: a.arguments ?? {}, ...(a.requestor === 'user' ? { requestor: 'user' } : {}) }]
          : [],
      )
    : [];
  return {
    ...(scenario.instructions !== undefined ? { task: scenario.instructions } : {}),
    ...(typeof description.purpose === 'string' ? { task_purpose: description.purpose } : {}),
    ...(expected.length ? { expected_calls: expected } : {}),
  };
}

/** Tool signatures (`ToolSignature`: name, doc, params) as declared tools. */
function declaredOf(...defs: unknown[]): ParsedRecord['tools'] {
  return defs.flatMap((d) =>
    isObject(d)
      ? Object.values(d).flatMap((t) =>
          isObject(t) && typeof t.name === 'string'
            ? [{ name: t.name, description: String(t.doc ?? ''), parameters: isObject(t.params) ? t.params : {} }]
            : [],
        )
      : [],
  );
}

/** One SimulationRun: its messages (or ticks) as turns, its reward as the outcome. */
export function fromTau2Bench(record: Json, shared?: Json): ParsedRecord {
  const messages = Array.isArray(record.messages)
    ? record.messages
    : Array.isArray(record.ticks)
      ? tickMessages(record.ticks)
      : [];
  if (!messages.length)
    throw new RecordError(
      Array.isArray(record.ticks)
        ? `simulation ${String(record.id)}: its ${record.ticks.length} ticks hold no text and no tool call (a voice run's audio is not imported)`
        : `simulation ${String(record.id)} has no messages`,
    );
  const reading: Reading = { turns: [], ignored: [], userCalls: [], toolErrors: [], open: [] };
  messages.forEach((m, i) => readMessage(m, i, reading));
  const tools = declaredOf(record.tool_defs, record.user_tool_defs);
  const outcome = outcomeOf(record);
  return {
    turns: reading.turns,
    tools,
    ignored: Array.isArray(record.messages) ? reading.ignored : [],
    ...(outcome ? { outcome } : {}),
    metadata: {
      harness: 'tau2-bench',
      task_id: record.task_id,
      ...(shared?.model ? { model: shared.model } : {}),
      ...taskMetadata(record.task),
      ...(reading.userCalls.length ? { user_tool_calls: reading.userCalls } : {}),
      ...(reading.toolErrors.length ? { tool_errors: reading.toolErrors } : {}),
    },
    notes: [...(reading.userCalls.length ? [USER_TOOLS_NOTE] : []), ...(tools.length ? [] : [NO_TOOLS_NOTE])],
  };
}

/** What every simulation of a results document keeps of its `info`: the domain, the agent, the user. */
function resultsShare(document: Json): Json {
  const info = isObject(document.info) ? document.info : {};
  const agent = isObject(info.agent_info) ? info.agent_info : {};
  const user = isObject(info.user_info) ? info.user_info : {};
  const environment = isObject(info.environment_info) ? info.environment_info : {};
  const share: Json = {
    domain: environment.domain_name,
    model: agent.llm,
    agent_implementation: agent.implementation,
    agent_llm_args: agent.llm_args,
    user_model: user.llm,
    user_implementation: user.implementation,
    tau2_git_commit: info.git_commit,
    results_timestamp: document.timestamp,
  };
  return Object.fromEntries(Object.entries(share).filter(([, v]) => v !== undefined && v !== null));
}

/** A results document's simulations, each with its own task and the tools the environment declared. */
function simulationsOf(document: Json): unknown[] {
  const tasks = new Map(
    (Array.isArray(document.tasks) ? document.tasks : []).flatMap((t) => (isObject(t) ? [[String(t.id), t]] : [])),
  );
  const environment =
    isObject(document.info) && isObject(document.info.environment_info) ? document.info.environment_info : {};
  const simulations = Array.isArray(document.simulations) ? document.simulations : [];
  return simulations.map((s) =>
    isObject(s)
      ? {
          ...s,
          task: tasks.get(String(s.task_id)),
          ...(environment.tool_defs ? { tool_defs: environment.tool_defs } : {}),
          ...(environment.user_tool_defs ? { user_tool_defs: environment.user_tool_defs } : {}),
        }
      : s,
  );
}

/** A results document; in the dir layout its simulations are files of their own, so it may hold none. */
const isResults = (document: Json) =>
  Array.isArray(document.tasks) &&
  isObject(document.info) &&
  'git_commit' in document.info &&
  (document.simulations === undefined || Array.isArray(document.simulations));

export const tau2BenchFormat = defineFormat({
  id: 'tau2-bench',
  label: 'τ²-bench results',
  recognisedBy:
    'a results file\'s "info", "tasks" and "simulations"; a simulation\'s "termination_reason" and "messages" or "ticks"',
  versions:
    "sierra-research/tau2-bench 37199f3 (2025-06-10) to a2c0247 (2026-08-18): Results .json, the dir layout's simulations/<id>.json, full-duplex ticks",
  detect: (record) =>
    (Array.isArray(record.messages) || Array.isArray(record.ticks)) &&
    'termination_reason' in record &&
    'task_id' in record,
  parse: fromTau2Bench,
  turnFields: ['messages', 'ticks', 'task', 'tool_defs', 'user_tool_defs'],
  kept: [
    'id',
    'task_id',
    'trial',
    'seed',
    'timestamp',
    'start_time',
    'end_time',
    'duration',
    'termination_reason',
    'agent_cost',
    'user_cost',
    'agent_usage',
    'reward_info',
    'mode',
    'info',
    'review',
    'user_only_review',
    'auth_classification',
    'hallucination_retries_used',
    'hallucination_check',
    'policy',
    'speech_environment',
    'effect_timeline',
    'provider_session_id',
  ],
  container: {
    recordsIn: (document) =>
      isResults(document) ? { records: simulationsOf(document), shared: resultsShare(document) } : null,
  },
});
