import { isObject } from '../../json';
import { readMessages } from '../messages';
import { inputMessages } from '../trajectories/langsmith';
import { responseMessages } from '../trajectories/trace-calls';
import { countOf, jsonValue, textOf, type ModelCall, type ToolExecution } from './messages';
import type { OtlpSpan } from './spans';

/**
 * The attributes LangSmith's OpenTelemetry exporter sets: `langsmith.span.kind` (llm, tool,
 * chain, …) and a run's whole inputs and outputs as JSON text in `gen_ai.prompt` and
 * `gen_ai.completion` (one attribute each, not the indexed `gen_ai.prompt.N.*`).
 */
const KIND = 'langsmith.span.kind';
const INPUTS = 'gen_ai.prompt';
const OUTPUTS = 'gen_ai.completion';

const kindOf = (span: OtlpSpan) => String(span.attributes[KIND] ?? '').toLowerCase();

const json = (value: unknown) => (typeof value === 'string' ? (jsonValue(value) ?? value) : value);

/** An llm span: the run's messages in and out, as the LangSmith reader reads a run's. */
export function langsmithModelCall(span: OtlpSpan): ModelCall | null {
  const a = span.attributes;
  if (kindOf(span) !== 'llm' || !(INPUTS in a || OUTPUTS in a)) return null;
  const outputs = json(a[OUTPUTS]);
  const model = [a['gen_ai.response.model'], a['gen_ai.request.model']].find((m) => typeof m === 'string');
  const prompt = countOf(a['gen_ai.usage.input_tokens'] ?? a['gen_ai.usage.prompt_tokens']);
  const completion = countOf(a['gen_ai.usage.output_tokens'] ?? a['gen_ai.usage.completion_tokens']);
  return {
    convention: 'LangSmith (langsmith.span.kind)',
    input: readMessages(inputMessages(json(a[INPUTS])) ?? []).messages,
    output: readMessages(responseMessages(outputs) ?? []).messages,
    tools: [],
    ...(typeof model === 'string' ? { model } : {}),
    ...(prompt !== undefined || completion !== undefined
      ? { tokens: { prompt: prompt ?? 0, completion: completion ?? 0 } }
      : {}),
    consumed: [KIND, INPUTS, OUTPUTS].filter((k) => k in a),
  };
}

/** A tool span: its arguments in `gen_ai.prompt` (`{input}`), its result in `gen_ai.completion` (`{output}`, a ToolMessage naming its call). */
export function langsmithToolExecution(span: OtlpSpan): ToolExecution | null {
  const a = span.attributes;
  if (kindOf(span) !== 'tool') return null;
  const inputs = json(a[INPUTS]);
  const outputs = json(a[OUTPUTS]);
  const output = isObject(outputs) && 'output' in outputs ? outputs.output : outputs;
  const message = isObject(output) && isObject(output.kwargs) ? output.kwargs : isObject(output) ? output : {};
  const callId = message.tool_call_id;
  const args = isObject(inputs) && Object.keys(inputs).length === 1 && 'input' in inputs ? inputs.input : inputs;
  const name = a['langsmith.trace.name'];
  return {
    name: typeof name === 'string' ? name : span.name,
    ...(typeof callId === 'string' ? { callId } : {}),
    ...(args !== undefined ? { args: json(args) } : {}),
    ...(output !== undefined
      ? { result: typeof callId === 'string' && 'content' in message ? textOf(message.content) : textOf(output) }
      : {}),
    consumed: [KIND, INPUTS, OUTPUTS].filter((k) => k in a),
  };
}
