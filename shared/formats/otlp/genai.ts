import { isObject } from '../../json';
import { unflatten } from './flattened';
import {
  countOf,
  jsonValue,
  messagesOfOpenAI,
  messagesOfParts,
  openAIMessage,
  roleOf,
  textOf,
  toolsOf,
  type ChatMessage,
  type ModelCall,
  type ToolExecution,
} from './messages';
import type { OtlpSpan } from './spans';

/** The per-message span events of the GenAI conventions before v1.37, and the role each gives. */
const MESSAGE_EVENTS: Record<string, ChatMessage['role']> = {
  'gen_ai.system.message': 'system',
  'gen_ai.user.message': 'user',
  'gen_ai.assistant.message': 'assistant',
  'gen_ai.tool.message': 'tool',
};

const DETAILS_EVENT = 'gen_ai.client.inference.operation.details';

/** Operations that run an agent rather than call a model: their messages sum up the run. */
const AGENT_OPERATIONS = new Set(['invoke_agent', 'create_agent', 'invoke_workflow']);

const MODEL_KEYS = ['gen_ai.request.model', 'gen_ai.response.model'];
const USAGE = {
  prompt: ['gen_ai.usage.input_tokens', 'gen_ai.usage.prompt_tokens'],
  completion: ['gen_ai.usage.output_tokens', 'gen_ai.usage.completion_tokens'],
};

/**
 * An event's message: its attributes, the JSON body some SDKs put in `gen_ai.event.content`, or
 * the body of the log record it came as (the conventions' log form: `{content, tool_calls}`, a
 * choice's `{index, finish_reason, message}`).
 */
function eventMessage(event: OtlpSpan['events'][number], role: ChatMessage['role'], i: number): ChatMessage {
  const attributes = event.attributes;
  const content = jsonValue(attributes['gen_ai.event.content']);
  const body = isObject(event.body) ? event.body : content;
  const fields = isObject(body) ? { ...attributes, ...body } : attributes;
  const message = isObject(fields.message) ? fields.message : (jsonValue(fields.message) ?? fields);
  return openAIMessage({ role, ...(isObject(message) ? message : {}) }, i, role);
}

/** Messages the span's events carry (older conventions): per-message events and `gen_ai.choice`. */
function eventMessages(span: OtlpSpan): { input: ChatMessage[]; output: ChatMessage[] } {
  const input: ChatMessage[] = [];
  const output: ChatMessage[] = [];
  span.events.forEach((e, i) => {
    const role = MESSAGE_EVENTS[e.name];
    if (role) input.push(eventMessage(e, role, i));
    else if (e.name === 'gen_ai.choice') output.push(eventMessage(e, 'assistant', i));
    else if (e.name === 'gen_ai.content.prompt') input.push(...messagesOfOpenAI(e.attributes['gen_ai.prompt']));
    else if (e.name === 'gen_ai.content.completion')
      output.push(...messagesOfOpenAI(e.attributes['gen_ai.completion']));
  });
  return { input, output };
}

/** `gen_ai.prompt.N.*` / `gen_ai.completion.N.*` (OpenLLMetry's attributes) as messages. */
function indexedMessages(span: OtlpSpan, prefix: string, fallback: ChatMessage['role']) {
  const { list, keys } = unflatten(span.attributes, prefix);
  const messages = list.map((m, i) => openAIMessage(isObject(m) ? m : {}, i, fallback));
  return { messages, keys };
}

/**
 * A model-call span by the OpenTelemetry GenAI semantic conventions: the current ones
 * (`gen_ai.input.messages`, `gen_ai.output.messages`, `gen_ai.system_instructions`,
 * `gen_ai.tool.definitions`) or the older ones (`gen_ai.prompt.N.*` attributes, per-message
 * events). Null when the span is not one.
 */
export function genAiModelCall(span: OtlpSpan): ModelCall | null {
  // Since v1.37 the call's content may come as the `gen_ai.client.inference.operation.details`
  // event (its attributes as the span's would be, values often structured rather than JSON text).
  const details = span.events.find((e) => e.name === DETAILS_EVENT)?.attributes ?? {};
  const a = { ...details, ...span.attributes };
  const consumed: string[] = [];
  const take = (key: string) => {
    if (key in span.attributes) consumed.push(key);
    return a[key];
  };
  let convention: string;
  let input: ChatMessage[];
  let output: ChatMessage[];
  if ('gen_ai.input.messages' in a || 'gen_ai.output.messages' in a) {
    convention = 'GenAI semconv (gen_ai.input.messages)';
    input = messagesOfParts(take('gen_ai.input.messages'));
    output = messagesOfParts(take('gen_ai.output.messages'));
    const instructions = jsonValue(take('gen_ai.system_instructions'));
    const system = Array.isArray(instructions)
      ? instructions
          .map(jsonValue)
          .map((p) => (isObject(p) ? textOf(p.content) : textOf(p)))
          .join('')
      : textOf(instructions);
    if (system && input[0]?.role !== 'system') input.unshift({ role: 'system', content: system });
  } else {
    const prompts = indexedMessages(span, 'gen_ai.prompt', 'user');
    const completions = indexedMessages(span, 'gen_ai.completion', 'assistant');
    const events = eventMessages(span);
    if (prompts.messages.length || completions.messages.length) {
      convention = 'GenAI semconv (gen_ai.prompt.N attributes)';
      consumed.push(...prompts.keys, ...completions.keys);
      input = prompts.messages;
      output = completions.messages;
    } else if (events.input.length || events.output.length) {
      convention = 'GenAI semconv (per-message events)';
      input = events.input;
      output = events.output;
    } else return null;
  }
  const tools = toolsOf([take('gen_ai.tool.definitions')].filter((v) => v !== undefined));
  const functions = unflatten(a, 'llm.request.functions');
  if (functions.list.length) {
    consumed.push(...functions.keys);
    tools.push(...toolsOf([functions.list]));
  }
  const model = MODEL_KEYS.map(take).find((m) => typeof m === 'string');
  const prompt = USAGE.prompt
    .map(take)
    .map(countOf)
    .find((n) => n !== undefined);
  const completion = USAGE.completion
    .map(take)
    .map(countOf)
    .find((n) => n !== undefined);
  const operation = a['gen_ai.operation.name'];
  return {
    convention,
    ...(typeof operation === 'string' && AGENT_OPERATIONS.has(operation) ? { wholeRun: true } : {}),
    input,
    output: output.map((m) => ({ ...m, role: roleOf(m.role, 'assistant') })),
    tools,
    ...(typeof model === 'string' ? { model } : {}),
    ...(prompt !== undefined || completion !== undefined
      ? { tokens: { prompt: prompt ?? 0, completion: completion ?? 0 } }
      : {}),
    consumed,
  };
}

/** A tool-execution span (`gen_ai.operation.name` = `execute_tool`): the call it ran and its result. */
export function genAiToolExecution(span: OtlpSpan): ToolExecution | null {
  const a = span.attributes;
  if (a['gen_ai.operation.name'] !== 'execute_tool') return null;
  // ADK's span over parallel calls repeats what each call's own span says.
  if (a['gen_ai.tool.name'] === '(merged tools)') return null;
  const keys = [
    'gen_ai.operation.name',
    'gen_ai.tool.name',
    'gen_ai.tool.call.id',
    'gen_ai.tool.call.arguments',
    'gen_ai.tool.call.result',
  ];
  const name =
    typeof a['gen_ai.tool.name'] === 'string' ? a['gen_ai.tool.name'] : span.name.replace(/^execute_tool /, '');
  const args = a['gen_ai.tool.call.arguments'];
  return {
    name,
    ...(typeof a['gen_ai.tool.call.id'] === 'string' ? { callId: a['gen_ai.tool.call.id'] } : {}),
    ...(args !== undefined ? { args: jsonValue(args) ?? args } : {}),
    ...(a['gen_ai.tool.call.result'] !== undefined ? { result: textOf(a['gen_ai.tool.call.result']) } : {}),
    consumed: keys.filter((k) => k in a),
  };
}
