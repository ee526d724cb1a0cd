import { z } from 'zod';
import type { RuntimeKindDescriptor } from './kind';

/**
 * The tool calls into its graph's environment (`ToolGraph.environment`): `method` names the
 * function of the environment's `tools` that answers it (the tool's own name unless set).
 */
export const EnvironmentRuntime = z.object({ kind: z.literal('environment'), method: z.string().max(200).optional() });

export const environment = {
  kind: 'environment',
  schema: EnvironmentRuntime,
  label: 'Environment (shared world)',
  noun: 'the graph’s environment',
  template: () => ({ kind: 'environment' }),
  consent: null,
  usesModel: false,
  recorded: false,
} as const satisfies RuntimeKindDescriptor<typeof EnvironmentRuntime>;
