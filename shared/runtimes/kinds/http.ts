import { z } from 'zod';
import type { RuntimeKindDescriptor } from './kind';

/** `{name}` in the URL is filled from the argument of that name; the rest go in the query (GET) or body. */
export const HttpRuntime = z.object({
  kind: z.literal('http'),
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});

export const http = {
  kind: 'http',
  schema: HttpRuntime,
  label: 'HTTP endpoint',
  noun: 'an HTTP endpoint',
  template: () => ({ kind: 'http', method: 'GET', url: 'https://' }),
  consent: { keyForm: 'METHOD URL' },
  usesModel: false,
  recorded: false,
} as const satisfies RuntimeKindDescriptor<typeof HttpRuntime>;
