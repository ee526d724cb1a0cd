import { z } from 'zod';
import { mockTemplate } from '../templates';
import type { RuntimeKindDescriptor } from './kind';

/** A function body in JavaScript that sees `args` and returns the result; runs in a sandbox. */
export const MockRuntime = z.object({ kind: z.literal('mock'), code: z.string() });

export const mock = {
  kind: 'mock',
  schema: MockRuntime,
  label: 'JavaScript mock',
  noun: 'mock code',
  template: (tool) => ({ kind: 'mock', code: mockTemplate(tool) }),
  consent: null,
  usesModel: false,
  recorded: false,
} as const satisfies RuntimeKindDescriptor<typeof MockRuntime>;
