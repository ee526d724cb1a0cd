import { isObject } from '../../json';
import { countOf, jsonValue, roleOf, textOf, type ChatMessage, type ModelCall, type ToolExecution } from './messages';
import type { OtlpSpan } from './spans';

/**
 * Monocle's conventions (monocle2ai, whose file exporter writes the SDK's span JSON): `span.type`
 * says what a span is (`inference…` a model call, `agentic.tool.invocation` a tool run), its
 * `entity.N.*` attributes name the model or tool, and its events hold the data — `data.input`
 * (`input`: the messages, each a `{"<role>": "<text>"}` JSON text), `data.output` (`response`)
 * and `metadata` (token counts).
 */

const eventAttributes = (span: OtlpSpan, name: string) => span.events.find((e) => e.name === name)?.attributes;

/** The `entity.N.*` attributes, the span's own and consumed as read. */
const entityKeys = (span: OtlpSpan) => Object.keys(span.attributes).filter((k) => /^entity\.\d+\./.test(k));

/** The name of the entity whose type starts with `prefix` (`model.` for the model a call used). */
function entityName(span: OtlpSpan, prefix: string): string | undefined {
  for (const key of entityKeys(span)) {
    const m = /^entity\.(\d+)\.type$/.exec(key);
    const type = span.attributes[key];
    if (m && typeof type === 'string' && type.startsWith(prefix)) {
      const name = span.attributes[`entity.${m[1]}.name`];
      if (typeof name === 'string') return name;
    }
  }
  return undefined;
}

/** One entry of `input` or a `response`: `{"user": "…"}` JSON text is that role's message, other text the fallback role's. */
function messageOf(entry: unknown, fallback: ChatMessage['role']): ChatMessage {
  const json = jsonValue(entry);
  if (isObject(json)) {
    const keys = Object.keys(json);
    if (keys.length === 1) return { role: roleOf(keys[0], fallback), content: textOf(json[keys[0]!]) ?? '' };
  }
  return { role: fallback, content: textOf(entry) ?? '' };
}

/** A Monocle inference span: its messages in, its response out, its model and tokens. */
export function monocleModelCall(span: OtlpSpan): ModelCall | null {
  const type = span.attributes['span.type'];
  if (typeof type !== 'string' || !type.startsWith('inference')) return null;
  const input = eventAttributes(span, 'data.input')?.input;
  const response = eventAttributes(span, 'data.output')?.response;
  // The provider API's own span under a framework's (`inference.modelapi`) carries no data.
  if (input === undefined && response === undefined) return null;
  const usage = eventAttributes(span, 'metadata') ?? {};
  const prompt = countOf(usage.prompt_tokens);
  const completion = countOf(usage.completion_tokens);
  const model = entityName(span, 'model.');
  return {
    convention: 'Monocle',
    input: (Array.isArray(input) ? input : input === undefined ? [] : [input]).map((m) => messageOf(m, 'user')),
    output: response === undefined ? [] : [messageOf(response, 'assistant')],
    tools: [],
    ...(model ? { model } : {}),
    ...(prompt !== undefined || completion !== undefined
      ? { tokens: { prompt: prompt ?? 0, completion: completion ?? 0 } }
      : {}),
    consumed: ['span.type', ...entityKeys(span)],
  };
}

/** A Monocle tool invocation: the tool (`entity.1.name`), what it was given and what it answered. */
export function monocleToolExecution(span: OtlpSpan): ToolExecution | null {
  if (span.attributes['span.type'] !== 'agentic.tool.invocation') return null;
  const name = span.attributes['entity.1.name'];
  const input = eventAttributes(span, 'data.input')?.input;
  const response = eventAttributes(span, 'data.output')?.response;
  const args = Array.isArray(input) && input.length === 1 ? input[0] : input;
  return {
    name: typeof name === 'string' ? name : span.name,
    ...(args !== undefined ? { args: jsonValue(args) ?? args } : {}),
    ...(response !== undefined ? { result: textOf(response) } : {}),
    consumed: ['span.type', ...entityKeys(span)],
  };
}
