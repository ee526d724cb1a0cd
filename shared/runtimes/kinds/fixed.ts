import { z } from 'zod';
import { exampleArgs, exampleValue } from '../templates';
import type { RuntimeKindDescriptor } from './kind';

/**
 * The first response whose `match` (argument name → value; arguments left out match anything)
 * equals the call's arguments answers it; else `default`, when there is one.
 */
export const FixedRuntime = z.object({
  kind: z.literal('fixed'),
  responses: z.array(z.object({ match: z.record(z.string(), z.unknown()), result: z.unknown() })),
  default: z.unknown().optional(),
});

export const fixed = {
  kind: 'fixed',
  schema: FixedRuntime,
  label: 'Fixed responses',
  noun: 'fixed responses',
  template: (tool) => ({
    kind: 'fixed',
    responses: [{ match: exampleArgs(tool), result: exampleValue('', tool.returns) }],
  }),
  consent: null,
  usesModel: false,
  recorded: false,
} as const satisfies RuntimeKindDescriptor<typeof FixedRuntime>;
