// Read from All-Hands-AI/OpenHands at 156d0686c46aafb0fa9d291da6421fb6f64dddc0 (0.62.0, 2025-11-28):
// openhands/events/serialization/event.py (event_to_dict, event_to_trajectory), openhands/events/action/*.py
// and observation/*.py (the args and extras; CmdOutputObservation.to_agent_observation), events/tool.py
// (ToolCallMetadata), agenthub/codeact_agent/function_calling.py (response_to_actions: one action per tool
// call, the response's text as the first one's thought), memory/conversation_memory.py (what the model is
// sent), controller/state/state_tracker.py (the history filter), core/main.py (save_trajectory_path:
// json.dump of the events, indent 4), evaluation/utils/shared.py (EvalOutput, one model_dump_json per line
// of output.jsonl), evaluation/benchmarks/*/run_infer.py (test_result), swe_bench/eval_infer.py
// (test_result.report), swe_bench/scripts/eval/update_output_with_eval.py (a top-level report); and 0.9.0's
// history.py ([action, observation] pairs). Fixtures are cut from evaluation/benchmarks/multi_swe_bench/
// examples/output.jsonl (3d22520992, written by OpenHands 0.35.0).
import type { Outcome, ToolCall, TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { declaredTools, parseArguments, RecordError, type ParsedRecord } from './records';

type Event = Record<string, unknown>;

/** The keys event_to_dict writes (TOP_KEYS, then args or content/extras/success, and an action's timeout). */
const EVENT_FIELDS = new Set([
  'id',
  'timestamp',
  'source',
  'message',
  'cause',
  'action',
  'observation',
  'tool_call_metadata',
  'llm_metrics',
  'args',
  'content',
  'extras',
  'success',
  'timeout',
]);

/** Events that move the agent's state or carry nothing (the agent's history filter drops them too). */
const STATE_EVENTS = new Set([
  'null',
  'change_agent_state',
  'agent_state_changed',
  'pause',
  'resume',
  'stop',
  'loop_recovery',
]);

/** An action's own bookkeeping, left out of the call made from an action that has no tool-call metadata. */
const BOOKKEEPING_ARGS = new Set([
  'thought',
  'confirmation_state',
  'security_risk',
  'hidden',
  'impl_source',
  'translated_ipython_code',
]);

/** Where a benchmark's verdict sits (update_output_with_eval's report, eval_infer's, run_infer's own) and its names. */
const VERDICT_PLACES = ['report', 'test_result.report', 'test_result'] as const;
const VERDICT_KEYS = ['resolved', 'success', 'correct', 'result', 'score', 'reward'];

const NO_METADATA_NOTE =
  'OpenHands actions without tool-call metadata are read as calls named by their action type (run, read, edit…) with their args.';
const RUN_OUTPUT_NOTE =
  "OpenHands command results are read as the agent was shown them: the output with the shell's working directory and exit code after it.";

const isEvent = (value: unknown): value is Event =>
  isObject(value) &&
  typeof value.source === 'string' &&
  (typeof value.action === 'string' || typeof value.observation === 'string');
const isPair = (value: unknown) => Array.isArray(value) && value.length === 2 && value.every(isEvent);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

interface Reading {
  turns: Turn[];
  ignored: string[];
  notes: Set<string>;
  metadata: TrajectoryMetadata;
  tools: ParsedRecord['tools'];
  /** Call ids by the id of the action that made them: an observation names its action as `cause`. */
  callOf: Map<unknown, { id: string; timestamp: unknown }>;
  /** The assistant turn of each model response: parallel calls share one. */
  responseTurn: Map<string, Turn>;
  agentState?: string;
  /** The finish call's arguments (the model's `message`, `task_completed`), when the agent finished. */
  finish?: Record<string, unknown>;
}

/** The model's reply that made an action: choices[0].message of the litellm response, with its id. */
function modelResponse(
  event: Event,
): { id?: string; message: Record<string, unknown>; usage?: unknown; model?: unknown } | null {
  const meta = isObject(event.tool_call_metadata) ? event.tool_call_metadata : undefined;
  const response = meta && isObject(meta.model_response) ? meta.model_response : undefined;
  const choice = response && Array.isArray(response.choices) ? response.choices[0] : undefined;
  if (!response || !isObject(choice) || !isObject(choice.message)) return null;
  return {
    ...(typeof response.id === 'string' ? { id: response.id } : {}),
    message: choice.message,
    usage: response.usage,
    model: response.model,
  };
}

function messageText(content: unknown): string {
  if (Array.isArray(content))
    return content.map((part) => (isObject(part) && part.type === 'text' ? text(part.text) : '')).join('');
  return text(content);
}

const actionArgs = (args: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(args).filter(([key, value]) => !BOOKKEEPING_ARGS.has(key) && value !== null));

/**
 * The call an action is: with tool-call metadata, the model's own call (its function name and
 * arguments, not the action's derived args); without, the action type and its args (an MCP
 * action its tool's name and arguments).
 */
function actionCall(event: Event, at: string, reading: Reading): ToolCall {
  const args = isObject(event.args) ? event.args : {};
  const meta = isObject(event.tool_call_metadata) ? event.tool_call_metadata : undefined;
  const id = meta && typeof meta.tool_call_id === 'string' ? meta.tool_call_id : `event_${String(event.id ?? at)}`;
  const calls = modelResponse(event)?.message.tool_calls;
  const made = Array.isArray(calls) ? calls.find((c) => isObject(c) && c.id === id) : undefined;
  const fn = isObject(made) && isObject(made.function) ? made.function : undefined;
  if (fn && typeof fn.name === 'string') return { id, name: fn.name, args: parseArguments(fn.arguments) };
  if (meta && typeof meta.function_name === 'string') return { id, name: meta.function_name, args: actionArgs(args) };
  reading.notes.add(NO_METADATA_NOTE);
  if (event.action === 'call_tool_mcp' && typeof args.name === 'string')
    return { id, name: args.name, args: args.arguments ?? {} };
  return { id, name: String(event.action), args: actionArgs(args) };
}

/** The assistant turn a call goes in: its model response's (made by the first call of that response), or a new one. */
function assistantTurn(event: Event, reading: Reading): Turn {
  const response = modelResponse(event);
  const known = response?.id ? reading.responseTurn.get(response.id) : undefined;
  if (known) return known;
  const turn: Turn = { role: 'assistant' };
  const said = response ? messageText(response.message.content) : text(isObject(event.args) ? event.args.thought : '');
  const reasoning = response ? text(response.message.reasoning_content) : '';
  const thought = [reasoning, said].filter((t) => t.trim()).join('\n\n');
  if (thought) turn.thought = thought;
  const usage = isObject(response?.usage) ? response.usage : undefined;
  if (usage && Number.isInteger(usage.prompt_tokens) && Number.isInteger(usage.completion_tokens))
    turn.tokens = { prompt: usage.prompt_tokens as number, completion: usage.completion_tokens as number };
  if (typeof response?.model === 'string') reading.metadata.model ??= response.model;
  if (response?.id) reading.responseTurn.set(response.id, turn);
  reading.turns.push(turn);
  return turn;
}

function readAction(event: Event, at: string, reading: Reading): void {
  const args = isObject(event.args) ? event.args : {};
  const action = event.action as string;
  if (action === 'system') {
    reading.turns.push({ role: 'system', content: text(args.content) });
    reading.tools.push(...declaredTools(args.tools));
    if (typeof args.agent_class === 'string') reading.metadata.agent_class = args.agent_class;
    if (typeof args.openhands_version === 'string') reading.metadata.openhands_version = args.openhands_version;
  } else if (action === 'message') {
    reading.turns.push({ role: event.source === 'user' ? 'user' : 'assistant', content: text(args.content) });
    for (const key of ['image_urls', 'file_urls'])
      if (Array.isArray(args[key]) && args[key].length) reading.ignored.push(`${at}.args.${key}`);
  } else if (action === 'recall') {
    // The user's message again, as the query for workspace context: the recall observation holds what it found.
  } else if (action === 'condensation') {
    ((reading.metadata.condensations ??= []) as unknown[]).push(args);
  } else if (event.source === 'user' && !event.tool_call_metadata) {
    // A command the user ran in the terminal: the agent is told of it, as conversation_memory does.
    if (action === 'run')
      reading.turns.push({ role: 'user', content: `User executed the command:\n${text(args.command)}` });
    else reading.ignored.push(`${at} (a ${action} action by the user)`);
  } else {
    const call = actionCall(event, at, reading);
    const turn = assistantTurn(event, reading);
    (turn.toolCalls ??= []).push(call);
    reading.callOf.set(event.id, { id: call.id, timestamp: event.timestamp });
    if (action === 'finish') reading.finish = isObject(call.args) ? call.args : args;
  }
}

/** What the agent was shown of an observation: a command's output with its PS1 metadata; otherwise the content. */
function shownContent(event: Event, reading: Reading): string {
  const content = text(event.content);
  const meta = event.observation === 'run' && isObject(event.extras) ? event.extras.metadata : undefined;
  if (!isObject(meta)) return content;
  reading.notes.add(RUN_OUTPUT_NOTE);
  let shown = `${text(meta.prefix)}${content}${text(meta.suffix)}`;
  if (meta.working_dir) shown += `\n[Current working directory: ${text(meta.working_dir)}]`;
  if (meta.py_interpreter_path) shown += `\n[Python interpreter: ${text(meta.py_interpreter_path)}]`;
  if (typeof meta.exit_code === 'number' && meta.exit_code !== -1)
    shown += `\n[Command finished with exit code ${meta.exit_code}]`;
  return shown;
}

function duration(from: unknown, to: unknown): Turn['timing'] | undefined {
  const start = typeof from === 'string' ? Date.parse(from) : NaN;
  const end = typeof to === 'string' ? Date.parse(to) : NaN;
  return end >= start ? { startedAt: from as string, durationMs: end - start } : undefined;
}

function readObservation(event: Event, at: string, reading: Reading): void {
  const extras = isObject(event.extras) ? event.extras : {};
  if (event.observation === 'recall') {
    ((reading.metadata.recalls ??= []) as unknown[]).push(extras);
    return;
  }
  for (const key of ['image_urls', 'screenshot', 'set_of_marks'])
    if ((Array.isArray(extras[key]) && extras[key].length) || (typeof extras[key] === 'string' && extras[key]))
      reading.ignored.push(`${at}.extras.${key}`);
  const meta = isObject(event.tool_call_metadata) ? event.tool_call_metadata : undefined;
  const byCause = reading.callOf.get(event.cause);
  const id = meta && typeof meta.tool_call_id === 'string' ? meta.tool_call_id : byCause?.id;
  const content = shownContent(event, reading);
  // An observation no call of the agent's asked for (an error about a malformed call, a user's command) reaches it as a user message.
  if (!id || !reading.turns.some((t) => t.toolCalls?.some((c) => c.id === id))) {
    reading.turns.push({ role: 'user', content });
    return;
  }
  const timing = byCause && byCause.id === id ? duration(byCause.timestamp, event.timestamp) : undefined;
  reading.turns.push({ role: 'tool', content, toolCallId: id, ...(timing ? { timing } : {}) });
}

/** EvalOutput's history, or a saved trajectory: event dicts in order (0.9 wrote [action, observation] pairs). */
function readEvents(history: unknown[], reading: Reading): void {
  history.forEach((entry, i) => {
    const events = Array.isArray(entry)
      ? entry.map((e, j) => [e, `history[${i}][${j}]`] as const)
      : [[entry, `history[${i}]`] as const];
    for (const [event, at] of events) {
      if (!isEvent(event))
        throw new RecordError(`${at} is not an OpenHands event (no "source" with an "action" or "observation")`);
      for (const key of Object.keys(event)) if (!EVENT_FIELDS.has(key)) reading.ignored.push(`${at}.${key}`);
      const kind = (event.action ?? event.observation) as string;
      if (
        event.observation === 'agent_state_changed' &&
        isObject(event.extras) &&
        typeof event.extras.agent_state === 'string'
      )
        reading.agentState = event.extras.agent_state;
      if (STATE_EVENTS.has(kind)) continue;
      if (typeof event.action === 'string') readAction(event, at, reading);
      else readObservation(event, at, reading);
    }
  });
}

function get(record: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (isObject(value) ? value[key] : undefined), record);
}

/**
 * The benchmark's verdict where one is written (resolved, success, correct…), else the run's
 * `error` (a failure), else how the agent ended: in the error state (a failure), by its finish
 * action or in another state (unknown: the agent's own word is not a grade).
 */
function runOutcome(record: Record<string, unknown>, reading: Reading): Outcome | undefined {
  const verdict = benchmarkVerdict(record);
  if (verdict) return verdict;
  if (typeof record.error === 'string' && record.error)
    return { status: 'failure', by: 'OpenHands error', value: record.error };
  if (reading.agentState === 'error') return { status: 'failure', by: 'OpenHands agent state', value: 'error' };
  if (reading.finish) {
    const completed = reading.finish.task_completed;
    const value = typeof completed === 'string' || typeof completed === 'boolean' ? completed : null;
    return { status: 'unknown', by: 'OpenHands finish action', value };
  }
  if (reading.agentState) return { status: 'unknown', by: 'OpenHands agent state', value: reading.agentState };
  return undefined;
}

/** An evaluation output's verdict (resolved, success, correct…) where a benchmark wrote one (V0 and V1 runs alike). */
export function benchmarkVerdict(record: Record<string, unknown>): Outcome | undefined {
  for (const place of VERDICT_PLACES) {
    const verdict = get(record, place);
    if (!isObject(verdict)) continue;
    for (const key of VERDICT_KEYS) {
      const value = verdict[key];
      const by = `OpenHands ${place}.${key}`;
      if (typeof value === 'boolean') return { status: value ? 'success' : 'failure', by, value };
      if (typeof value === 'number' && key !== 'correct')
        return { status: value >= 1 ? 'success' : value <= 0 ? 'failure' : 'unknown', by, value };
    }
  }
  return undefined;
}

/**
 * An OpenHands run: an evaluation's output.jsonl record (EvalOutput: instance_id, instruction,
 * instance, test_result, metadata, history, metrics, error) or, through `container.events`, a saved
 * trajectory (the JSON array of events). Each action the model called is a call in the assistant
 * turn of its model response; the observation whose `cause` is that action (or whose tool-call
 * metadata names the call) is its result; user and agent messages are turns of their own.
 */
export function fromOpenHands(record: Record<string, unknown>): ParsedRecord {
  const reading: Reading = {
    turns: [],
    ignored: [],
    notes: new Set(),
    metadata: { harness: 'openhands' },
    tools: [],
    callOf: new Map(),
    responseTurn: new Map(),
  };
  if (typeof record.instance_id === 'string') reading.metadata.task_id = record.instance_id;
  const configured = get(record, 'metadata.llm_config.model');
  if (typeof configured === 'string') reading.metadata.model = configured;
  if (!Array.isArray(record.history) || !record.history.length) {
    const error = typeof record.error === 'string' && record.error ? `: ${record.error}` : '';
    throw new RecordError(`"history" holds no events (the run stopped before it began${error})`);
  }
  readEvents(record.history, reading);
  if (!reading.turns.length) throw new RecordError('"history" holds no messages, actions or observations');
  if (reading.agentState) reading.metadata.agent_state = reading.agentState;
  const outcome = runOutcome(record, reading);
  return {
    turns: reading.turns,
    tools: reading.tools,
    ignored: reading.ignored,
    ...(outcome ? { outcome } : {}),
    metadata: reading.metadata,
    notes: [...reading.notes],
  };
}

export const openhandsFormat = defineFormat({
  id: 'openhands',
  label: 'OpenHands events',
  recognisedBy:
    '"history" of events with "source" and "action" or "observation" (output.jsonl), or a JSON array of such events',
  versions:
    'OpenHands 0.62 (156d068) event_to_dict; evaluation output.jsonl (EvalOutput, with eval reports), saved trajectories (save_trajectory_path, the UI download); 0.9 history pairs',
  detect: (record) =>
    Array.isArray(record.history)
      ? isEvent(record.history[0]) ||
        isPair(record.history[0]) ||
        (!record.history.length && typeof record.instance_id === 'string')
      : typeof record.instance_id === 'string' && 'test_result' in record && record.history === null,
  parse: (record) => fromOpenHands(record),
  turnFields: ['history'],
  kept: ['instance_id', 'instruction', 'instance', 'test_result', 'metadata', 'metrics', 'error', 'report'],
  container: {
    events: { detect: isEvent, record: (events) => ({ history: events }) },
  },
});
