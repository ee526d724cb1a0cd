/**
 * OpenAI Agents SDK (openai/openai-agents-python 7f7a44f, schema 1.17, and openai-agents-js
 * 6d0c61a, schema 1.20, both 2026-08-22): a saved run —
 * - `RunState` JSON (`run_state.py` `to_json()` / `runState.ts` `toJSON()` and `toString()`):
 *   `{$schemaVersion, current_turn | currentTurn, current_agent | currentAgent, original_input |
 *   originalInput, generated_items | generatedItems: [{type: "message_output_item" |
 *   "tool_call_item" | "tool_call_output_item" | "handoff_call_item" | "handoff_output_item" |
 *   "reasoning_item" | …, raw_item | rawItem, agent: {name}}], model_responses | modelResponses,
 *   context: {usage, …}, …}`; Python's items are Responses items, JS's its own protocol
 *   (`callId`, `function_call_result` with `output: {type: "text", text}`), read as Responses;
 * - `RunResult.to_input_list()` saved as a JSON array: Responses input items, the first the
 *   user's input as the SDK writes it (`{"content": …, "role": "user"}`) or a typed item.
 * Items go through the message layer; each item's agent is kept, and handoffs as metadata.
 */
import { isObject } from '../../json';
import { turnsFromMessages } from '../messages';
import { defineFormat } from './descriptor';
import { fromTrace, groupTraceParts, isTracePart } from './openai-agents-traces';
import { RecordError, type ParsedRecord } from './records';

type Json = Record<string, unknown>;

/** snake_case as Python writes it, or camelCase as JS does. */
const field = (o: Json, snake: string) => o[snake] ?? o[snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())];

const NO_TOOLS_NOTE = "OpenAI Agents SDK runs do not save the agents' tools: calls are checked against the graph only";

/** A JS function result's output (`{type: "text", text}`, or content parts) as the text Responses items hold. */
function outputText(output: unknown): unknown {
  if (isObject(output) && output.type === 'text' && typeof output.text === 'string') return output.text;
  if (Array.isArray(output))
    return output.map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : JSON.stringify(p))).join('\n');
  return output;
}

/** A JS protocol item as the Responses item it stands for; Python's items are Responses items already. */
function asResponsesItem(item: unknown): unknown {
  if (!isObject(item)) return item;
  const { providerData: _, callId, ...rest } = item;
  const call = callId !== undefined ? { call_id: callId } : {};
  if (item.type === 'function_call_result') {
    // The tool's name is repeated from its call, which the result is paired with by id.
    const { name: _name, ...result } = rest;
    return { ...result, ...call, type: 'function_call_output', output: outputText(item.output) };
  }
  if (item.type === 'reasoning' && Array.isArray(item.content) && !item.summary)
    return {
      ...rest,
      type: 'reasoning',
      summary: item.content.map((c) => ({ type: 'summary_text', text: isObject(c) ? c.text : c })),
      content: undefined,
    };
  return { ...rest, ...call };
}

function inputItems(input: unknown): unknown[] {
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  return Array.isArray(input) ? input : [];
}

/** Items as turns through the message layer, the agent that produced each item alongside. */
function read(items: unknown[], at: string) {
  const parsed = turnsFromMessages(items.map(asResponsesItem), { at });
  if (!parsed.turns.length) throw new RecordError(`${at} holds no message, call or result`);
  return { turns: parsed.turns, ignored: parsed.ignored, notes: parsed.notes };
}

function fromRunState(record: Json): ParsedRecord {
  const original = inputItems(field(record, 'original_input'));
  const generated = field(record, 'generated_items');
  if (!Array.isArray(generated)) throw new RecordError('"generated_items" is not a list of run items');
  const seen = new Set(original.map((i) => JSON.stringify(i)));
  const agents: string[] = [];
  const handoffs: Json[] = [];
  const items = generated.flatMap((g) => {
    if (!isObject(g)) return [];
    const name = isObject(g.agent) ? g.agent.name : undefined;
    if (typeof name === 'string' && !agents.includes(name)) agents.push(name);
    const source = field(g, 'source_agent');
    const target = field(g, 'target_agent');
    if (g.type === 'handoff_output_item' && isObject(source) && isObject(target))
      handoffs.push({ from: source.name, to: target.name });
    const raw = field(g, 'raw_item');
    // Session input persisted as run items repeats the original input.
    if (g.type === 'input_item' && seen.has(JSON.stringify(raw))) return [];
    return raw === undefined ? [] : [raw];
  });
  const { turns, ignored, notes } = read([...original, ...items], 'items');
  const current = field(record, 'current_agent');
  const context = isObject(record.context) ? record.context : {};
  return {
    turns,
    tools: [],
    ignored,
    metadata: {
      harness: 'openai-agents',
      ...(agents.length ? { agents } : {}),
      ...(isObject(current) && typeof current.name === 'string' ? { current_agent: current.name } : {}),
      ...(handoffs.length ? { handoffs } : {}),
      ...(isObject(context.usage) ? { usage: context.usage } : {}),
    },
    notes: [...notes, NO_TOOLS_NOTE],
  };
}

function fromInputList(record: Json): ParsedRecord {
  const { turns, ignored, notes } = read(record.input_list as unknown[], 'input_list');
  return { turns, tools: [], ignored, metadata: { harness: 'openai-agents' }, notes: [...notes, NO_TOOLS_NOTE] };
}

/** RunState fields kept as they are (Python writes them snake_case, JS camelCase). */
const STATE_FIELDS = [
  ...['current_turn', 'current_agent', 'max_turns', 'pending_input', 'context', 'tool_use_tracker', 'current_step'],
  ...['input_guardrail_results', 'output_guardrail_results', 'tool_input_guardrail_results'],
  ...['tool_output_guardrail_results', 'conversation_id', 'previous_response_id', 'auto_previous_response_id'],
  ...['no_active_agent_run', 'current_turn_in_progress', 'current_turn_persisted_item_count', 'trace', 'sandbox'],
  ...['generated_prompt_cache_key', 'reasoning_item_id_policy', 'nested_history_owned_session_item_refs'],
  ...['generated_session_item_indexes', 'session_items', 'pending_agent_tool_runs', 'pending_agent_tool_run_aliases'],
  ...['completed_tool_invocations', 'completed_tool_invocation_evidence', 'ambiguous_tool_invocation_call_ids'],
  ...['current_agent_span', 'current_turn_deferred_session_item_indexes', 'current_turn_blocked_session_start_index'],
  ...['current_turn_executed_with_session_binding', 'current_turn_session_input_items'],
  'pending_session_history_transaction',
];
const bothCases = (names: string[]) =>
  names.flatMap((n) => [n, n.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())]);

const RESPONSES_TYPES = new Set(['message', 'function_call', 'function_call_output', 'reasoning']);

/** The first item of `to_input_list()`: a typed Responses item, or the input as the SDK wraps a string (content, then role). */
function isInputListStart(first: unknown): boolean {
  if (!isObject(first)) return false;
  if (typeof first.type === 'string' && RESPONSES_TYPES.has(first.type) && ('call_id' in first || 'role' in first))
    return first.type !== 'message' || Array.isArray(first.content);
  const keys = Object.keys(first);
  return keys.length === 2 && keys[0] === 'content' && keys[1] === 'role' && first.role === 'user';
}

export const openaiAgentsFormat = defineFormat({
  id: 'openai-agents',
  label: 'OpenAI Agents SDK run',
  recognisedBy:
    'a RunState\'s "$schemaVersion" and "generated_items" (or "generatedItems"); a JSON array of to_input_list() items; exported traces and spans ("object": "trace.span")',
  versions:
    'openai-agents-python 7f7a44f (RunState schema 1.17) and openai-agents-js 6d0c61a (schema 1.20), 2026-08-22: RunState JSON, to_input_list(), tracing exports',
  detect: (record) =>
    (typeof record.$schemaVersion === 'string' && Array.isArray(field(record, 'generated_items'))) ||
    (Array.isArray(record.input_list) && Object.keys(record).length === 1) ||
    (isObject(record.openai_agents_trace) && Object.keys(record).length === 1),
  parse: (record) =>
    Array.isArray(record.input_list)
      ? fromInputList(record)
      : isObject(record.openai_agents_trace)
        ? fromTrace(record.openai_agents_trace)
        : fromRunState(record),
  turnFields: [
    'original_input',
    'originalInput',
    'generated_items',
    'generatedItems',
    'input_list',
    'openai_agents_trace',
    'model_responses',
    'modelResponses',
    'last_model_response',
    'lastModelResponse',
    'last_processed_response',
    'lastProcessedResponse',
  ],
  kept: ['$schemaVersion', ...bothCases(STATE_FIELDS)],
  container: {
    events: { detect: isInputListStart, record: (items) => ({ input_list: items }) },
    parts: { detect: isTracePart, group: groupTraceParts },
  },
});
