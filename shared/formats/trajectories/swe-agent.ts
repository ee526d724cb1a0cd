// Read from SWE-agent/SWE-agent at 3ea751c087f32b16e039a2233dd6eefecef325d5 (v1.1.0-177, 2026-07-16):
// sweagent/agent/agents.py (DefaultAgent.get_trajectory_data / save_trajectory, add_step_to_history,
// _add_templated_messages_to_history, add_step_to_trajectory, forward_with_handling's exit statuses,
// handle_submission, RetryAgent.get_trajectory_data), sweagent/types.py (TrajectoryStep, HistoryItem,
// AgentInfo), sweagent/run/run_single.py (RunSingleConfig, the replay_config); and v0.7.0's
// sweagent/agent/agents.py (Agent.save_trajectory, forward_with_error_check) and sweagent/types.py.
// The fixtures follow tests/test_data/trajectories/ of the same repository.
import type { Outcome, ToolCall, TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { parseArguments, RecordError, type ParsedRecord } from './records';

/** What a history item may hold (1.x HistoryItem; 0.7 has role, content, agent, thought, action, is_demo). */
const HISTORY_FIELDS = new Set([
  'role',
  'content',
  'agent',
  'message_type',
  'thought',
  'action',
  'tool_calls',
  'tool_call_ids',
  'thinking_blocks',
  'is_demo',
  // Prompt-caching marks that history processors add: they change nothing the model reads.
  'tags',
  'cache_control',
]);

/** A step's `query` (the messages sent, a copy of the history) and `state` repeat what the history holds. */
const STEP_FIELDS = new Set([
  'action',
  'observation',
  'response',
  'thought',
  'execution_time',
  'state',
  'query',
  // Before 1.0 the query was named `messages`.
  'messages',
  'extra_info',
]);

const NO_TOOLS_NOTE =
  'SWE-agent trajectories declare no tool schemas (the tools come from the bundles named in replay_config): calls are checked against the graph only.';
const TEXT_ACTIONS_NOTE =
  'SWE-agent actions written as text (no function calling) are read as calls of `bash` with the command line as `command`; the observation after each is its result.';
const DEMO_NOTE =
  'SWE-agent demonstrations (history items marked is_demo) are kept as turns: the model read them as part of its prompt.';
const RETRY_NOTE =
  "SWE-agent retry runs: only the chosen attempt's turns are read; every attempt's info is kept in metadata.attempts.";
const STEPS_ONLY_NOTE =
  'SWE-agent trajectories without a history are read from their steps: each action a call of `bash`, each observation its result.';
const SIGNATURE_NOTE = "SWE-agent thinking blocks' signatures are not kept.";

/** 0.7 writes its own exit as the step's action (`exit_cost`, `exit_format`…): not a command the model gave. */
const isCommand = (action: unknown): action is string =>
  typeof action === 'string' && action.trim() !== '' && !/^exit_\w+$/.test(action.trim());

const bashCall = (id: string, command: string): ToolCall => ({ id, name: 'bash', args: { command: command.trim() } });

interface Reading {
  turns: Turn[];
  ignored: string[];
  notes: Set<string>;
  /** The assistant turns that are steps of the run, with the history item each came from. */
  actions: { item: Record<string, unknown>; turn: Turn }[];
}

/** Content as a string or as parts (`{type: "text", text}`; images are not read). */
function contentText(content: unknown, where: string, ignored: string[]): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) {
    if (content !== undefined && content !== null) ignored.push(`${where}.content (${typeof content})`);
    return undefined;
  }
  const text: string[] = [];
  content.forEach((part, k) => {
    if (isObject(part) && part.type === 'text' && typeof part.text === 'string') text.push(part.text);
    else ignored.push(`${where}.content[${k}] of type ${JSON.stringify(isObject(part) ? (part.type ?? null) : null)}`);
  });
  return text.join('');
}

/** Anthropic thinking blocks as litellm passes them: `{type: "thinking", thinking, signature}`. */
function thinkingText(blocks: unknown, where: string, reading: Reading): string | undefined {
  if (!Array.isArray(blocks) || !blocks.length) return undefined;
  const text: string[] = [];
  blocks.forEach((block, k) => {
    if (isObject(block) && block.type === 'thinking' && typeof block.thinking === 'string') {
      text.push(block.thinking);
      if (block.signature) reading.notes.add(SIGNATURE_NOTE);
    } else reading.ignored.push(`${where}.thinking_blocks[${k}]`);
  });
  return text.length ? text.join('\n') : undefined;
}

function historyCall(raw: unknown, fallbackId: string, where: string): ToolCall {
  const fn = isObject(raw) && isObject(raw.function) ? raw.function : undefined;
  if (!fn || typeof fn.name !== 'string') throw new RecordError(`${where} has no function name`);
  return {
    id: isObject(raw) && typeof raw.id === 'string' ? raw.id : fallbackId,
    name: fn.name,
    args: parseArguments(fn.arguments),
  };
}

/**
 * The history: what the model was sent, in order. An assistant item's `tool_calls` are its calls;
 * without them (a text parser, or 0.7) its `action` is a `bash` call and the observation after it
 * (role user, or role tool with `tool_call_ids` under function calling) is the result.
 */
function readHistory(history: unknown[], at: string, reading: Reading): void {
  let awaiting: string | undefined;
  let agent: unknown;
  history.forEach((item, i) => {
    const where = `${at}[${i}]`;
    if (!isObject(item)) throw new RecordError(`${at} item ${i + 1} is not an object`);
    for (const key of Object.keys(item)) if (!HISTORY_FIELDS.has(key)) reading.ignored.push(`${where}.${key}`);
    // One agent writes the history; another's messages (a 0.7 summarizer's) have no place in one trajectory.
    agent ??= item.agent;
    if (item.agent !== undefined && item.agent !== agent)
      reading.ignored.push(`${where}.agent (${String(item.agent)})`);
    if (item.is_demo) reading.notes.add(DEMO_NOTE);
    const text = contentText(item.content, where, reading.ignored);
    const role = item.role;
    if (role === 'system' || (role === 'user' && !awaiting)) {
      reading.turns.push({ role, ...(text !== undefined ? { content: text } : {}) });
    } else if (role === 'tool' || role === 'user') {
      const ids = Array.isArray(item.tool_call_ids) ? item.tool_call_ids : [];
      const id = typeof ids[0] === 'string' ? ids[0] : awaiting;
      reading.turns.push({
        role: 'tool',
        ...(text !== undefined ? { content: text } : {}),
        ...(id ? { toolCallId: id } : {}),
      });
      awaiting = undefined;
    } else if (role === 'assistant') {
      const turn: Turn = { role };
      const thinking = thinkingText(item.thinking_blocks, where, reading);
      const thought = typeof item.thought === 'string' && item.thought.trim() ? item.thought : undefined;
      // SWE-agent's `thought` is the text beside the action; a reasoning model's thinking comes first.
      if (thinking) turn.thought = thinking;
      else if (thought) turn.thought = thought;
      if (text && (thinking || text !== thought)) turn.content = text;
      awaiting = undefined;
      if (Array.isArray(item.tool_calls) && item.tool_calls.length) {
        turn.toolCalls = item.tool_calls.map((c, j) => historyCall(c, `call_${i}_${j}`, `${where}.tool_calls[${j}]`));
      } else if (isCommand(item.action)) {
        awaiting = `action_${i}`;
        turn.toolCalls = [bashCall(awaiting, item.action)];
        reading.notes.add(TEXT_ACTIONS_NOTE);
      }
      reading.turns.push(turn);
      // Demonstrations are not this run's steps; every other action item is one (an exit's too).
      if (!item.is_demo && (item.action !== undefined || turn.toolCalls)) reading.actions.push({ item, turn });
    } else {
      throw new RecordError(
        `${at} item ${i + 1} has role ${JSON.stringify(role)}; expected system, user, assistant or tool`,
      );
    }
  });
}

const timing = (step: Record<string, unknown>): Pick<Turn, 'timing'> =>
  typeof step.execution_time === 'number' ? { timing: { durationMs: Math.round(step.execution_time * 1000) } } : {};

function checkStep(step: unknown, where: string, ignored: string[]): Record<string, unknown> {
  if (!isObject(step)) throw new RecordError(`${where} is not an object`);
  for (const key of Object.keys(step)) if (!STEP_FIELDS.has(key)) ignored.push(`${where}.${key}`);
  // An action sampler's notes (its candidates and their scores) are not turns.
  if (isObject(step.extra_info) && Object.keys(step.extra_info).length) ignored.push(`${where}.extra_info`);
  return step;
}

/**
 * The trajectory's steps beside the history: each executed action's time goes to its result; a
 * step the history lacks is one SWE-agent requeried (a format error, a blocked command), kept as
 * metadata. 0.7 ends its history at the last action: that step's observation becomes its result.
 */
function readSteps(trajectory: unknown[], at: string, reading: Reading): Record<string, unknown>[] {
  const requeried: Record<string, unknown>[] = [];
  let next = 0;
  trajectory.forEach((raw, k) => {
    const step = checkStep(raw, `${at}[${k}]`, reading.ignored);
    const action = reading.actions[next];
    // A requeried step repeats no action of the history, or is followed by the step that does;
    // a demonstration edited by hand may change the response beside an action it keeps.
    const sameAction = action !== undefined && step.action === action.item.action;
    const following = trajectory[k + 1];
    const followed = isObject(following) && following.action === step.action;
    if (!sameAction || (step.response !== action.item.content && followed)) {
      const { query: _query, state: _state, messages: _messages, ...kept } = step;
      requeried.push(kept);
      return;
    }
    next += 1;
    const callId = action.turn.toolCalls?.[0]?.id;
    if (!callId) return;
    const result = reading.turns.find((t) => t.role === 'tool' && t.toolCallId === callId);
    if (result) Object.assign(result, timing(step));
    else if (reading.turns.at(-1) === action.turn && typeof step.observation === 'string')
      reading.turns.push({ role: 'tool', content: step.observation, toolCallId: callId, ...timing(step) });
  });
  return requeried;
}

/** No history (a trimmed file): the first step's query gives the prompt, each step a call and its result. */
function readStepsOnly(trajectory: unknown[], at: string, reading: Reading): void {
  reading.notes.add(STEPS_ONLY_NOTE);
  trajectory.forEach((raw, k) => {
    const where = `${at}[${k}]`;
    const step = checkStep(raw, where, reading.ignored);
    if (k === 0 && Array.isArray(step.query) && step.query.every((m) => isObject(m) && typeof m.role === 'string'))
      readHistory(step.query, `${where}.query`, { ...reading, actions: [] });
    const turn: Turn = { role: 'assistant' };
    const thought = typeof step.thought === 'string' && step.thought.trim() ? step.thought : undefined;
    if (thought) turn.thought = thought;
    if (typeof step.response === 'string' && step.response && step.response !== thought) turn.content = step.response;
    reading.turns.push(turn);
    if (!isCommand(step.action)) return;
    turn.toolCalls = [bashCall(`action_${k}`, step.action)];
    const content = typeof step.observation === 'string' ? step.observation : undefined;
    reading.turns.push({
      role: 'tool',
      ...(content !== undefined ? { content } : {}),
      toolCallId: `action_${k}`,
      ...timing(step),
    });
  });
}

/**
 * SWE-agent does not grade: an exit status that submitted a patch leaves the outcome unknown (the
 * benchmark's evaluation decides); every other one (exit_cost, exit_context, exit_format,
 * exit_error, exit_command…, or a submission with an empty patch) ended the run without an answer.
 */
function exitOutcome(info: unknown): Outcome | undefined {
  if (!isObject(info) || typeof info.exit_status !== 'string' || !info.exit_status) return undefined;
  const submitted =
    info.exit_status.startsWith('submitted') && typeof info.submission === 'string' && info.submission.trim() !== '';
  return { status: submitted ? 'unknown' : 'failure', by: 'SWE-agent exit status', value: info.exit_status };
}

/** `replay_config` is RunSingleConfig as a JSON string since 1.0 (an object in some older files). */
function replayConfig(value: unknown): Record<string, unknown> {
  if (isObject(value)) return value;
  if (typeof value !== 'string') return {};
  try {
    const parsed = JSON.parse(value) as unknown;
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function runMetadata(run: Record<string, unknown>): TrajectoryMetadata {
  const config = replayConfig(run.replay_config);
  const agent = isObject(config.agent) ? config.agent : {};
  // A retry agent's config lists one agent config per attempt.
  const best = isObject(run.info) && typeof run.info.best_attempt_idx === 'number' ? run.info.best_attempt_idx : 0;
  const configs = Array.isArray(agent.agent_configs) ? agent.agent_configs.filter(isObject) : [];
  const model = isObject(agent.model) ? agent.model : isObject(configs[best]?.model) ? configs[best].model : {};
  const problem = isObject(config.problem_statement) ? config.problem_statement : {};
  return {
    harness: 'swe-agent',
    ...(typeof problem.id === 'string' ? { task_id: problem.id } : {}),
    ...(typeof model.name === 'string' ? { model: model.name } : {}),
  };
}

/**
 * A `.traj` file: `{trajectory, history, info, replay_config, environment}` (1.x) or
 * `{environment, trajectory, history, info}` (0.7). A retry agent adds `attempts` (each one such
 * object) and copies the chosen one to the top; while it runs, the file holds `attempts` alone.
 */
export function fromSweAgent(record: Record<string, unknown>): ParsedRecord {
  const attempts = Array.isArray(record.attempts) ? record.attempts : [];
  const own = Array.isArray(record.history) || Array.isArray(record.trajectory);
  const last = attempts.length - 1;
  const run = own ? record : attempts[last];
  if (!isObject(run)) throw new RecordError('no "history" or "trajectory": not a SWE-agent trajectory');
  const at = own ? '' : `attempts[${last}].`;
  const reading: Reading = { turns: [], ignored: [], notes: new Set([NO_TOOLS_NOTE]), actions: [] };
  const trajectory = Array.isArray(run.trajectory) ? run.trajectory : [];
  let requeried: Record<string, unknown>[] = [];
  if (Array.isArray(run.history) && run.history.length) {
    readHistory(run.history, `${at}history`, reading);
    requeried = readSteps(trajectory, `${at}trajectory`, reading);
  } else readStepsOnly(trajectory, `${at}trajectory`, reading);
  if (!reading.turns.length) throw new RecordError('"history" and "trajectory" are empty');
  if (attempts.length) reading.notes.add(RETRY_NOTE);
  const outcome = exitOutcome(run.info);
  return {
    turns: reading.turns,
    tools: [],
    ignored: reading.ignored,
    ...(outcome ? { outcome } : {}),
    metadata: {
      ...runMetadata(run),
      ...(requeried.length ? { requeried_steps: requeried } : {}),
      ...(attempts.length ? { attempts: attempts.map((a) => (isObject(a) ? (a.info ?? null) : null)) } : {}),
    },
    notes: [...reading.notes],
  };
}

const isHistoryItem = (item: unknown) =>
  isObject(item) && typeof item.role === 'string' && ('agent' in item || 'message_type' in item);
const isStep = (step: unknown) =>
  isObject(step) &&
  typeof step.action === 'string' &&
  'observation' in step &&
  ('response' in step || 'thought' in step);
/** `info` is written when the run ends: a demonstration (`history` alone) or a file cut short lacks it. */
const isRun = (run: unknown): boolean =>
  isObject(run) &&
  (isObject(run.info) || run.info === undefined) &&
  ((Array.isArray(run.history) && isHistoryItem(run.history[0])) ||
    (Array.isArray(run.trajectory) && isStep(run.trajectory[0])));

export const sweAgentFormat = defineFormat({
  id: 'swe-agent',
  label: 'SWE-agent trajectory',
  recognisedBy: '"history" of messages with "agent" or "message_type", or "trajectory" steps (a .traj file)',
  versions:
    'SWE-agent 1.x .traj (3ea751c0, v1.1.0-177: function calling and text actions, retry attempts, demonstrations without info) and 0.1–0.7 .traj (v0.7.0)',
  detect: (record) => isRun(record) || (Array.isArray(record.attempts) && isRun(record.attempts.at(-1))),
  parse: (record) => fromSweAgent(record),
  turnFields: ['history', 'trajectory', 'attempts'],
  kept: ['environment', 'info', 'replay_config'],
});
