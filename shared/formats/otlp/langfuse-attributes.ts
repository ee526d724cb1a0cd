import { isObject } from '../../json';
import { declaredToolsOf, readMessages } from '../messages';
import { responseMessages } from '../trajectories/trace-calls';
import { countOf, jsonValue, textOf, type ModelCall, type ToolExecution } from './messages';
import type { OtlpSpan } from './spans';

/**
 * The attributes Langfuse's OpenTelemetry-based SDKs (Python v3+, JS v4+) and the tools that
 * write for Langfuse set on a span: `langfuse.observation.type` (generation, tool, span, …),
 * `.input` and `.output` (JSON text), `.model.name`, `.usage_details` (JSON text).
 */
const KEY = {
  type: 'langfuse.observation.type',
  input: 'langfuse.observation.input',
  output: 'langfuse.observation.output',
  model: 'langfuse.observation.model.name',
  usage: 'langfuse.observation.usage_details',
} as const;

const typeOf = (span: OtlpSpan) => String(span.attributes[KEY.type] ?? '').toLowerCase();

const json = (value: unknown) => (typeof value === 'string' ? (jsonValue(value) ?? value) : value);

/** A generation's input as provider messages: a list, `{messages}`, or text from the user. */
function inputList(input: unknown): unknown[] {
  if (Array.isArray(input)) return input;
  if (isObject(input) && Array.isArray(input.messages)) return input.messages;
  return input === undefined || input === null ? [] : [{ role: 'user', content: textOf(input) ?? '' }];
}

/** A span Langfuse's SDK marked a generation: its messages in and out (any provider's shape), model and tokens. */
export function langfuseModelCall(span: OtlpSpan): ModelCall | null {
  if (typeOf(span) !== 'generation') return null;
  const a = span.attributes;
  const input = json(a[KEY.input]);
  const output = json(a[KEY.output]);
  const usage = json(a[KEY.usage]);
  const prompt = isObject(usage) ? countOf(usage.input ?? usage.prompt_tokens ?? usage.input_tokens) : undefined;
  const completion = isObject(usage)
    ? countOf(usage.output ?? usage.completion_tokens ?? usage.output_tokens)
    : undefined;
  const model = a[KEY.model];
  return {
    convention: 'Langfuse (langfuse.observation.*)',
    input: readMessages(inputList(input)).messages,
    output: readMessages(responseMessages(output) ?? []).messages,
    tools: isObject(input) ? declaredToolsOf(input.tools ?? input.functions) : [],
    ...(typeof model === 'string' ? { model } : {}),
    ...(prompt !== undefined || completion !== undefined
      ? { tokens: { prompt: prompt ?? 0, completion: completion ?? 0 } }
      : {}),
    consumed: Object.values(KEY).filter((k) => k in a),
  };
}

/** A span Langfuse's SDK marked a tool: the span's name is the tool's, its input the arguments, its output the result. */
export function langfuseToolExecution(span: OtlpSpan): ToolExecution | null {
  if (typeOf(span) !== 'tool') return null;
  const a = span.attributes;
  const input = json(a[KEY.input]);
  const output = a[KEY.output];
  const callId = isObject(input) ? (input.tool_call_id ?? input.toolCallId) : undefined;
  return {
    name: span.name,
    ...(typeof callId === 'string' ? { callId } : {}),
    ...(input !== undefined ? { args: input } : {}),
    ...(output !== undefined ? { result: textOf(json(output)) } : {}),
    consumed: [KEY.type, KEY.input, KEY.output].filter((k) => k in a),
  };
}
