import type { ChatToolCall } from './tool-chat';

/** What a local model's generated text holds: its calls in its family's syntax, and the rest as text. */
export interface ParsedToolText {
  content: string;
  calls: Omit<ChatToolCall, 'id'>[];
}

const argumentsText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? {}));

/** `{name, arguments}` (Hermes, Qwen, Mistral) or `{name, parameters}` (Llama 3.1), else null. */
function callOf(value: unknown): Omit<ChatToolCall, 'id'> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const { name, arguments: args, parameters } = value as Record<string, unknown>;
  if (typeof name !== 'string' || !name) return null;
  return { name, arguments: argumentsText(args ?? parameters) };
}

function json(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The tool calls in a generation, in the syntax chat templates teach: Hermes and Qwen's
 * `<tool_call>{"name", "arguments"}</tool_call>` (one or more), Mistral's
 * `[TOOL_CALLS] [{"name", "arguments"}…]`, or Llama 3.1's bare `{"name", "parameters"}` (after
 * an optional `<|python_tag|>`). A call whose JSON does not parse is left in the text.
 */
export function parseToolCallText(text: string): ParsedToolText {
  const calls: Omit<ChatToolCall, 'id'>[] = [];
  let rest = text.replace(/<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g, (whole, body: string) => {
    const call = callOf(json(body));
    if (!call) return whole;
    calls.push(call);
    return '';
  });
  const mistral = /\[TOOL_CALLS\]\s*(\[[\s\S]*\])\s*$/.exec(rest);
  if (mistral) {
    const list = json(mistral[1]!);
    const parsed = Array.isArray(list) ? list.map(callOf) : [];
    if (parsed.length && parsed.every(Boolean)) {
      calls.push(...(parsed as Omit<ChatToolCall, 'id'>[]));
      rest = rest.slice(0, mistral.index);
    }
  }
  if (!calls.length) {
    const bare = callOf(json(rest.replace(/^\s*<\|python_tag\|>/, '').trim()));
    if (bare) return { content: '', calls: [bare] };
  }
  return { content: rest.trim(), calls };
}

/**
 * The tools in Hermes's form, for a template that has no place for tools (its rendering is the
 * same with and without them): the model is told of them, and how to call, in the system message.
 */
export function hermesToolsSystem(tools: readonly unknown[]): string {
  return (
    'You are a function calling AI model. You are provided with function signatures within <tools></tools> XML tags. ' +
    'You may call one or more functions to assist with the user query.\n<tools>\n' +
    tools.map((t) => JSON.stringify(t)).join('\n') +
    '\n</tools>\nFor each function call return a json object with function name and arguments within <tool_call></tool_call> XML tags:\n' +
    '<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>'
  );
}
