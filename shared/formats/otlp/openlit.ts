import { genAiModelCall } from './genai';
import type { ModelCall } from './messages';
import type { OtlpSpan } from './spans';

/**
 * OpenLIT's spans are the GenAI conventions' (`gen_ai.input.messages`, …), with what it adds:
 * the reasoning text apart (`gen_ai.content.reasoning`), and the answer's calls again as
 * comma-joined `gen_ai.tool.name` / `gen_ai.tool.call.id` / `gen_ai.tool.args` on the model
 * call's span. Its input messages leave out the assistant's calls (only their results are
 * there); the assembler puts back the turn that made them.
 */
const OWN_KEYS = ['gen_ai.content.reasoning', 'gen_ai.tool.name', 'gen_ai.tool.call.id', 'gen_ai.tool.args'];

/** An OpenLIT model call (its scope is `openlit…`): the GenAI reading with the reasoning as the answer's thought. */
export function openLitModelCall(span: OtlpSpan): ModelCall | null {
  if (!span.scope.name.toLowerCase().startsWith('openlit')) return null;
  const call = genAiModelCall(span);
  if (!call) return null;
  const reasoning = span.attributes['gen_ai.content.reasoning'];
  const output = call.output.map((m, i) =>
    i === 0 && typeof reasoning === 'string' && reasoning && !m.thought ? { ...m, thought: reasoning } : m,
  );
  return {
    ...call,
    convention: `${call.convention}, OpenLIT`,
    output,
    consumed: [...call.consumed, ...OWN_KEYS.filter((k) => k in span.attributes)],
  };
}
