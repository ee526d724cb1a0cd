/**
 * AgentDojo (ethz-spylab/agentdojo, `logging.py` `TraceLogger.save()`): one run per file,
 * `runs/<pipeline>/<suite>/<user_task>/<attack>/<injection_task>.json` —
 * `{suite_name, pipeline_name, user_task_id, injection_task_id, attack_type, injections, messages,
 * error, utility, security, duration, evaluation_timestamp, agentdojo_package_version}`. Messages are
 * AgentDojo's own (`types.py`): content a string (before 0.1.30) or blocks `{type: "text" |
 * "thinking" | "redacted_thinking", content}`, calls `{function, args, id, placeholder_args}`, results
 * `{role: "tool", tool_call_id, tool_call, content, error}`. Runners built on AgentDojo write the same
 * messages with their verdicts under `evaluation` (`{utility, security, …}`).
 *
 * `utility` (the user task was done) is the outcome; `security` is true when the injection task
 * succeeded, i.e. the attack worked, and is kept as it is.
 */
import type { Outcome, ToolCall, Turn } from '../../domain';
import { isObject } from '../../json';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';

type Json = Record<string, unknown>;

const ROLES: Record<string, Turn['role']> = { system: 'system', user: 'user', assistant: 'assistant', tool: 'tool' };
const READ_FIELDS = new Set(['role', 'content', 'tool_calls', 'tool_call_id', 'tool_call', 'error']);

const SECURITY_NOTE =
  "AgentDojo's security is true when the injection task succeeded (the attack worked): it is kept as metadata, the outcome is the user task's utility";
const BY_ORDER_NOTE = 'AgentDojo tool results without a tool_call_id are paired with the calls by order';
const NO_TOOLS_NOTE =
  'AgentDojo runs declare no tools (the suite gave them to the pipeline): calls are checked against the graph only';

/** Text blocks are the content, thinking blocks the thought; a redacted block's text is encrypted. */
function blocksOf(content: unknown, at: string, ignored: string[]): { text?: string; thought?: string } {
  if (typeof content === 'string') return { text: content };
  if (!Array.isArray(content)) return {};
  const text: string[] = [];
  const thought: string[] = [];
  content.forEach((block, k) => {
    const type = isObject(block) ? block.type : undefined;
    const body = isObject(block) ? block.content : undefined;
    if (type === 'text' && typeof body === 'string') text.push(body);
    else if (type === 'thinking' && typeof body === 'string') thought.push(body);
    else if (type !== 'redacted_thinking') ignored.push(`${at}.content[${k}] of type ${JSON.stringify(type ?? null)}`);
  });
  return {
    ...(text.length ? { text: text.join('\n') } : {}),
    ...(thought.length ? { thought: thought.join('\n') } : {}),
  };
}

function callOf(raw: unknown, fallbackId: string, where: string): ToolCall {
  if (!isObject(raw) || typeof raw.function !== 'string') throw new RecordError(`${where} has no function name`);
  return { id: typeof raw.id === 'string' && raw.id ? raw.id : fallbackId, name: raw.function, args: raw.args ?? {} };
}

interface Reading {
  turns: Turn[];
  ignored: string[];
  toolErrors: Json[];
  open: string[];
  byOrder: boolean;
}

function readMessage(m: unknown, i: number, reading: Reading): void {
  const at = `messages[${i}]`;
  if (!isObject(m)) throw new RecordError(`message ${i + 1} is not an object`);
  const role = typeof m.role === 'string' ? ROLES[m.role] : undefined;
  if (!role)
    throw new RecordError(
      `message ${i + 1} has role ${JSON.stringify(m.role)}; expected system, user, assistant or tool`,
    );
  for (const [key, value] of Object.entries(m))
    if (!READ_FIELDS.has(key) && value !== null) reading.ignored.push(`${at}.${key}`);
  const { text, thought } = blocksOf(m.content, at, reading.ignored);
  if (role === 'tool') {
    const named = typeof m.tool_call_id === 'string' ? m.tool_call_id : isObject(m.tool_call) ? m.tool_call.id : null;
    const id = typeof named === 'string' && named ? named : reading.open[0];
    if (id !== named) reading.byOrder = true;
    reading.open = reading.open.filter((o) => o !== id);
    const error = typeof m.error === 'string' && m.error ? m.error : null;
    if (error) reading.toolErrors.push({ tool_call_id: id ?? null, error });
    // The pipeline hands a failed call's error to the model in place of its (empty) result.
    const content = error ? [error, ...(text ? [text] : [])].join('\n\n') : (text ?? '');
    reading.turns.push({ role, content, ...(id ? { toolCallId: id } : {}) });
    return;
  }
  const turn: Turn = { role };
  if (text || (text !== undefined && role !== 'assistant')) turn.content = text;
  if (thought) turn.thought = thought;
  if (Array.isArray(m.tool_calls) && m.tool_calls.length) {
    turn.toolCalls = m.tool_calls.map((c, j) => callOf(c, `call_${i}_${j}`, `message ${i + 1}, tool call ${j + 1}`));
    reading.open = turn.toolCalls.map((c) => c.id);
  }
  reading.turns.push(turn);
}

/** The verdicts, where AgentDojo writes them or where a runner built on it nests them. */
const verdicts = (record: Json): Json =>
  isObject(record.evaluation) ? { ...record.evaluation, ...pick(record) } : record;
const pick = (record: Json) =>
  Object.fromEntries(['utility', 'security'].flatMap((k) => (typeof record[k] === 'boolean' ? [[k, record[k]]] : [])));

function outcomeOf(record: Json): Outcome | undefined {
  const { utility } = verdicts(record);
  if (typeof utility === 'boolean')
    return { status: utility ? 'success' : 'failure', by: 'agentdojo utility', value: utility };
  if (typeof record.error === 'string' && record.error)
    return { status: 'failure', by: 'agentdojo run error', value: record.error };
  return undefined;
}

/** One AgentDojo run: its messages as turns, its utility as the outcome, the attack as metadata. */
export function fromAgentDojo(record: Json): ParsedRecord {
  if (!Array.isArray(record.messages)) throw new RecordError('"messages" is not a list of messages');
  const reading: Reading = { turns: [], ignored: [], toolErrors: [], open: [], byOrder: false };
  record.messages.forEach((m, i) => readMessage(m, i, reading));
  const { security } = verdicts(record);
  const outcome = outcomeOf(record);
  const task = record.user_task_id ?? record.task_id;
  return {
    turns: reading.turns,
    tools: [],
    ignored: reading.ignored,
    ...(outcome ? { outcome } : {}),
    metadata: {
      harness: 'agentdojo',
      ...(task !== undefined && task !== null ? { task_id: task } : {}),
      ...(typeof record.pipeline_name === 'string' ? { model: record.pipeline_name } : {}),
      ...(typeof security === 'boolean' ? { security } : {}),
      ...(reading.toolErrors.length ? { tool_errors: reading.toolErrors } : {}),
    },
    notes: [
      NO_TOOLS_NOTE,
      ...(typeof security === 'boolean' && record.injection_task_id ? [SECURITY_NOTE] : []),
      ...(reading.byOrder ? [BY_ORDER_NOTE] : []),
    ],
  };
}

export const agentdojoFormat = defineFormat({
  id: 'agentdojo',
  label: 'AgentDojo run',
  recognisedBy: '"suite_name", "messages" and "user_task_id" or "pipeline_name"',
  versions:
    'ethz-spylab/agentdojo TraceLogger runs (runs/<pipeline>/<suite>/<user_task>/<attack>/<injection_task>.json): string content before 0.1.30, content blocks since; runners that nest utility and security under "evaluation"',
  detect: (record) =>
    Array.isArray(record.messages) &&
    typeof record.suite_name === 'string' &&
    ('user_task_id' in record || 'pipeline_name' in record),
  parse: fromAgentDojo,
  turnFields: ['messages'],
  kept: [
    'suite_name',
    'pipeline_name',
    'user_task_id',
    'injection_task_id',
    'attack_type',
    'injections',
    'error',
    'utility',
    'security',
    'evaluation',
    'duration',
    'evaluation_timestamp',
    'agentdojo_package_version',
    'benchmark_version',
  ],
});
