import { isObject } from '../../json';
import { declaredToolsOf } from '../messages';
import { jsonValue, messagesOfParts, textOf, type ChatMessage, type ModelCall, type ToolExecution } from './messages';
import type { OtlpSpan } from './spans';

/**
 * pydantic-ai's instrumentation (what Logfire shows). From its version 2 a model request span is
 * the GenAI conventions' (`gen_ai.input.messages`, read in genai.ts); what is its own is read here:
 *
 * - version 1: a model request span holds its messages as the `events` attribute, a JSON list of
 *   the GenAI events before v1.37, each its body with `event.name` merged in
 *   (`gen_ai.system.message`, `gen_ai.user.message`, `gen_ai.assistant.message`,
 *   `gen_ai.tool.message` with the call's `id`, and `gen_ai.choice` whose `message` is the answer);
 * - the agent run span: the whole run as `all_messages_events` (version 1) or
 *   `pydantic_ai.all_messages` (parts, version 2 on), the answer as `final_result`;
 * - tool spans of versions 1 and 2 (`running tool`): `tool_arguments` and `tool_response`.
 */

const EVENT_ROLES: Record<string, ChatMessage['role']> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool',
};

/** One item of an event's `content` list as a message part: `{kind, text | content | url, …}` or plain text. */
function partOf(item: unknown): Record<string, unknown> {
  if (!isObject(item)) return { type: 'text', content: textOf(item) ?? '' };
  const { kind, text, content, binary_content: _bytes, ...rest } = item;
  const type = typeof kind === 'string' ? kind : 'text';
  if (type === 'text' || type === 'thinking') return { type, content: textOf(text ?? content) ?? '' };
  return { ...rest, type };
}

/** One event's body as a message of parts, as pydantic-ai's later versions write it. */
function partsMessage(role: ChatMessage['role'], body: Record<string, unknown>): Record<string, unknown> {
  if (role === 'tool')
    return { role, parts: [{ type: 'tool_call_response', id: body.id, name: body.name, result: body.content }] };
  const content = body.content;
  const parts = (Array.isArray(content) ? content : content === undefined ? [] : [content]).map(partOf);
  for (const call of Array.isArray(body.tool_calls) ? body.tool_calls.filter(isObject) : []) {
    const fn = isObject(call.function) ? call.function : {};
    parts.push({ type: 'tool_call', id: call.id, name: fn.name, arguments: fn.arguments });
  }
  return { role, parts };
}

/**
 * Version 1's events as messages: input from the message events, output from `gen_ai.choice`.
 * Events of one message (`gen_ai.message.index`) of the same role are one message, as are the
 * choices: some releases wrote a response's parts as an event each.
 */
function eventsMessages(value: unknown): { input: ChatMessage[]; output: ChatMessage[] } | null {
  const events = jsonValue(value);
  if (!Array.isArray(events)) return null;
  const input: Record<string, unknown>[] = [];
  const output: Record<string, unknown>[] = [];
  let last = null as { index: unknown; role: string } | null;
  for (const event of events.filter(isObject)) {
    const name = event['event.name'];
    const choice = name === 'gen_ai.choice';
    const role = choice ? 'assistant' : typeof name === 'string' ? EVENT_ROLES[name] : undefined;
    if (!role) continue;
    const body = choice ? (isObject(event.message) ? event.message : {}) : event;
    const message = partsMessage(role, body);
    const list = choice ? output : input;
    const index = choice ? 'choice' : event['gen_ai.message.index'];
    const previous = list.at(-1);
    if (previous && role !== 'tool' && last?.role === role && last.index === index && index !== undefined)
      (previous.parts as unknown[]).push(...(message.parts as unknown[]));
    else list.push(message);
    last = { index, role };
  }
  return { input: messagesOfParts(input), output: messagesOfParts(output) };
}

/** A version 1 model request span (`events`), or the agent run span (the whole run, read only when no model call is). */
export function pydanticAiModelCall(span: OtlpSpan): ModelCall | null {
  const a = span.attributes;
  const model = [a['gen_ai.request.model'], a['gen_ai.response.model'], a.model_name].find(
    (m): m is string => typeof m === 'string',
  );
  const run = a['pydantic_ai.all_messages'] ?? a.all_messages_events;
  if (run !== undefined) {
    const input =
      'pydantic_ai.all_messages' in a ? messagesOfParts(run) : (eventsMessages(run)?.input ?? ([] as ChatMessage[]));
    const system = jsonValue(a['gen_ai.system_instructions']);
    const instructions = Array.isArray(system) ? system.map((p) => (isObject(p) ? textOf(p.content) : textOf(p))) : [];
    if (instructions.length && input[0]?.role !== 'system')
      input.unshift({ role: 'system', content: instructions.join('') });
    const keys = ['pydantic_ai.all_messages', 'all_messages_events', 'gen_ai.system_instructions', 'final_result'];
    return {
      convention: 'pydantic-ai (agent run)',
      wholeRun: true,
      input,
      output: [],
      tools: [],
      ...(model ? { model } : {}),
      consumed: keys.filter((k) => k in a),
    };
  }
  const events = eventsMessages(a.events);
  if (!events || (!events.input.length && !events.output.length)) return null;
  const prompt = a['gen_ai.usage.input_tokens'];
  const completion = a['gen_ai.usage.output_tokens'];
  const keys = ['events', 'gen_ai.request.model', 'gen_ai.response.model'];
  keys.push('gen_ai.usage.input_tokens', 'gen_ai.usage.output_tokens', 'model_request_parameters');
  // The tools offered are the request parameters' function tools and output tools (ToolDefinitions).
  const parameters = jsonValue(a.model_request_parameters);
  const offered = isObject(parameters) ? [parameters.function_tools, parameters.output_tools] : [];
  return {
    convention: 'pydantic-ai (events attribute)',
    ...events,
    tools: declaredToolsOf(offered.flatMap((t) => (Array.isArray(t) ? t : []))),
    ...(model ? { model } : {}),
    ...(typeof prompt === 'number' || typeof completion === 'number'
      ? { tokens: { prompt: Number(prompt ?? 0), completion: Number(completion ?? 0) } }
      : {}),
    consumed: keys.filter((k) => k in a),
  };
}

/** A tool span of versions 1 and 2: `gen_ai.tool.name`, `gen_ai.tool.call.id`, `tool_arguments`, `tool_response`. */
export function pydanticAiToolExecution(span: OtlpSpan): ToolExecution | null {
  const a = span.attributes;
  if (!('tool_arguments' in a || 'tool_response' in a) || typeof a['gen_ai.tool.name'] !== 'string') return null;
  const keys = ['gen_ai.operation.name', 'gen_ai.tool.name', 'gen_ai.tool.call.id', 'tool_arguments', 'tool_response'];
  return {
    name: a['gen_ai.tool.name'],
    ...(typeof a['gen_ai.tool.call.id'] === 'string' ? { callId: a['gen_ai.tool.call.id'] } : {}),
    ...(a.tool_arguments !== undefined ? { args: jsonValue(a.tool_arguments) ?? a.tool_arguments } : {}),
    ...(a.tool_response !== undefined ? { result: textOf(a.tool_response) } : {}),
    consumed: keys.filter((k) => k in a),
  };
}
