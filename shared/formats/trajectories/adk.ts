/**
 * Google ADK (google/adk-python, read at 7c670f6, 2025-06-20, and its 2024 test fixtures):
 * - a `Session` (`sessions/session.py`) as `model_dump_json()` writes it (snake_case) or
 *   `by_alias=True` / the `adk web` and API server write it (camelCase): `{id, app_name, user_id,
 *   state, events, last_update_time}`, each `Event` (`events/event.py`, an `LlmResponse`) with
 *   `author` (the user or the agent that spoke), `invocation_id`, `content: {role, parts}` in
 *   Gemini's shape, `actions` (state_delta, transfer_to_agent, escalate…), `partial`,
 *   `error_code`, `usage_metadata`; 2024 sessions kept `options` instead of `actions`;
 * - an eval set (`evaluation/eval_set.py`, `*.evalset.json`): `{eval_set_id, eval_cases:
 *   [{eval_id, conversation: [Invocation {user_content, final_response, intermediate_data:
 *   {tool_uses, tool_responses, intermediate_responses}}], session_input}]}`, each case a record
 *   of the expected conversation.
 * Parts go through the message layer (Gemini shape, its function call and response ids pair
 * them); the agents' names are kept per turn (`turn_authors`), for multi-agent sessions.
 */
import type { Turn } from '../../domain';
import { isObject } from '../../json';
import { declaredToolsOf, messagesToTurns, readMessages, type Message } from '../messages';
import { defineFormat } from './descriptor';
import { RecordError, type ParsedRecord } from './records';

type Json = Record<string, unknown>;

/** snake_case as `model_dump_json()` writes it, or camelCase as `by_alias=True` does. */
const field = (o: Json, snake: string) => o[snake] ?? o[snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())];

const EVENT_FIELDS = new Set(
  [
    ...['id', 'invocation_id', 'author', 'content', 'actions', 'options', 'timestamp', 'partial', 'turn_complete'],
    ...['usage_metadata', 'error_code', 'error_message', 'branch', 'long_running_tool_ids', 'is_greeting'],
    ...['model_version', 'interrupted', 'custom_metadata', 'grounding_metadata', 'avg_logprobs', 'finish_reason'],
  ].flatMap((k) => [k, k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())]),
);

const PARTIAL_NOTE =
  'ADK streaming events (partial: true) are left out: the complete event that follows holds the same reply';

/** Whether a message makes a turn, as the message layer decides (nothing said, no turn). */
const makesTurn = (m: Message) =>
  m.content !== undefined || Boolean(m.thought || m.toolCalls?.length) || m.role === 'tool';

function tokensOf(usage: unknown): Turn['tokens'] | undefined {
  if (!isObject(usage)) return undefined;
  const prompt = field(usage, 'prompt_token_count');
  const completion = field(usage, 'candidates_token_count');
  return typeof prompt === 'number' && typeof completion === 'number' ? { prompt, completion } : undefined;
}

interface Spoken {
  author: string;
  content: unknown;
  tokens?: Turn['tokens'];
}

/** Contents spoken in order (each with its author) as turns, the authors aligned with the turns. */
function turnsOf(spoken: Spoken[], ignored: string[], at: (i: number) => string) {
  const messages: Message[] = [];
  const authors: string[] = [];
  const notes: string[] = [];
  spoken.forEach(({ author, content, tokens }, i) => {
    const read = readMessages([content], { shape: 'gemini', at: at(i) });
    ignored.push(...read.ignored.map((p) => p.replace(/\[0\]/, '')));
    notes.push(...read.notes);
    // The layer names calls it gives ids by message position: keep them unique across events.
    const own = read.messages.map((m) =>
      m.toolCalls
        ? {
            ...m,
            toolCalls: m.toolCalls.map((c) =>
              c.id.startsWith('call_0_') ? { ...c, id: `call_${i}_${c.id.slice(7)}` } : c,
            ),
          }
        : m,
    );
    const last = own.findLastIndex((m) => m.role === 'assistant');
    if (tokens && last >= 0) own[last] = { ...own[last]!, tokens };
    for (const m of own) {
      messages.push(m);
      if (makesTurn(m)) authors.push(author);
    }
  });
  const paired = messagesToTurns(messages);
  return {
    turns: paired.turns,
    authors: authors.length === paired.turns.length ? authors : null,
    notes: [...notes, ...paired.notes],
  };
}

/**
 * 2024 sessions logged each model request (`event_logs[].model_request`): the model, the system
 * instruction and the tools it was given, which later sessions do not keep.
 */
function loggedRequests(record: Json) {
  const logs = Array.isArray(record.event_logs) ? record.event_logs : [];
  const requests = logs.flatMap((l) => (isObject(l) && isObject(l.model_request) ? [l.model_request] : []));
  const configs = requests.map((r) => (isObject(r.config) ? r.config : {}));
  const tools = new Map(configs.flatMap((c) => declaredToolsOf(c.tools)).map((t) => [t.name, t]));
  const system = configs.map((c) => c.system_instruction).find((s) => typeof s === 'string' && s);
  return {
    model: requests.map((r) => r.model).find((m) => typeof m === 'string'),
    system: typeof system === 'string' ? system : undefined,
    tools: [...tools.values()],
  };
}

/** One session: its complete events' contents as turns, who spoke each, transfers and errors as metadata. */
function fromSession(record: Json): ParsedRecord {
  const events = Array.isArray(record.events) ? record.events : [];
  const ignored: string[] = [];
  const spoken: Spoken[] = [];
  const at: string[] = [];
  const transfers: Json[] = [];
  const errors: Json[] = [];
  let partial = false;
  let model: unknown;
  events.forEach((e, i) => {
    if (!isObject(e)) throw new RecordError(`event ${i + 1} is not an object`);
    for (const [key, value] of Object.entries(e))
      if (!EVENT_FIELDS.has(key) && value !== null) ignored.push(`events[${i}].${key}`);
    const options = isObject(e.options) ? e.options : {};
    if (e.partial === true || options.partial === true) {
      partial = true;
      return;
    }
    const author = typeof e.author === 'string' ? e.author : 'unknown';
    const actions = isObject(e.actions) ? e.actions : {};
    const to = field(actions, 'transfer_to_agent');
    if (typeof to === 'string') transfers.push({ from: author, to });
    const code = field(e, 'error_code');
    if (code !== undefined && code !== null)
      errors.push({ author, error_code: code, error_message: field(e, 'error_message') ?? null });
    model ??= field(e, 'model_version');
    if (isObject(e.content)) {
      const tokens = tokensOf(field(e, 'usage_metadata'));
      spoken.push({ author, content: e.content, ...(tokens ? { tokens } : {}) });
      at.push(`events[${i}].content`);
    }
  });
  const { turns, authors, notes } = turnsOf(spoken, ignored, (i) => at[i]!);
  const agents = [...new Set(spoken.map((s) => s.author).filter((a) => a !== 'user'))];
  const logged = loggedRequests(record);
  model ??= logged.model;
  if (logged.system && !turns.some((t) => t.role === 'system')) {
    turns.unshift({ role: 'system', content: logged.system });
    authors?.unshift('system');
  }
  return {
    turns,
    tools: logged.tools,
    ignored,
    metadata: {
      harness: 'adk',
      ...(typeof model === 'string' ? { model } : {}),
      ...(agents.length ? { agents } : {}),
      ...(authors ? { turn_authors: authors } : {}),
      ...(transfers.length ? { transfers } : {}),
      ...(errors.length ? { event_errors: errors } : {}),
    },
    notes: [...notes, ...(partial ? [PARTIAL_NOTE] : [])],
  };
}

/** One eval case: each invocation's user content, the expected tool uses and responses, the final response. */
function fromEvalCase(record: Json): ParsedRecord {
  const conversation = field(record, 'conversation');
  if (!Array.isArray(conversation)) throw new RecordError('"conversation" is not a list of invocations');
  const spoken: Spoken[] = [];
  const at: string[] = [];
  const say = (author: string, content: unknown, where: string) => {
    if (!isObject(content)) return;
    spoken.push({ author, content });
    at.push(where);
  };
  conversation.forEach((invocation, i) => {
    if (!isObject(invocation)) throw new RecordError(`invocation ${i + 1} is not an object`);
    const where = `conversation[${i}]`;
    say('user', field(invocation, 'user_content'), `${where}.user_content`);
    const data = field(invocation, 'intermediate_data');
    if (isObject(data)) {
      const uses = field(data, 'tool_uses');
      const responses = field(data, 'tool_responses');
      const parts = (list: unknown, key: string) =>
        Array.isArray(list) ? list.filter(isObject).map((value) => ({ [key]: value })) : [];
      say('agent', { role: 'model', parts: parts(uses, 'function_call') }, `${where}.intermediate_data.tool_uses`);
      say(
        'agent',
        { role: 'user', parts: parts(responses, 'function_response') },
        `${where}.intermediate_data.tool_responses`,
      );
      const steps = field(data, 'intermediate_responses');
      if (Array.isArray(steps))
        steps.forEach((step, k) => {
          if (Array.isArray(step) && typeof step[0] === 'string')
            say(step[0], { role: 'model', parts: step[1] }, `${where}.intermediate_data.intermediate_responses[${k}]`);
        });
      const events = field(data, 'invocation_events');
      if (Array.isArray(events))
        events.forEach((e, k) => {
          if (isObject(e))
            say(String(e.author ?? 'agent'), e.content, `${where}.intermediate_data.invocation_events[${k}]`);
        });
    }
    say('agent', field(invocation, 'final_response'), `${where}.final_response`);
  });
  const ignored: string[] = [];
  const { turns, authors, notes } = turnsOf(spoken, ignored, (i) => at[i]!);
  const agents = [...new Set(spoken.map((s) => s.author).filter((a) => a !== 'user' && a !== 'agent'))];
  const id = field(record, 'eval_id');
  return {
    turns,
    tools: [],
    ignored,
    metadata: {
      harness: 'adk',
      ...(id !== undefined ? { task_id: id } : {}),
      ...(agents.length ? { agents } : {}),
      ...(authors && agents.length ? { turn_authors: authors } : {}),
      expected: true,
    },
    notes: [
      ...notes,
      'ADK eval cases are the conversations an agent is expected to have, not runs: they have no outcome',
    ],
  };
}

export function fromAdk(record: Json): ParsedRecord {
  return Array.isArray(record.events) ? fromSession(record) : fromEvalCase(record);
}

const isEvent = (e: unknown) =>
  isObject(e) && typeof e.author === 'string' && ('invocation_id' in e || 'invocationId' in e);

export const adkFormat = defineFormat({
  id: 'adk',
  label: 'Google ADK session',
  recognisedBy:
    'a session\'s "events" with "author" and "invocation_id"; an eval set\'s "eval_cases" with "conversation"',
  versions:
    'google/adk-python 7c670f6 (2025-06-20): Session JSON snake_case and camelCase (2024 sessions with "options"), *.evalset.json eval sets',
  detect: (record) =>
    (Array.isArray(record.events) && record.events.some(isEvent)) ||
    (Array.isArray(field(record, 'conversation')) && field(record, 'eval_id') !== undefined),
  parse: fromAdk,
  turnFields: ['events', 'conversation', 'event_logs'],
  kept: [
    'id',
    'app_name',
    'appName',
    'user_id',
    'userId',
    'state',
    'last_update_time',
    'lastUpdateTime',
    'context',
    'current_agent_name',
    'past_events',
    'pending_events',
    'artifacts',
    'eval_id',
    'evalId',
    'session_input',
    'sessionInput',
    'creation_timestamp',
    'creationTimestamp',
  ],
  container: {
    recordsIn: (document) => {
      const cases = field(document, 'eval_cases');
      if (!Array.isArray(cases) || field(document, 'eval_set_id') === undefined) return null;
      const share = { eval_set_id: field(document, 'eval_set_id'), eval_set_name: field(document, 'name') };
      return {
        records: cases,
        shared: Object.fromEntries(Object.entries(share).filter(([, v]) => v !== undefined && v !== null)),
      };
    },
  },
});
