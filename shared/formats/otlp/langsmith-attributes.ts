import { isObject } from '../../json';
import { readMessages } from '../messages';
import { inputMessages } from '../trajectories/langsmith';
import { responseMessages } from '../trajectories/trace-calls';
import { countOf, jsonValue, textOf, toolsOf, type ModelCall, type ToolExecution } from './messages';
import type { OtlpSpan } from './spans';

/**
 * The attributes LangSmith's OpenTelemetry exporter sets: `langsmith.span.kind` (llm, tool,
 * chain, …) and a run's whole inputs and outputs as JSON in `gen_ai.prompt` and
 * `gen_ai.completion` (one attribute each, not the indexed `gen_ai.prompt.N.*`; the Python SDK
 * sends them as bytes, read as text by `anyValue`). A run's metadata is `langsmith.metadata.*`,
 * dicts and lists as JSON text.
 */
const KIND = 'langsmith.span.kind';
const INPUTS = 'gen_ai.prompt';
const OUTPUTS = 'gen_ai.completion';
// LangChain leaves `tools` out of the metadata it traces; a run given its invocation params as
// metadata (as the exporter looks for them) has them here.
const INVOCATION_PARAMS = 'langsmith.metadata.invocation_params';
const MODEL_NAME = 'langsmith.metadata.ls_model_name';

const kindOf = (span: OtlpSpan) => String(span.attributes[KIND] ?? '').toLowerCase();

const json = (value: unknown) => (typeof value === 'string' ? (jsonValue(value) ?? value) : value);

/** An llm span: the run's messages in and out, as the LangSmith reader reads a run's. */
export function langsmithModelCall(span: OtlpSpan): ModelCall | null {
  const a = span.attributes;
  if (kindOf(span) !== 'llm' || !(INPUTS in a || OUTPUTS in a)) return null;
  const outputs = json(a[OUTPUTS]);
  const model = [a['gen_ai.response.model'], a['gen_ai.request.model'], a[MODEL_NAME]].find(
    (m) => typeof m === 'string',
  );
  const params = json(a[INVOCATION_PARAMS]);
  const prompt = countOf(a['gen_ai.usage.input_tokens'] ?? a['gen_ai.usage.prompt_tokens']);
  const completion = countOf(a['gen_ai.usage.output_tokens'] ?? a['gen_ai.usage.completion_tokens']);
  return {
    convention: 'LangSmith (langsmith.span.kind)',
    input: readMessages(inputMessages(json(a[INPUTS])) ?? []).messages,
    output: readMessages(responseMessages(outputs) ?? []).messages,
    tools: isObject(params) && Array.isArray(params.tools) ? toolsOf(params.tools) : [],
    ...(typeof model === 'string' ? { model } : {}),
    ...(prompt !== undefined || completion !== undefined
      ? { tokens: { prompt: prompt ?? 0, completion: completion ?? 0 } }
      : {}),
    consumed: [KIND, INPUTS, OUTPUTS, INVOCATION_PARAMS].filter((k) => k in a),
  };
}

/** A tool span: its arguments in `gen_ai.prompt` (`{input}`), its result in `gen_ai.completion` (`{output}`, a ToolMessage naming its call). */
export function langsmithToolExecution(span: OtlpSpan): ToolExecution | null {
  const a = span.attributes;
  if (kindOf(span) !== 'tool') return null;
  const inputs = json(a[INPUTS]);
  const outputs = json(a[OUTPUTS]);
  const output = isObject(outputs) && 'output' in outputs ? outputs.output : outputs;
  // A tool that raised has no output (`{}`): its result is the error the span records.
  const returned = output !== undefined && !(isObject(output) && Object.keys(output).length === 0);
  const message = isObject(output) && isObject(output.kwargs) ? output.kwargs : isObject(output) ? output : {};
  // The exporter names the call only when the run's metadata did; the ToolMessage returned names it too.
  const callId = message.tool_call_id ?? a['gen_ai.tool.call.id'];
  const args = isObject(inputs) && Object.keys(inputs).length === 1 && 'input' in inputs ? inputs.input : inputs;
  const name = a['langsmith.trace.name'];
  return {
    name: typeof name === 'string' ? name : span.name,
    ...(typeof callId === 'string' ? { callId } : {}),
    ...(args !== undefined ? { args: json(args) } : {}),
    ...(returned
      ? { result: typeof callId === 'string' && 'content' in message ? textOf(message.content) : textOf(output) }
      : {}),
    consumed: [KIND, INPUTS, OUTPUTS].filter((k) => k in a),
  };
}
