import type { DeclaredTool } from '../../domain';
import { isObject } from '../../json';
import { readMessages } from '../messages';
import { callOf, message } from '../messages/common';
import { genAiToolExecution } from './genai';
import { countOf, jsonValue, messagesOfParts, textOf, type ModelCall, type ToolExecution } from './messages';
import type { OtlpSpan } from './spans';

/**
 * Spans written by `@mastra/otel-exporter`, which names each Mastra span's kind in
 * `mastra.span.type`. An agent run holds one model generation (the agent's loop), that one step
 * per model call, and each step the inference (the provider call, with the tokens), the chunks
 * and the tools it ran. The conversation is read from the generation (the prompt) and the steps
 * (each model answer, text and calls together); the exporter's `chat` span has the answer's text
 * only, so it is read with its step rather than on its own.
 */
const SPAN_TYPE = 'mastra.span.type';
const CONVENTION = 'Mastra (mastra.model_step)';
const USAGE = { prompt: 'gen_ai.usage.input_tokens', completion: 'gen_ai.usage.output_tokens' };
const MODEL_KEYS = ['gen_ai.response.model', 'gen_ai.request.model'];

const typeOf = (span: OtlpSpan) => span.attributes[SPAN_TYPE];

/** Mastra's agent run, generation, step or inference span as a model call; null for any other span. */
export function mastraModelCall(span: OtlpSpan, trace: readonly OtlpSpan[]): ModelCall | null {
  switch (typeOf(span)) {
    case 'agent_run':
      return agentRun(span, trace);
    case 'model_generation':
      return generation(span);
    case 'model_step':
      return step(span, trace);
    case 'model_inference':
      return inferenceInStep(span, trace);
    default:
      return null;
  }
}

/**
 * The agent's tools: `gen_ai.tool.definitions` holds their names only (the exporter writes no
 * schema anywhere), so each gets the description its tool spans carry, where one ran.
 */
function agentRun(span: OtlpSpan, trace: readonly OtlpSpan[]): ModelCall {
  const names = jsonValue(span.attributes['gen_ai.tool.definitions']);
  const tools: DeclaredTool[] = (Array.isArray(names) ? names : [])
    .filter((n): n is string => typeof n === 'string')
    .map((name) => {
      const ran = trace.find((s) => typeOf(s) === 'tool_call' && s.attributes['gen_ai.tool.name'] === name);
      return { name, description: textOf(ran?.attributes['gen_ai.tool.description']) ?? '', parameters: {} };
    });
  return {
    convention: CONVENTION,
    input: [],
    output: [],
    tools,
    consumed: [SPAN_TYPE, 'gen_ai.operation.name', 'gen_ai.tool.definitions'].filter((k) => k in span.attributes),
  };
}

/**
 * The prompt the agent's loop started from (its system and user messages), as the AI SDK
 * messages Mastra sent; or, where the generation is the exporter's `chat` span (Mastra without
 * inference spans), its GenAI messages, model and tokens (the steps then carry none).
 */
function generation(span: OtlpSpan): ModelCall {
  const a = span.attributes;
  const own = jsonValue(a['mastra.model_generation.input']);
  const input = isObject(own) ? readMessages(own.messages).messages : messagesOfParts(a['gen_ai.input.messages']);
  const tokens = tokensOf(span);
  const model = modelOf(span);
  const read = [SPAN_TYPE, 'gen_ai.operation.name', 'mastra.model_generation.input', 'gen_ai.input.messages'];
  return {
    convention: CONVENTION,
    input,
    output: [],
    tools: [],
    ...(model ? { model } : {}),
    ...(tokens ? { tokens } : {}),
    consumed: [...read, ...MODEL_KEYS, ...Object.values(USAGE)].filter((k) => k in a),
  };
}

/**
 * One model call of the loop: its answer from `mastra.model_step.output` (`{text, toolCalls:
 * [{toolCallId, toolName, args}]}`), with the model and tokens of the inference span inside it.
 * Its input is left unread: Mastra writes it as a preview (earlier calls as `[tool: name]`),
 * and what it holds the generation's prompt and the earlier steps and tool spans already gave.
 */
function step(span: OtlpSpan, trace: readonly OtlpSpan[]): ModelCall {
  const output = jsonValue(span.attributes['mastra.model_step.output']);
  const answer = isObject(output) ? output : {};
  const calls = (Array.isArray(answer.toolCalls) ? answer.toolCalls : []).filter(isObject);
  const inference = trace.find((s) => s.parentSpanId === span.spanId && typeOf(s) === 'model_inference');
  const tokens = tokensOf(inference ?? span);
  const model = modelOf(inference ?? span);
  const text = textOf(answer.text);
  return {
    convention: CONVENTION,
    input: [],
    output: [
      message({
        role: 'assistant',
        content: text || undefined,
        toolCalls: calls.map((c, k) =>
          callOf(c.toolCallId, String(c.toolName), c.args ?? c.input, `call_${span.spanId}_${k}`),
        ),
      }),
    ],
    tools: [],
    ...(model ? { model } : {}),
    ...(tokens ? { tokens } : {}),
    consumed: [SPAN_TYPE, 'gen_ai.operation.name', 'mastra.model_step.output'].filter((k) => k in span.attributes),
  };
}

/**
 * The inference inside a step: its model and tokens are the step's, its text the step's answer.
 * Until its step span has arrived (a step ends after its inference), it reads as a `chat` span.
 */
function inferenceInStep(span: OtlpSpan, trace: readonly OtlpSpan[]): ModelCall | null {
  if (!trace.some((s) => s.spanId === span.parentSpanId && typeOf(s) === 'model_step')) return null;
  const read = [SPAN_TYPE, 'gen_ai.operation.name', 'gen_ai.output.messages', ...MODEL_KEYS, ...Object.values(USAGE)];
  return {
    convention: CONVENTION,
    input: [],
    output: [],
    tools: [],
    consumed: read.filter((k) => k in span.attributes),
  };
}

/**
 * A tool span of Mastra's: where the tool threw, the model was sent the error's message as the
 * result (an AI SDK `error-text` output), so the result is that message.
 */
export function mastraToolExecution(span: OtlpSpan): ToolExecution | null {
  if (typeOf(span) !== 'tool_call') return null;
  const exec = genAiToolExecution(span);
  if (!exec || exec.result !== undefined) return exec;
  const error = span.status.message || textOf(span.attributes['error.message']);
  return error ? { ...exec, result: error } : exec;
}

function tokensOf(span: OtlpSpan): ModelCall['tokens'] {
  const prompt = countOf(span.attributes[USAGE.prompt]);
  const completion = countOf(span.attributes[USAGE.completion]);
  return prompt === undefined && completion === undefined
    ? undefined
    : { prompt: prompt ?? 0, completion: completion ?? 0 };
}

function modelOf(span: OtlpSpan): string | undefined {
  const model = MODEL_KEYS.map((k) => span.attributes[k]).find((m) => typeof m === 'string');
  return typeof model === 'string' ? model : undefined;
}
