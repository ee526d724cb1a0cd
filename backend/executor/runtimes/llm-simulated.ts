import { generationSchema } from '../../../shared/plans';
import type { RuntimeCall } from './types';

/** The loaded model plays the tool: its description, result schema and arguments in, JSON of that schema out. */
export const simulatedCall: RuntimeCall<'llm-simulated'> = {
  call: async (tool, { instructions }, args, deps) => {
    if (!deps.generate)
      return {
        ok: false,
        error: `${tool.name} is simulated by the model, and no model is loaded; load one in Models.`,
      };
    const { text, tokens } = await deps.generate(
      {
        prompt:
          `You are the tool ${tool.name}: ${tool.description}\n` +
          (instructions ? `${instructions}\n` : '') +
          `Its result schema: ${JSON.stringify(tool.returns)}\n` +
          `Arguments: ${JSON.stringify(args)}\nReply with the result as JSON.`,
        chat: true,
        maxTokens: 400,
        temperature: 0.2,
        seed: deps.seed,
        jsonSchema: generationSchema(tool.returns),
      },
      deps.signal,
    );
    const counted = tokens ? { tokens } : {};
    try {
      return { ok: true, result: JSON.parse(text), ...counted };
    } catch {
      return { ok: false, error: `the model's answer for ${tool.name} was cut off: ${text.slice(0, 80)}…`, ...counted };
    }
  },
  result: {
    what: "the model's answer",
    fix: 'Step again, or give the tool a returns schema that says what the result holds.',
  },
};
