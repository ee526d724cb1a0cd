import { isObject } from '../../json';
import { readRequest, readResponse } from '../messages';
import { countOf, jsonValue, type ModelCall } from './messages';
import type { OtlpSpan } from './spans';

/**
 * The OpenAI Agents SDK's spans as OpenInference's bridges write them
 * (`@arizeai/openinference-instrumentation-openai-agents`, and Python's
 * `openinference-instrumentation-openai-agents`): a `response` span is an LLM span whose
 * `input.value` holds the run's items as the SDK sent them and whose `output.value` holds the
 * Responses API's whole reply. The `llm.input_messages.N` / `llm.output_messages.N` it also writes
 * make one message of each function call, and drop the text of earlier replies; the reply itself
 * says which calls the model made together, so it is read instead.
 */

const KIND = 'openinference.span.kind';

/** What the bridge writes on a response span beside the messages; read here, or repeated by what is. */
const READ = [
  KIND,
  'input.value',
  'input.mime_type',
  'output.value',
  'output.mime_type',
  'llm.model_name',
  'llm.system',
  'llm.provider',
  'llm.finish_reason',
  'llm.invocation_parameters',
  'llm.token_count.prompt',
  'llm.token_count.completion',
  'llm.token_count.total',
  'llm.token_count.prompt_details.cache_read',
  'llm.token_count.completion_details.reasoning',
];

const FLATTENED = ['llm.input_messages.', 'llm.output_messages.', 'llm.tools.'];

/**
 * One of the SDK's own items (JavaScript's `AgentInputItem`: `callId`, `function_call_result`
 * with `output: {type: "text", text}`) as the Responses API item it stands for; Python's items
 * are the API's already.
 */
function apiItemOf(item: unknown): unknown {
  if (!isObject(item)) return item;
  const { callId, providerData: _providerData, ...rest } = item;
  const out: Record<string, unknown> = { ...rest, ...(typeof callId === 'string' ? { call_id: callId } : {}) };
  if (typeof item.type === 'string' && item.type.endsWith('_call_result')) {
    out.type = item.type.replace(/_result$/, '_output');
    const output = item.output;
    out.output = isObject(output) && output.type === 'text' && typeof output.text === 'string' ? output.text : output;
  }
  if (Array.isArray(out.content))
    out.content = out.content.map((part) => {
      if (!isObject(part)) return part;
      const { providerData: _partData, ...kept } = part;
      return kept;
    });
  return out;
}

/** A Responses API reply (`{object: "response", output: [...]}`) in `output.value`, or null. */
function responseOf(span: OtlpSpan): Record<string, unknown> | null {
  const value = jsonValue(span.attributes['output.value']);
  return isObject(value) && value.object === 'response' && Array.isArray(value.output) ? value : null;
}

/**
 * A response span of an Agents SDK run: the agent's instructions as the system message, the
 * items it sent (any earlier replies, calls and results), and the reply as one assistant message
 * (its function calls together), with the reply's model, usage and the tools it was offered.
 */
export function openAIAgentsModelCall(span: OtlpSpan): ModelCall | null {
  const a = span.attributes;
  if (a[KIND] !== 'LLM') return null;
  const response = responseOf(span);
  if (!response) return null;
  const sent = a['input.value'];
  const items = typeof sent === 'string' ? (jsonValue(sent) ?? sent) : sent;
  const input = Array.isArray(items) ? items.map(apiItemOf) : items;
  const request = readRequest({ instructions: response.instructions, input, tools: response.tools }, 'input.value');
  const reply = readResponse(response, 'output.value');
  const usage = isObject(response.usage) ? response.usage : {};
  const prompt = countOf(usage.input_tokens);
  const completion = countOf(usage.output_tokens);
  return {
    convention: 'OpenInference (OpenAI Agents SDK)',
    input: request.messages,
    output: reply.messages.map(({ tokens: _tokens, ...m }) => m),
    tools: request.tools,
    ...(typeof response.model === 'string' ? { model: response.model } : {}),
    ...(prompt !== undefined || completion !== undefined
      ? { tokens: { prompt: prompt ?? 0, completion: completion ?? 0 } }
      : {}),
    consumed: Object.keys(a).filter((k) => READ.includes(k) || FLATTENED.some((p) => k.startsWith(p))),
  };
}

/**
 * A handoff span (`handoff to <agent>`: `tool.name` `handoff_to_<agent>`, `output.value`
 * `{"to_agent": …}`): no tool ran, the model's transfer call has its result in the next reply's
 * input already, so it is not read as a tool execution; its attributes stay in the metadata.
 */
export function isOpenAIAgentsHandoff(span: OtlpSpan): boolean {
  const a = span.attributes;
  const output = jsonValue(a['output.value']);
  return (
    a[KIND] === 'TOOL' &&
    typeof a['tool.name'] === 'string' &&
    a['tool.name'].startsWith('handoff_to_') &&
    isObject(output) &&
    'to_agent' in output
  );
}
