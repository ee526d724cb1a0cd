// A Cline or Roo Code task's ui_messages.json: what its panel showed, one ClineMessage each
// ({ts, type: "say"|"ask", say|ask, text, reasoning, images, partial, modelInfo…}). Read from cline/cline
// v3.89.2 apps/vscode/src/shared/ExtensionMessage.ts (ClineMessage, ClineAsk, ClineSay, ClineSayTool,
// ClineAskUseMcpServer, ClineAskQuestion, ClinePlanModeResponse, ClineApiReqInfo) and v3.0.0's
// src/core/Cline.ts (which ask or say each tool use writes). The panel does not show what a file tool
// read or wrote back to the model: those calls have no result here (api_conversation_history.json has them).
import type { Outcome, ToolCall, TrajectoryMetadata, Turn } from '../../domain';
import { isObject } from '../../json';
import { RecordError, type ParsedRecord } from './records';

type UiMessage = Record<string, unknown>;

/** Messages that show the user's words. */
const USER_SAYS = new Set(['task', 'user_feedback', 'user_feedback_diff']);
/** Messages that show the model's words (an ask's question, a plan, the completion). */
const ASSISTANT_SAYS = new Set(['text', 'completion_result', 'followup', 'plan_mode_respond', 'act_mode_respond']);
/** Notices of the panel's own (checkpoints, hooks, retries): kept in metadata, not turns. */
const NOTICES = new Set([
  'error',
  'error_retry',
  'diff_error',
  'clineignore_error',
  'command_permission_denied',
  'shell_integration_warning',
  'shell_integration_warning_with_suggestion',
  'mistake_limit_reached',
  'api_req_failed',
  'info',
  'deleted_api_reqs',
]);
/** Messages that repeat another or hold only the panel's state. */
const QUIET = new Set([
  'api_req_finished',
  'api_req_retried',
  'checkpoint_created',
  'resume_task',
  'resume_completed_task',
  'task_progress',
  'hook_status',
  'hook_output_stream',
  'conditional_rules_applied',
  'mcp_notification',
  'browser_action_launch',
]);

const UI_NOTE =
  "Cline and Roo Code ui_messages.json is what the panel showed: file tools' results are not in it (api_conversation_history.json of the same task has them), and calls are named as the panel names them (readFile, execute_command…).";

export const isUiMessage = (value: unknown): value is UiMessage =>
  isObject(value) &&
  typeof value.ts === 'number' &&
  ((value.type === 'say' && typeof value.say === 'string') || (value.type === 'ask' && typeof value.ask === 'string'));

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function json(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const parsed = JSON.parse(value) as unknown;
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

interface Reading {
  turns: Turn[];
  metadata: TrajectoryMetadata;
  /** The reasoning shown before the model's next words or call. */
  thought?: string;
  /** The last call, for the output shown after it. */
  last?: { call: ToolCall; result?: Turn; at: number };
  models: string[];
  tokens?: Turn['tokens'];
  outcome?: Outcome;
}

/** The assistant turn the model's next words or call go in: a new one, with the reasoning and tokens shown before it. */
function assistant(reading: Reading): Turn {
  const turn: Turn = { role: 'assistant' };
  if (reading.thought) turn.thought = reading.thought;
  if (reading.tokens) turn.tokens = reading.tokens;
  reading.thought = undefined;
  reading.tokens = undefined;
  reading.turns.push(turn);
  return turn;
}

function call(reading: Reading, m: UiMessage, name: string, args: unknown): void {
  const turn = assistant(reading);
  const made: ToolCall = { id: `ui_${String(m.ts)}`, name, args };
  turn.toolCalls = [made];
  reading.last = { call: made, at: m.ts as number };
}

/** Output shown after a call (a command's, an MCP server's, a browser's): its result, joined as it streams. */
function output(reading: Reading, m: UiMessage): void {
  const last = reading.last;
  if (!last) return;
  if (last.result) last.result.content = `${last.result.content ?? ''}\n${text(m.text)}`;
  else {
    last.result = { role: 'tool', content: text(m.text), toolCallId: last.call.id };
    reading.turns.push(last.result);
  }
  last.result.timing = { startedAt: new Date(last.at).toISOString(), durationMs: (m.ts as number) - last.at };
}

function readToolMessage(reading: Reading, m: UiMessage): void {
  const tool = json(m.text);
  if (!tool || typeof tool.tool !== 'string') return call(reading, m, 'tool', text(m.text));
  const { tool: name, ...args } = tool;
  call(reading, m, name, args);
}

function readMessage(reading: Reading, m: UiMessage, i: number): void {
  const kind = text(m.type === 'say' ? m.say : m.ask);
  if (m.partial === true) return;
  if (isObject(m.modelInfo) && typeof m.modelInfo.modelId === 'string' && !reading.models.includes(m.modelInfo.modelId))
    reading.models.push(m.modelInfo.modelId);
  if (USER_SAYS.has(kind)) {
    reading.turns.push({ role: 'user', content: text(m.text) });
    return;
  }
  if (kind === 'reasoning') {
    reading.thought = [reading.thought, text(m.text)].filter(Boolean).join('\n\n');
    return;
  }
  if (typeof m.reasoning === 'string' && m.reasoning) reading.thought = m.reasoning;
  if (ASSISTANT_SAYS.has(kind)) {
    const asked = json(m.text);
    const said = asked ? text(asked.question) || text(asked.response) || text(m.text) : text(m.text);
    // An ask repeats the say before it (a completion is said, then asked to be confirmed).
    const previous = reading.turns.at(-1);
    if (m.type === 'ask' && (!said || (previous?.role === 'assistant' && previous.content === said))) return;
    assistant(reading).content = said;
    if (kind === 'completion_result')
      reading.outcome = { status: 'unknown', by: 'Cline completion_result', value: null };
    return;
  }
  if (kind === 'api_req_started') {
    const info = json(m.text);
    if (info && Number.isInteger(info.tokensIn) && Number.isInteger(info.tokensOut))
      reading.tokens = { prompt: info.tokensIn as number, completion: info.tokensOut as number };
    return;
  }
  if (kind === 'tool') return readToolMessage(reading, m);
  if (kind === 'command') return call(reading, m, 'execute_command', { command: text(m.text) });
  if (kind === 'browser_action') return call(reading, m, 'browser_action', json(m.text) ?? text(m.text));
  if (kind === 'use_mcp_server') {
    const mcp = json(m.text) ?? {};
    const args = json(mcp.arguments) ?? mcp.arguments ?? {};
    return call(reading, m, text(mcp.toolName) || text(mcp.uri) || text(mcp.type) || 'use_mcp_server', args);
  }
  if (['command_output', 'mcp_server_response', 'browser_action_result'].includes(kind)) return output(reading, m);
  if (NOTICES.has(kind)) {
    ((reading.metadata.notices ??= []) as unknown[]).push({ ts: m.ts, [String(m.type)]: kind, text: m.text });
    if (kind === 'api_req_failed' || kind === 'mistake_limit_reached')
      reading.outcome = { status: 'failure', by: `Cline ${kind}`, value: text(m.text) || null };
    return;
  }
  if (QUIET.has(kind)) return;
  ((reading.metadata.unread_messages ??= []) as unknown[]).push({ index: i, message: m });
}

/**
 * The task as its panel showed it: the user's task and feedback, the model's words and reasoning,
 * each tool use an approval asked or a notice said (a call), and the output shown after a command,
 * an MCP tool or a browser action (its result).
 */
export function fromClineUiMessages(messages: unknown[]): ParsedRecord {
  const reading: Reading = { turns: [], metadata: { harness: 'cline' }, models: [] };
  messages.forEach((m, i) => {
    if (isUiMessage(m)) readMessage(reading, m, i);
    else ((reading.metadata.unread_messages ??= []) as unknown[]).push({ index: i, message: m });
  });
  if (!reading.turns.length) throw new RecordError('the task ui_messages hold no messages');
  if (reading.models.length) reading.metadata.model = reading.models[0];
  if (reading.models.length > 1) reading.metadata.models = reading.models;
  return {
    turns: reading.turns,
    tools: [],
    ...(reading.outcome ? { outcome: reading.outcome } : {}),
    metadata: reading.metadata,
    notes: [UI_NOTE],
  };
}
