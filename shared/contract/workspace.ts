import { z } from 'zod';
import { method } from './define';

export const workspaceMethods = {
  'workspace.backup': method({
    summary: 'Online backup of the workspace to a new file (defaults beside the workspace).',
    args: z.object({ destination: z.string().min(1).optional() }),
    result: z.object({ path: z.string(), bytes: z.number().int() }),
  }),
  'workspace.listBackups': method({
    summary: 'Backups found beside the workspace, newest first.',
    args: z.object({}),
    result: z.array(z.object({ path: z.string(), bytes: z.number().int(), modifiedAt: z.string() })),
  }),
};
