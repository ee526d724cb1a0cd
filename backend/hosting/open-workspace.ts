import { TrellisError } from '../../shared/errors';
import { createBackend, type Backend, type BackendOptions } from '../backend';
import { listBackups } from '../store/database';

/** Errors after which a backup of the workspace is the way back (too new, damaged, unreadable). */
const BACKUP_HELPS = new Set(['E2001', 'E2002', 'E2003']);

export type OpenedWorkspace =
  { ok: true; backend: Backend } | { ok: false; error: TrellisError; newestBackup: string | null };

/**
 * Opens a workspace for a shell. When it cannot be opened because the file is damaged or from
 * a newer Trellis, names the newest backup beside it so the shell can offer it: one policy
 * for the desktop dialog and the command line.
 */
export function openWorkspace(options: BackendOptions): OpenedWorkspace {
  try {
    return { ok: true, backend: createBackend(options) };
  } catch (error) {
    const trellisError = error instanceof TrellisError ? error : new TrellisError('E9000', String(error));
    const newestBackup = BACKUP_HELPS.has(trellisError.code) ? (listBackups(options.workspace)[0]?.path ?? null) : null;
    return { ok: false, error: trellisError, newestBackup };
  }
}
