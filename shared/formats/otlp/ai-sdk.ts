import { isObject } from '../../json';
import { declaredToolsOf, readMessages } from '../messages';
import { countOf, jsonValue, textOf, type ModelCall, type ToolExecution } from './messages';
import type { OtlpSpan } from './spans';

/**
 * The spans the Vercel AI SDK writes with its own `ai.*` attributes (v4 to v6 by
 * `experimental_telemetry`, v7 by `@ai-sdk/otel`'s `LegacyOpenTelemetry`): an outer span per
 * call (`ai.generateText`, `ai.streamText`: the run, its prompt, final text and summed usage), an
 * inner span per model call (`ai.generateText.doGenerate`, `ai.streamText.doStream`: the
 * messages sent, the tools declared, the reply and its usage), and `ai.toolCall` per tool run.
 * Only the inner spans are model calls; the outer one would repeat them all.
 */
const OPERATION = 'ai.operationId';
const MODEL_CALL = /^ai\.(generateText|streamText|generateObject|streamObject)\.do(Generate|Stream)$/;

/** Usage per model call, as each version names it: v5 and later, v4, then the GenAI attributes it also sets. */
const USAGE = {
  prompt: ['ai.usage.inputTokens', 'ai.usage.promptTokens', 'gen_ai.usage.input_tokens'],
  completion: ['ai.usage.outputTokens', 'ai.usage.completionTokens', 'gen_ai.usage.output_tokens'],
};
const MODEL = ['ai.response.model', 'gen_ai.response.model', 'ai.model.id', 'gen_ai.request.model'];
const PROMPT = ['ai.prompt.messages', 'ai.prompt.tools'];
const RESPONSE = ['ai.response.text', 'ai.response.reasoning', 'ai.response.toolCalls', 'ai.response.object'];

const operationOf = (span: OtlpSpan) => {
  const id = span.attributes[OPERATION];
  return typeof id === 'string' ? id : '';
};

/** The reply as an AI SDK assistant message: reasoning, text (or the object generated), then its calls. */
function replyOf(a: Record<string, unknown>): Record<string, unknown> {
  const content: unknown[] = [];
  const reasoning = a['ai.response.reasoning'];
  if (typeof reasoning === 'string' && reasoning) content.push({ type: 'reasoning', text: reasoning });
  const text = a['ai.response.text'] ?? a['ai.response.object'];
  if (typeof text === 'string' && text) content.push({ type: 'text', text });
  const calls = jsonValue(a['ai.response.toolCalls']);
  for (const call of Array.isArray(calls) ? calls.filter(isObject) : [])
    content.push({ ...call, type: 'tool-call', input: jsonValue(call.input ?? call.args) ?? call.input ?? call.args });
  return { role: 'assistant', content };
}

/** An inner `do*` span: the conversation sent, the reply, the tools, the model and the call's own tokens. */
export function aiSdkModelCall(span: OtlpSpan): ModelCall | null {
  const a = span.attributes;
  if (!MODEL_CALL.test(operationOf(span))) return null;
  const first = (keys: string[]) => keys.map((k) => a[k]).find((v) => v !== undefined);
  const model = first(MODEL);
  const prompt = countOf(first(USAGE.prompt));
  const completion = countOf(first(USAGE.completion));
  const tools = a['ai.prompt.tools'];
  return {
    convention: 'Vercel AI SDK (ai.*)',
    input: readMessages(a['ai.prompt.messages'], { shape: 'ai-sdk' }).messages,
    output: readMessages(replyOf(a), { shape: 'ai-sdk' }).messages,
    tools: declaredToolsOf(Array.isArray(tools) ? tools.map(jsonValue) : tools),
    ...(typeof model === 'string' ? { model } : {}),
    ...(prompt !== undefined || completion !== undefined
      ? { tokens: { prompt: prompt ?? 0, completion: completion ?? 0 } }
      : {}),
    consumed: [OPERATION, ...PROMPT, ...RESPONSE, ...MODEL, ...USAGE.prompt, ...USAGE.completion].filter((k) => k in a),
  };
}

/** An `ai.toolCall` span: the call's name, id and arguments, and its result (`args`/`result` to v6, `input`/`output` after). */
export function aiSdkToolExecution(span: OtlpSpan): ToolExecution | null {
  const a = span.attributes;
  if (operationOf(span) !== 'ai.toolCall') return null;
  const args = a['ai.toolCall.args'] ?? a['ai.toolCall.input'];
  const result = a['ai.toolCall.result'] ?? a['ai.toolCall.output'];
  const keys = [OPERATION, 'ai.toolCall.name', 'ai.toolCall.id', 'ai.toolCall.args', 'ai.toolCall.input'];
  keys.push('ai.toolCall.result', 'ai.toolCall.output');
  return {
    name: typeof a['ai.toolCall.name'] === 'string' ? a['ai.toolCall.name'] : span.name,
    ...(typeof a['ai.toolCall.id'] === 'string' ? { callId: a['ai.toolCall.id'] } : {}),
    ...(args !== undefined ? { args: jsonValue(args) ?? args } : {}),
    ...(result !== undefined ? { result: textOf(result) } : {}),
    consumed: keys.filter((k) => k in a),
  };
}
