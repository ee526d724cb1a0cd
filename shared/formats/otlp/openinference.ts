import type { ToolCall } from '../../domain';
import { isObject } from '../../json';
import { unflatten } from './flattened';
import {
  countOf,
  jsonValue,
  roleOf,
  textOf,
  toolCallOf,
  toolsOf,
  type ChatMessage,
  type ModelCall,
  type ToolExecution,
} from './messages';
import { langChainInput, langChainOutput, langChainToolResult } from './openinference-langchain';
import type { OtlpSpan } from './spans';

const KIND = 'openinference.span.kind';

/** One `llm.input_messages.N` / `llm.output_messages.N` entry: `{message: {role, content, contents, tool_calls}}`. */
function message(entry: unknown, i: number, fallback: ChatMessage['role']): ChatMessage {
  const m = isObject(entry) && isObject(entry.message) ? entry.message : {};
  const role = roleOf(m.role, fallback);
  const contents = Array.isArray(m.contents)
    ? m.contents
        .map((c) => (isObject(c) && isObject(c.message_content) ? textOf(c.message_content.text) : undefined))
        .filter((t): t is string => t !== undefined)
        .join('')
    : undefined;
  const content = textOf(m.content) ?? (contents || undefined);
  const calls = (Array.isArray(m.tool_calls) ? m.tool_calls : [])
    .map((c, k) => toolCallOf(isObject(c) && isObject(c.tool_call) ? c.tool_call : c, `call_${i}_${k}`))
    .filter((c): c is ToolCall => c !== null);
  const callId = m.tool_call_id;
  return {
    role,
    ...(content ? { content } : {}),
    ...(calls.length ? { toolCalls: calls } : {}),
    ...(role === 'tool' && typeof callId === 'string' ? { toolCallId: callId } : {}),
  };
}

/**
 * An OpenInference LLM span (`openinference.span.kind` = LLM): `llm.input_messages.N.message.*`,
 * `llm.output_messages.N.message.*`, `llm.tools.N.tool.json_schema`, `llm.model_name`,
 * `llm.token_count.*`. `input.value` / `output.value` repeat the request and response: read, not kept,
 * except LangChain's messages there, which keep the ids of calls and results that the flattened
 * messages leave out (so a call's history is known as the one before it, and results find their calls).
 */
export function openInferenceModelCall(span: OtlpSpan): ModelCall | null {
  const a = span.attributes;
  const inputs = unflatten(a, 'llm.input_messages');
  const outputs = unflatten(a, 'llm.output_messages');
  if (a[KIND] !== 'LLM' && !inputs.list.length && !outputs.list.length) return null;
  const tools = unflatten(a, 'llm.tools');
  const consumed = [...inputs.keys, ...outputs.keys, ...tools.keys];
  for (const key of [KIND, 'llm.model_name', 'input.value', 'input.mime_type', 'output.value', 'output.mime_type'])
    if (key in a) consumed.push(key);
  const prompt = countOf(a['llm.token_count.prompt']);
  const completion = countOf(a['llm.token_count.completion']);
  if (prompt !== undefined) consumed.push('llm.token_count.prompt');
  if (completion !== undefined) consumed.push('llm.token_count.completion');
  const schemas = tools.list.map((t) => (isObject(t) && isObject(t.tool) ? t.tool.json_schema : undefined));
  return {
    convention: 'OpenInference',
    input: langChainInput(a['input.value']) ?? inputs.list.map((m, i) => message(m, i, 'user')),
    output: langChainOutput(a['output.value']) ?? outputs.list.map((m, i) => message(m, i, 'assistant')),
    tools: toolsOf(schemas.filter((s) => s !== undefined)),
    ...(typeof a['llm.model_name'] === 'string' ? { model: a['llm.model_name'] } : {}),
    ...(prompt !== undefined || completion !== undefined
      ? { tokens: { prompt: prompt ?? 0, completion: completion ?? 0 } }
      : {}),
    consumed,
  };
}

/**
 * An OpenInference TOOL span: `tool.name`, arguments in `input.value` (or `tool.parameters`),
 * result in `output.value`: as text, or LangChain's ToolMessage, whose content and call id count.
 */
export function openInferenceToolExecution(span: OtlpSpan): ToolExecution | null {
  const a = span.attributes;
  if (a[KIND] !== 'TOOL') return null;
  const keys = [KIND, 'tool.name', 'tool.id', 'tool_call.id', 'tool.parameters', 'input.value', 'input.mime_type'];
  keys.push('output.value', 'output.mime_type');
  const args = a['input.value'] ?? a['tool.parameters'];
  const message = langChainToolResult(a['output.value']);
  const callId = a['tool_call.id'] ?? a['tool.id'] ?? message?.callId;
  return {
    name: typeof a['tool.name'] === 'string' ? a['tool.name'] : span.name,
    ...(typeof callId === 'string' ? { callId } : {}),
    ...(args !== undefined ? { args: jsonValue(args) ?? args } : {}),
    ...(a['output.value'] !== undefined ? { result: message?.content ?? textOf(a['output.value']) } : {}),
    consumed: keys.filter((k) => k in a),
  };
}
