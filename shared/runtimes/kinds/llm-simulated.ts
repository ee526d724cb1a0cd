import { z } from 'zod';
import type { RuntimeKindDescriptor } from './kind';

/** The loaded model plays the tool; `instructions` add to what its description says. */
export const SimulatedRuntime = z.object({ kind: z.literal('llm-simulated'), instructions: z.string().optional() });

export const llmSimulated = {
  kind: 'llm-simulated',
  schema: SimulatedRuntime,
  label: 'Simulated by the model',
  noun: 'simulated by the model',
  template: () => ({ kind: 'llm-simulated' }),
  consent: null,
  usesModel: true,
  recorded: false,
} as const satisfies RuntimeKindDescriptor<typeof SimulatedRuntime>;
