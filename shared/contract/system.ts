import { z } from 'zod';
import { method } from './define';

export const HostKind = z.enum(['electron', 'web', 'cli']);

export const systemMethods = {
  'system.info': method({
    summary: 'Version, host and workspace the backend serves.',
    args: z.object({}),
    result: z.object({
      version: z.string(),
      host: HostKind,
      workspacePath: z.string(),
      schemaVersion: z.number().int(),
    }),
  }),
};
