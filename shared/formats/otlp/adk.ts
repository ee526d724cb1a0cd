import type { ToolCall } from '../../domain';
import { isObject } from '../../json';
import { declaredToolsOf, readMessages } from '../messages';
import { countOf, jsonValue, textOf, type ChatMessage, type ModelCall, type ToolExecution } from './messages';
import type { OtlpSpan } from './spans';

/**
 * Google's Agent Development Kit (ADK, tracer `gcp.vertex.agent`, Python and TypeScript). Its
 * `call_llm` span holds the request and the response as the SDK objects' JSON:
 * `gcp.vertex.agent.llm_request` (`{model, config: {system_instruction, tools}, contents}`, Gemini
 * contents; camelCase from TypeScript) and `gcp.vertex.agent.llm_response` (`{content,
 * usage_metadata, finish_reason}`); its `execute_tool` spans hold `gcp.vertex.agent.tool_call_args`
 * and `gcp.vertex.agent.tool_response` (and `'{}'` for the request and response, which a tool span
 * has none of). `gcp.vertex.agent.session_id` names the session (the conversation) a call belongs to.
 */

const REQUEST = 'gcp.vertex.agent.llm_request';
const RESPONSE = 'gcp.vertex.agent.llm_response';
const ADK_KEYS = [
  REQUEST,
  RESPONSE,
  'gcp.vertex.agent.invocation_id',
  'gcp.vertex.agent.session_id',
  'gcp.vertex.agent.event_id',
  'gen_ai.system',
  'gen_ai.request.model',
  'gen_ai.usage.input_tokens',
  'gen_ai.usage.output_tokens',
];

/** A system instruction as ADK's config holds it: text, a Content, or a list of either. */
function instructionText(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  if (Array.isArray(value)) return value.map(instructionText).filter(Boolean).join('\n') || undefined;
  if (isObject(value) && Array.isArray(value.parts))
    return (
      value.parts
        .map((p) => (isObject(p) && typeof p.text === 'string' ? p.text : ''))
        .filter(Boolean)
        .join('\n') || undefined
    );
  return undefined;
}

/**
 * Gemini contents as messages whose calls are named by where they sit (`call_<content>_<part>`,
 * counted from `first`): ADK takes its own ids off the calls it sends the model, so a call must
 * be named the same in the response that made it and in every later request. A result answers
 * the call whose id it names, else the oldest unanswered call of its name.
 */
function placedMessages(contents: unknown[], first: number): ChatMessage[] {
  const renamed = new Map<string, string>();
  const open: ToolCall[] = [];
  return contents.flatMap((content, i) =>
    readMessages([content], { shape: 'gemini' }).messages.map((m): ChatMessage => {
      if (m.toolCalls?.length) {
        const calls = m.toolCalls.map((c, k) => {
          const id = `call_${first + i}_${k}`;
          renamed.set(c.id, id);
          return { ...c, id };
        });
        open.push(...calls);
        return { ...m, toolCalls: calls };
      }
      if (m.role !== 'tool') return m;
      const named = m.toolCallId ? renamed.get(m.toolCallId) : undefined;
      const at = open.findIndex((c) => (named ? c.id === named : c.name === m.name));
      const call = at >= 0 ? open.splice(at, 1)[0] : undefined;
      const { toolCallId: _, ...rest } = m;
      return call ? { ...rest, toolCallId: call.id } : rest;
    }),
  );
}

/** An ADK `call_llm` span: the Gemini contents sent, the content answered, the config's system instruction and tools. */
export function adkModelCall(span: OtlpSpan): ModelCall | null {
  const a = span.attributes;
  const request = jsonValue(a[REQUEST]);
  const response = jsonValue(a[RESPONSE]);
  if (!isObject(request) || !Array.isArray(request.contents)) return null;
  const config = isObject(request.config) ? request.config : {};
  // ADK's LlmResponse (`content`), or Gemini's own response (`candidates[0].content`).
  const candidate = isObject(response) && Array.isArray(response.candidates) ? response.candidates[0] : undefined;
  const content =
    isObject(response) && isObject(response.content)
      ? response.content
      : isObject(candidate)
        ? candidate.content
        : undefined;
  const answered = isObject(content) ? [content] : [];
  // The answer joins the contents the next request sends, after those this one sent.
  const output = placedMessages(answered, request.contents.length);
  const system = instructionText(config.system_instruction ?? config.systemInstruction);
  // snake_case as ADK Python dumps it, camelCase as ADK for TypeScript writes it.
  const usage = isObject(response) ? (response.usage_metadata ?? response.usageMetadata) : undefined;
  const counts = isObject(usage) ? usage : {};
  const prompt =
    countOf(a['gen_ai.usage.input_tokens']) ?? countOf(counts.prompt_token_count ?? counts.promptTokenCount);
  const completion =
    countOf(a['gen_ai.usage.output_tokens']) ?? countOf(counts.candidates_token_count ?? counts.candidatesTokenCount);
  const model = [a['gen_ai.request.model'], request.model].find((m): m is string => typeof m === 'string');
  return {
    convention: 'ADK (gcp.vertex.agent)',
    input: [...(system ? [{ role: 'system' as const, content: system }] : []), ...placedMessages(request.contents, 0)],
    output,
    tools: declaredToolsOf(config.tools),
    ...(model ? { model } : {}),
    ...(prompt !== undefined || completion !== undefined
      ? { tokens: { prompt: prompt ?? 0, completion: completion ?? 0 } }
      : {}),
    consumed: ADK_KEYS.filter((k) => k in a),
  };
}

/** An ADK `execute_tool` span: the tool, its call id, the arguments and the response it gave the model. */
export function adkToolExecution(span: OtlpSpan): ToolExecution | null {
  const a = span.attributes;
  if (!('gcp.vertex.agent.tool_call_args' in a) || a['gen_ai.tool.name'] === '(merged tools)') return null;
  if (typeof a['gen_ai.tool.name'] !== 'string') return null;
  const callId = a['gen_ai.tool.call.id'];
  const args = jsonValue(a['gcp.vertex.agent.tool_call_args']);
  const response = a['gcp.vertex.agent.tool_response'];
  const keys = [...ADK_KEYS, 'gen_ai.operation.name', 'gen_ai.tool.name', 'gen_ai.tool.call.id'];
  keys.push('gcp.vertex.agent.tool_call_args', 'gcp.vertex.agent.tool_response');
  return {
    name: a['gen_ai.tool.name'],
    ...(typeof callId === 'string' && callId !== '<not specified>' ? { callId } : {}),
    ...(args !== undefined ? { args } : {}),
    // The model got the response as JSON; Python's spacing is not the model's, so it is written anew.
    ...(response !== undefined ? { result: textOf(jsonValue(response) ?? response) } : {}),
    consumed: keys.filter((k) => k in a),
  };
}
