// Read from OpenHands/software-agent-sdk at 611629e6999ad398dc49c761721eefe18d5e6bd9 (v1.9.1+, 2026-08-22):
// openhands-sdk/openhands/sdk/event/ (base.py: Event and events_to_messages, which joins the actions of
// one LLM response; llm_convertible/action.py, message.py, observation.py (ObservationEvent,
// UserRejectObservation, AgentErrorEvent), system.py; condenser.py, conversation_state.py,
// conversation_error.py, user_action.py, acp_tool_call.py, hook_execution.py, token.py,
// streaming_delta.py, llm_completion_log.py), llm/message.py (Message, MessageToolCall, content parts),
// tool/schema.py (Observation.to_llm_content and its error header), tools/terminal/definition.py (what a
// command's observation shows), conversation/event_store.py (events/event-NNNNN-<id>.json, one event
// each, model_dump_json(exclude_none=True)); and the history of system.py (tools as OpenAI tool params
// before 2025-12-18) and tool/schema.py (observations with `output`/`error` before 2025-11-05).
import type { Outcome, TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';
import { declaredToolsOf, turnsFromMessages } from '../messages';
import { defineFormat } from './descriptor';
import { benchmarkVerdict } from './openhands';
import {
  chatCall,
  chatParts,
  ERROR_HEADER,
  observationText,
  partsText,
  text,
  thoughtFields,
  toolDefinitions,
} from './openhands-v1-content';
import { RecordError, type ParsedRecord } from './records';

type Event = Record<string, unknown>;
type ChatMessage = Record<string, unknown>;

/** The event kinds the SDK writes (its `kind` discriminator, the class name). */
const KINDS = new Set([
  'SystemPromptEvent',
  'MessageEvent',
  'ActionEvent',
  'ObservationEvent',
  'UserRejectObservation',
  'AgentErrorEvent',
  'Condensation',
  'CondensationRequest',
  'CondensationSummaryEvent',
  'ConversationStateUpdateEvent',
  'ConversationErrorEvent',
  'PauseEvent',
  'InterruptEvent',
  'ACPToolCallEvent',
  'HookExecutionEvent',
  'LLMCompletionLogEvent',
  'TokenEvent',
  'StreamingDeltaEvent',
]);

/** Events that repeat what the turns hold (token ids, streamed pieces, raw completion logs) or only ask for something. */
const REPEATS = new Set(['TokenEvent', 'StreamingDeltaEvent', 'LLMCompletionLogEvent', 'CondensationRequest']);

/** Execution statuses that end a conversation without its work done. */
const FAILED_STATUSES = new Set(['error', 'stuck']);

const TOOL_SCHEMAS_NOTE =
  'OpenHands V1 system prompt events name their tools without parameter schemas (the action type is a class name): the tools are declared with empty parameters.';
const CONDENSATION_NOTE =
  "OpenHands V1 condensations are kept in metadata: every event stays a turn, including those a condensation's summary replaced for the model.";
const TERMINAL_NOTE =
  "OpenHands V1 terminal results are read as the agent was shown them: the output with the shell's working directory and exit code after it.";

export const isOpenHandsV1Event = (value: unknown): value is Event =>
  isObject(value) &&
  typeof value.kind === 'string' &&
  KINDS.has(value.kind) &&
  typeof value.id === 'string' &&
  typeof value.source === 'string';

interface Reading {
  list: ChatMessage[];
  /** The event each message of `list` came from, for its time. */
  from: Event[];
  ignored: string[];
  notes: Set<string>;
  metadata: TrajectoryMetadata;
  tools: ParsedRecord['tools'];
  status?: string;
  error?: { code: unknown; detail: unknown };
  finished?: boolean;
}

const listOf = (metadata: TrajectoryMetadata, key: string) => (metadata[key] ??= []) as unknown[];

function push(reading: Reading, message: ChatMessage, event: Event) {
  reading.list.push(message);
  reading.from.push(event);
}

/** The actions of one LLM response (parallel calls), as events_to_messages joins them: one assistant message. */
function readActions(actions: Event[], reading: Reading): void {
  const first = actions[0]!;
  push(
    reading,
    {
      role: 'assistant',
      content: chatParts(first.thought),
      ...thoughtFields(first),
      tool_calls: actions.map((a) => chatCall(a.tool_call, a)),
    },
    first,
  );
  for (const a of actions) {
    if (a.tool_name === 'finish') reading.finished = true;
    if (isObject(a.critic_result)) listOf(reading.metadata, 'critic_results').push({ event: a.id, ...a.critic_result });
  }
}

function shownObservation(observation: unknown, reading: Reading): string {
  const { shown, terminal } = observationText(observation);
  if (terminal) reading.notes.add(TERMINAL_NOTE);
  return shown;
}

function readSystemPrompt(event: Event, reading: Reading): void {
  const parts = [event.system_prompt, event.dynamic_context].filter(isObject);
  push(reading, { role: 'system', content: chatParts(parts) }, event);
  const tools = Array.isArray(event.tools) ? event.tools : [];
  const declared = declaredToolsOf(tools);
  if (!declared.length && tools.length) {
    declared.push(...toolDefinitions(tools));
    if (declared.length) reading.notes.add(TOOL_SCHEMAS_NOTE);
  }
  reading.tools.push(...declared);
}

function readMessageEvent(event: Event, at: string, reading: Reading): void {
  const m = isObject(event.llm_message) ? event.llm_message : undefined;
  if (!m) {
    reading.ignored.push(`${at}.llm_message`);
    return;
  }
  const role = typeof m.role === 'string' ? m.role : event.source === 'user' ? 'user' : 'assistant';
  const content = [...chatParts(m.content), ...chatParts(event.extended_content)];
  push(
    reading,
    {
      role,
      content,
      ...thoughtFields(m),
      ...(Array.isArray(m.tool_calls) && m.tool_calls.length
        ? { tool_calls: m.tool_calls.map((c) => chatCall(c, event)) }
        : {}),
      ...(typeof m.tool_call_id === 'string' ? { tool_call_id: m.tool_call_id } : {}),
    },
    event,
  );
  if (Array.isArray(event.activated_skills) && event.activated_skills.length)
    listOf(reading.metadata, 'activated_skills').push(...event.activated_skills);
  if (typeof event.sender === 'string') listOf(reading.metadata, 'senders').push(event.sender);
}

/** An ACP agent's tool call (a sub-agent's, reported whole): a call and, once it has output, its result. */
function readAcpCall(event: Event, reading: Reading): void {
  const id = text(event.tool_call_id);
  const name = text(event.title) || text(event.tool_kind) || 'tool';
  const known = reading.list.findIndex((m) => m.role === 'tool' && m.tool_call_id === id);
  const output = Array.isArray(event.content) ? partsText(event.content) : JSON.stringify(event.raw_output ?? '');
  const result = { role: 'tool', tool_call_id: id, content: event.is_error ? `${ERROR_HEADER}${output}` : output };
  if (known >= 0) {
    reading.list[known] = result;
    return;
  }
  const call = { id, type: 'function', function: { name, arguments: event.raw_input ?? {} } };
  push(reading, { role: 'assistant', content: null, tool_calls: [call] }, event);
  push(reading, result, event);
}

function readState(event: Event, reading: Reading): void {
  const value = event.value;
  const state = event.key === 'full_state' && isObject(value) ? value : undefined;
  const status = event.key === 'execution_status' ? value : state?.execution_status;
  if (typeof status === 'string') reading.status = status;
  const agent = state && isObject(state.agent) ? state.agent : undefined;
  const llm = agent && isObject(agent.llm) ? agent.llm : undefined;
  if (typeof llm?.model === 'string') reading.metadata.model ??= llm.model;
  if (event.key === 'stats' && isObject(value)) {
    reading.metadata.stats = value;
    const usage = isObject(value.usage_to_metrics) ? Object.values(value.usage_to_metrics) : [];
    const first = usage.find((u) => isObject(u) && typeof u.model_name === 'string');
    if (isObject(first)) reading.metadata.model ??= first.model_name;
  }
}

function readEvent(event: Event, at: string, reading: Reading): void {
  switch (event.kind) {
    case 'SystemPromptEvent':
      return readSystemPrompt(event, reading);
    case 'MessageEvent':
      return readMessageEvent(event, at, reading);
    case 'ObservationEvent':
      return push(
        reading,
        { role: 'tool', tool_call_id: event.tool_call_id, content: shownObservation(event.observation, reading) },
        event,
      );
    case 'UserRejectObservation':
      return push(
        reading,
        { role: 'tool', tool_call_id: event.tool_call_id, content: `Action rejected: ${text(event.rejection_reason)}` },
        event,
      );
    case 'AgentErrorEvent':
      return push(reading, { role: 'tool', tool_call_id: event.tool_call_id, content: text(event.error) }, event);
    case 'CondensationSummaryEvent':
      return push(reading, { role: 'user', content: text(event.summary) }, event);
    case 'Condensation':
      reading.notes.add(CONDENSATION_NOTE);
      listOf(reading.metadata, 'condensations').push(event);
      return;
    case 'ConversationStateUpdateEvent':
      return readState(event, reading);
    case 'ConversationErrorEvent':
      reading.error = { code: event.code, detail: event.detail };
      listOf(reading.metadata, 'conversation_errors').push(event);
      return;
    case 'PauseEvent':
    case 'InterruptEvent':
      listOf(reading.metadata, 'interruptions').push({ kind: event.kind, timestamp: event.timestamp });
      return;
    case 'HookExecutionEvent':
      listOf(reading.metadata, 'hooks').push(event);
      return;
    case 'ACPToolCallEvent':
      return readAcpCall(event, reading);
    default:
      if (REPEATS.has(event.kind as string)) return;
      reading.ignored.push(`${at} (a ${String(event.kind)})`);
      listOf(reading.metadata, 'unread_events').push(event);
  }
}

/** A result's time: from its action event's timestamp to its observation's. */
function timeResults(turns: Turn[], reading: Reading): void {
  const asked = new Map<string, string>();
  reading.list.forEach((m, i) => {
    for (const c of Array.isArray(m.tool_calls) ? m.tool_calls : [])
      if (isObject(c) && typeof c.id === 'string') asked.set(c.id, text(reading.from[i]!.timestamp));
  });
  const done = new Map<string, string>();
  reading.list.forEach((m, i) => {
    if (m.role === 'tool' && typeof m.tool_call_id === 'string')
      done.set(m.tool_call_id, text(reading.from[i]!.timestamp));
  });
  for (const turn of turns) {
    if (turn.role !== 'tool' || !turn.toolCallId) continue;
    const from = asked.get(turn.toolCallId);
    const start = from ? Date.parse(from) : NaN;
    const end = Date.parse(done.get(turn.toolCallId) ?? '');
    if (end >= start) turn.timing = { startedAt: from!, durationMs: end - start };
  }
}

/**
 * OpenHands records no grade: a conversation error, or an execution status of error or stuck, is
 * a failure; a finished conversation (or one whose agent called finish) leaves the outcome unknown.
 */
function conversationOutcome(record: Record<string, unknown>, reading: Reading): Outcome | undefined {
  const verdict = benchmarkVerdict(record);
  if (verdict) return verdict;
  if (typeof record.error === 'string' && record.error)
    return { status: 'failure', by: 'OpenHands error', value: record.error };
  if (reading.error)
    return { status: 'failure', by: 'OpenHands conversation error', value: text(reading.error.code) || null };
  if (reading.status)
    return {
      status: FAILED_STATUSES.has(reading.status) ? 'failure' : 'unknown',
      by: 'OpenHands execution status',
      value: reading.status,
    };
  if (reading.finished) return { status: 'unknown', by: 'OpenHands finish action', value: null };
  return undefined;
}

/**
 * An OpenHands V1 conversation (the software-agent-sdk): its events in order, from an events.jsonl,
 * a JSON array of events, the agent server's event search page (`{items}`), or the `history` of
 * an evaluation's output.jsonl record (OpenHands/benchmarks EvalOutput). The actions of one LLM
 * response are one assistant message with their calls; observations, rejections and agent errors
 * answer them by `tool_call_id`; the messages then go to the message layer.
 */
export function fromOpenHandsV1(record: Record<string, unknown>): ParsedRecord {
  const events = Array.isArray(record.events) ? record.events : record.history;
  if (!Array.isArray(events)) throw new RecordError('no "events" or "history": not an OpenHands conversation');
  const at = Array.isArray(record.events) ? 'events' : 'history';
  const reading: Reading = {
    list: [],
    from: [],
    ignored: [],
    notes: new Set(),
    metadata: { harness: 'openhands' },
    tools: [],
  };
  if (typeof record.instance_id === 'string') reading.metadata.task_id = record.instance_id;
  const configured = isObject(record.metadata) && isObject(record.metadata.llm) ? record.metadata.llm.model : undefined;
  if (typeof configured === 'string') reading.metadata.model = configured;
  for (let i = 0; i < events.length;) {
    const event = events[i];
    if (!isOpenHandsV1Event(event)) {
      reading.ignored.push(`${at}[${i}]`);
      i += 1;
      continue;
    }
    if (event.kind !== 'ActionEvent') {
      readEvent(event, `${at}[${i}]`, reading);
      i += 1;
      continue;
    }
    const batch = [event];
    for (i += 1; i < events.length; i += 1) {
      const next = events[i];
      if (!isOpenHandsV1Event(next) || next.kind !== 'ActionEvent' || next.llm_response_id !== event.llm_response_id)
        break;
      batch.push(next);
    }
    readActions(batch, reading);
  }
  const read = turnsFromMessages(reading.list, { shape: 'openai-chat' });
  if (!read.turns.length) throw new RecordError('the events hold no messages, actions or observations');
  timeResults(read.turns, reading);
  if (reading.status) reading.metadata.execution_status = reading.status;
  const outcome = conversationOutcome(record, reading);
  return {
    turns: read.turns,
    tools: reading.tools,
    ignored: [...reading.ignored, ...read.ignored.map((path) => `messages${path}`)],
    ...(outcome ? { outcome } : {}),
    metadata: reading.metadata,
    notes: [...reading.notes, ...read.notes],
  };
}

export const openhandsV1Format = defineFormat({
  id: 'openhands-v1',
  label: 'OpenHands V1 conversation',
  recognisedBy:
    'events with "kind" (ActionEvent, ObservationEvent, MessageEvent…), "id" and "source": JSON Lines, a JSON array, {"items"}, or an output.jsonl "history"',
  versions:
    'OpenHands software-agent-sdk 1.x events (611629e, v1.9.1+; tools as OpenAI params before 2025-12-18, observations with output/error before 2025-11-05); OpenHands/benchmarks output.jsonl (4e5469e, EvalOutput)',
  detect: (record) =>
    (Array.isArray(record.events) && record.events.some(isOpenHandsV1Event)) ||
    (Array.isArray(record.history) && isOpenHandsV1Event(record.history[0])),
  parse: (record) => fromOpenHandsV1(record),
  turnFields: ['events', 'history'],
  kept: [
    'instance_id',
    'attempt',
    'instruction',
    'instance',
    'test_result',
    'metadata',
    'metrics',
    'error',
    'report',
    'runtime_runs',
  ],
  container: {
    events: { detect: isOpenHandsV1Event, record: (events) => ({ events }) },
    // The agent server's event search answers a page of one conversation's events.
    recordsIn: (document) =>
      Array.isArray(document.items) && isOpenHandsV1Event(document.items[0])
        ? { records: [{ events: document.items }], shared: {} }
        : null,
  },
});
