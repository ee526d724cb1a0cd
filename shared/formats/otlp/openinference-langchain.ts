import { isObject } from '../../json';
import { readMessages } from '../messages';
import { jsonValue, type ChatMessage } from './messages';

/**
 * LangChain messages in their `lc` serialisation (`{lc: 1, type: "constructor", id: [...,
 * "ToolMessage"], kwargs}`), read by the message layer; null unless every one is such a message.
 */
function langChainMessages(list: unknown): ChatMessage[] | null {
  if (!Array.isArray(list) || !list.length) return null;
  const read = readMessages(list);
  if (read.shapes.length !== 1 || read.shapes[0] !== 'langchain') return null;
  // A model turn of calls only has content "" in LangChain; the flattened attributes leave it out.
  return read.messages.map(({ content, ...m }) => (content || m.role === 'tool' ? { ...m, content } : m));
}

/**
 * The messages of OpenInference's LangChain LLM span as its `input.value` holds them: the chat
 * model run's `{messages: [[...]]}`, the first list (the one the flattened
 * `llm.input_messages` give too). Unlike those, these keep the calls' and results' ids.
 */
export function langChainInput(value: unknown): ChatMessage[] | null {
  const json = jsonValue(value);
  return isObject(json) && Array.isArray(json.messages) ? langChainMessages(json.messages[0]) : null;
}

/** The reply in the LLM span's `output.value`: `{generations: [[{text, message}]]}`, the first list. */
export function langChainOutput(value: unknown): ChatMessage[] | null {
  const json = jsonValue(value);
  const first = isObject(json) && Array.isArray(json.generations) ? json.generations[0] : undefined;
  return Array.isArray(first) ? langChainMessages(first.map((g) => (isObject(g) ? g.message : g))) : null;
}

/**
 * A TOOL span's `output.value` when the tool was called with a tool call: `{output: ToolMessage}`,
 * whose text is what the model is sent and whose `tool_call_id` names the call it answers.
 */
export function langChainToolResult(value: unknown): { content: string; callId?: string } | null {
  const json = jsonValue(value);
  if (!isObject(json) || !isObject(json.output)) return null;
  const [message] = langChainMessages([json.output]) ?? [];
  if (message?.role !== 'tool') return null;
  return { content: message.content ?? '', ...(message.toolCallId ? { callId: message.toolCallId } : {}) };
}
