// Read from SWE-agent/mini-swe-agent at a83fcae82d2a08f0ee0c688f9d137b3566c097f8 (v2.4.6+, 2026-07-22):
// agents/default.py (DefaultAgent.run, query, execute_actions, serialize: trajectory_format
// "mini-swe-agent-1.1"), models/litellm_model.py, litellm_response_model.py, litellm_textbased_model.py
// (what each model adds as a message, with its `extra`), models/utils/actions_toolcall.py,
// actions_toolcall_response.py and actions_text.py (observations and format errors), environments/local.py
// (Submitted as a message of role `exit`); and v1.17.0's agents/default.py (add_message with `timestamp`,
// actions parsed from the reply by `action_regex`) and run/utils/save.py (save_traj: "mini-swe-agent-1").
import type { Outcome, TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';
import { turnsFromMessages } from '../messages';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';

type Message = Record<string, unknown>;

/** v1's default block, and v2's text-based model's (changed so that bash examples in prompts are not actions). */
const DEFAULT_ACTION_REGEXES = ['```bash\\s*\\n(.*?)\\n```', '```mswea_bash_command\\s*\\n(.*?)\\n```'];
/** The line a command prints to submit (v2, and v1 before it). */
const SUBMIT = /COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT|MINI_SWE_AGENT_FINAL_OUTPUT/;

const NO_TOOLS_NOTE =
  'mini-swe-agent trajectories declare no tool schemas (its models are given one tool, bash, with a command): calls are checked against the graph only.';
const TEXT_ACTIONS_NOTE =
  'mini-swe-agent actions written as a bash block in the reply (no function calling) are read as calls of `bash` with the block as `command`; the observation after each is its result, paired by order (the text gives no ids).';
const FORMAT_ERROR_NOTE =
  "mini-swe-agent replies it could not parse (a format error) are kept from the error's `extra` as assistant turns without calls.";
const SUBMITTED_NOTE =
  "mini-swe-agent's submitting command has no observation: the run's exit message (the submission) is read as its result.";

interface Reading {
  /** The messages as a provider list (OpenAI Chat and Responses items), text actions made calls. */
  list: Message[];
  /** When each message of `list` was written (`extra.timestamp`, or v1's own `timestamp`), in seconds. */
  times: (number | undefined)[];
  notes: Set<string>;
  exit?: Message;
  /** Messages of roles no provider shape has, kept with their position. */
  unknown: { index: number; message: unknown }[];
  /** The text action awaiting its observation (the next user message): its call id. */
  awaiting?: string;
  /** The calls of the last reply not answered yet, with their commands. */
  pending: { id: string; command: unknown }[];
}

const extraOf = (m: Message): Message => (isObject(m.extra) ? m.extra : {});
const timeOf = (m: Message): number | undefined => {
  const t = extraOf(m).timestamp ?? m.timestamp;
  return typeof t === 'number' ? t : undefined;
};
const without = (m: Message, ...keys: string[]) =>
  Object.fromEntries(Object.entries(m).filter(([key]) => !keys.includes(key)));

/** The regexes the run parsed actions with: its config's (v1 under agent, v2 under model), else the defaults. */
function actionRegexes(info: Message): RegExp[] {
  const config = isObject(info.config) ? info.config : {};
  const configured = [config.model, config.agent].map((c) => (isObject(c) ? c.action_regex : undefined));
  const sources = configured.filter((r): r is string => typeof r === 'string');
  return (sources.length ? sources : DEFAULT_ACTION_REGEXES).flatMap((source) => {
    try {
      // Python's re.DOTALL is JavaScript's `s`.
      return [new RegExp(source, 'gs')];
    } catch {
      return [];
    }
  });
}

/** The one command a text reply holds (mini-swe-agent runs a reply with exactly one, else it is a format error). */
function textAction(m: Message, regexes: RegExp[]): string | undefined {
  const actions = extraOf(m).actions;
  if (Array.isArray(actions))
    return actions.length === 1 &&
      isObject(actions[0]) &&
      typeof actions[0].command === 'string' &&
      !('tool_call_id' in actions[0])
      ? actions[0].command
      : undefined;
  if (typeof m.content !== 'string') return undefined;
  for (const regex of regexes) {
    const found = [...m.content.matchAll(regex)];
    if (found.length) return found.length === 1 ? found[0]![1]?.trim() : undefined;
  }
  return undefined;
}

function push(reading: Reading, message: Message, at: number | undefined) {
  reading.list.push(message);
  reading.times.push(at);
}

/** A format error keeps the reply it could not parse in its `extra`: the model said it, so it is a turn. */
function unparsedReply(m: Message, reading: Reading): void {
  const extra = extraOf(m);
  if (extra.interrupt_type !== 'FormatError') return;
  const response = isObject(extra.response) ? extra.response : undefined;
  const choice = response && Array.isArray(response.choices) ? response.choices[0] : undefined;
  const said =
    typeof extra.model_response === 'string'
      ? extra.model_response
      : isObject(choice) && isObject(choice.message) && typeof choice.message.content === 'string'
        ? choice.message.content
        : undefined;
  if (said === undefined) return;
  reading.notes.add(FORMAT_ERROR_NOTE);
  push(reading, { role: 'assistant', content: said }, timeOf(m));
}

const CHAT_ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/** The calls a message makes (Chat `tool_calls`, a Responses `function_call` item), with their commands. */
function callsOf(m: Message): Reading['pending'] {
  const calls = Array.isArray(m.tool_calls) ? m.tool_calls : m.type === 'function_call' ? [m] : [];
  return calls.flatMap((c) => {
    if (!isObject(c)) return [];
    const id = c.call_id ?? c.id;
    const fn = isObject(c.function) ? c.function : c;
    let args = fn.arguments;
    if (typeof args === 'string')
      try {
        args = JSON.parse(args) as unknown;
      } catch {
        // The command stays unknown; the call is read as written.
      }
    return typeof id === 'string' ? [{ id, command: isObject(args) ? args.command : undefined }] : [];
  });
}

/** A result (Chat `tool_call_id`, Responses `call_id`) answers its call. */
function answer(m: Message, reading: Reading): void {
  const id = m.tool_call_id ?? m.call_id;
  reading.pending = reading.pending.filter((c) => c.id !== id);
}

/** An exit: the run's end. v2's submitting command raises before its observation is written, so the exit holds its output. */
function readExit(raw: Message, at: number | undefined, reading: Reading): void {
  reading.exit = raw;
  const submitting = reading.pending.find((c) => typeof c.command === 'string' && SUBMIT.test(c.command));
  if (submitting && typeof raw.content === 'string') {
    reading.notes.add(SUBMITTED_NOTE);
    push(reading, { role: 'tool', tool_call_id: submitting.id, content: raw.content }, at);
  }
  reading.pending = [];
}

/** A text reply with one command becomes a Chat reply calling `bash`; the next user message will be its result. */
function textReply(m: Message, command: string, index: number, at: number | undefined, reading: Reading): void {
  const id = `action_${index}`;
  reading.notes.add(TEXT_ACTIONS_NOTE);
  reading.awaiting = id;
  reading.pending = [{ id, command }];
  const call = { id, type: 'function', function: { name: 'bash', arguments: { command } } };
  push(reading, { ...without(m, 'tool_calls'), tool_calls: [call] }, at);
}

function readMessage(raw: unknown, index: number, regexes: RegExp[], reading: Reading): void {
  if (!isObject(raw)) {
    reading.unknown.push({ index, message: raw });
    return;
  }
  const at = timeOf(raw);
  const m = without(raw, 'extra', 'timestamp');
  const awaiting = reading.awaiting;
  reading.awaiting = undefined;
  if (raw.role === 'exit') return readExit(raw, at, reading);
  if (raw.object === 'response') {
    // A Responses model keeps the whole response; the API was sent its output items.
    const output = Array.isArray(raw.output) ? raw.output.filter(isObject) : [];
    reading.pending = output.flatMap(callsOf);
    for (const item of output) push(reading, without(item, 'extra'), at);
    return;
  }
  const role = raw.role;
  if (role === undefined && typeof raw.type === 'string') {
    answer(raw, reading);
    return push(reading, m, at);
  }
  // The user message after a text action is its observation (or its timeout), unless the agent was interrupted.
  if (role === 'user' && awaiting && extraOf(raw).interrupt_type === undefined) {
    answer({ tool_call_id: awaiting }, reading);
    return push(reading, { role: 'tool', tool_call_id: awaiting, content: m.content ?? '' }, at);
  }
  if (role === 'user') unparsedReply(raw, reading);
  if (role === 'assistant') {
    reading.pending = callsOf(raw);
    const command = reading.pending.length ? undefined : textAction(raw, regexes);
    if (command !== undefined) return textReply(m, command, index, at, reading);
  }
  if (role === 'tool') answer(raw, reading);
  if (typeof role === 'string' && CHAT_ROLES.has(role)) push(reading, m, at);
  else reading.unknown.push({ index, message: raw });
}

/** A result's time: from the reply that asked for it to the observation's own timestamp. */
function timeResults(turns: Turn[], reading: Reading, byCall: Map<string, number | undefined>): void {
  for (const turn of turns) {
    if (turn.role !== 'tool' || !turn.toolCallId || turn.timing) continue;
    const asked = byCall.get(turn.toolCallId);
    const index = reading.list.findIndex(
      (m) =>
        (m.tool_call_id ?? m.call_id) === turn.toolCallId && (m.role === 'tool' || m.type === 'function_call_output'),
    );
    const done = index >= 0 ? reading.times[index] : undefined;
    if (asked !== undefined && done !== undefined && done >= asked)
      turn.timing = { startedAt: new Date(asked * 1000).toISOString(), durationMs: Math.round((done - asked) * 1000) };
  }
}

/** When each call was asked for: the time of the message that holds it. */
function callTimes(reading: Reading): Map<string, number | undefined> {
  const times = new Map<string, number | undefined>();
  reading.list.forEach((m, i) => {
    for (const { id } of callsOf(m)) times.set(id, reading.times[i]);
  });
  return times;
}

/**
 * mini-swe-agent does not grade: a submission leaves the outcome unknown (the benchmark's evaluation
 * decides); every other exit (LimitsExceeded, TimeExceeded, RepeatedFormatError, an exception's name)
 * ended the run without an answer.
 */
function exitOutcome(info: Message, exit: Message | undefined): Outcome | undefined {
  const extra = exit ? extraOf(exit) : {};
  const status = [info.exit_status, extra.exit_status].find((s) => typeof s === 'string' && s);
  if (typeof status !== 'string') return undefined;
  const submission = [info.submission, extra.submission].find((s) => typeof s === 'string');
  const submitted = status === 'Submitted' && typeof submission === 'string' && submission.trim() !== '';
  return { status: submitted ? 'unknown' : 'failure', by: 'mini-swe-agent exit status', value: status };
}

function runMetadata(record: Message, info: Message, reading: Reading): TrajectoryMetadata {
  const config = isObject(info.config) ? info.config : {};
  const model = isObject(config.model) ? config.model : {};
  const exitExtra = reading.exit ? without(extraOf(reading.exit), 'timestamp') : {};
  return {
    harness: 'mini-swe-agent',
    ...(typeof record.instance_id === 'string' ? { task_id: record.instance_id } : {}),
    ...(typeof model.model_name === 'string' ? { model: model.model_name } : {}),
    ...(typeof info.mini_version === 'string' ? { mini_version: info.mini_version } : {}),
    ...(Object.keys(exitExtra).length ? { exit: exitExtra } : {}),
    ...(reading.unknown.length ? { unread_messages: reading.unknown } : {}),
  };
}

/**
 * A mini-swe-agent `.traj.json`: `{info, messages, trajectory_format}`. v2 messages are what its
 * model wrote (OpenAI Chat with tool calls, a Responses model's whole response, or text replies
 * with a bash block) plus an `extra` of its own, ending with a message of role `exit`; v1's are
 * `{role, content, timestamp}` with actions in the text. Text actions become `bash` calls and the
 * observation after each its result; the messages then go to the message layer.
 */
export function fromMiniSweAgent(record: Record<string, unknown>): ParsedRecord {
  if (!Array.isArray(record.messages)) throw new RecordError('no "messages" array: not a mini-swe-agent trajectory');
  const info = isObject(record.info) ? record.info : {};
  const reading: Reading = { list: [], times: [], notes: new Set([NO_TOOLS_NOTE]), unknown: [], pending: [] };
  const regexes = actionRegexes(info);
  record.messages.forEach((m, i) => readMessage(m, i, regexes, reading));
  const read = turnsFromMessages(reading.list);
  if (!read.turns.length) throw new RecordError('"messages" holds no system, user, assistant or tool messages');
  timeResults(read.turns, reading, callTimes(reading));
  const outcome = exitOutcome(info, reading.exit);
  return {
    turns: read.turns,
    tools: [],
    ignored: read.ignored.map((path) => `messages${path}`),
    ...(outcome ? { outcome } : {}),
    metadata: runMetadata(record, info, reading),
    notes: [...reading.notes, ...read.notes],
  };
}

const isMiniTrajectory = (record: Record<string, unknown>) =>
  Array.isArray(record.messages) &&
  (/^mini-swe-agent/.test(String(record.trajectory_format ?? '')) ||
    (isObject(record.info) && typeof record.info.mini_version === 'string'));

export const miniSweAgentFormat = defineFormat({
  id: 'mini-swe-agent',
  label: 'mini-swe-agent trajectory',
  recognisedBy: '"messages" with "trajectory_format": "mini-swe-agent…" or "info.mini_version" (a .traj.json file)',
  versions:
    'mini-swe-agent 2.x .traj.json (a83fcae, v2.4.6+: tool calls, Responses, text actions, exit messages) and 1.x (v1.17.0, "mini-swe-agent-1")',
  detect: isMiniTrajectory,
  parse: (record) => fromMiniSweAgent(record),
  turnFields: ['messages'],
  kept: ['info', 'trajectory_format', 'instance_id'],
});
