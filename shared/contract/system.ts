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
  'system.pickFile': method({
    summary: 'Ask the user for a file with the native dialog (desktop app only; the web host answers null).',
    args: z.object({ title: z.string(), extensions: z.array(z.string().regex(/^[a-z0-9]+$/i)).min(1) }),
    result: z.object({ path: z.string().nullable(), supported: z.boolean() }),
  }),
};
