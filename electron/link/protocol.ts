import type { ResponseMessage } from '../../shared/contract';
import type { TrellisErrorData } from '../../shared/errors';
import type { HelperMessage, HelperRequest } from '../../backend';
import { LinkPeer } from './peer';

/** How the main process asks the backend process to open a workspace. */
export interface OpenArgs {
  workspace: string;
  /** The key API keys are sealed with (32 bytes), unsealed by the OS keychain; null where there is none. */
  secretKey: Uint8Array | null;
  /** The user's own config folder (consent to start commands or call hosts): the app-data folder. */
  configDir?: string;
}

export type OpenReply =
  { ok: true; created: boolean } | { ok: false; error: TrellisErrorData; newestBackup: string | null };

/** What the main process asks of the backend process. */
export type BackendCalls = {
  open: { args: OpenArgs; result: OpenReply };
  /** One contract request exactly as the window sent it; answered with the contract's response. */
  request: { args: { message: unknown }; result: ResponseMessage };
  close: { args: null; result: null };
};

/** What the backend process asks of the main process: what only the main process can do. */
export type HostCalls = {
  pickFile: { args: { title: string; extensions: string[] }; result: string | null };
};

/**
 * One-way messages from the backend process: contract events for the windows, and the llama
 * helpers it wants (only the main process may start a utilityProcess, so it starts them and
 * relays their messages; `helper` is the backend process's own number for one).
 */
export type BackendNotes = {
  event: { name: string; payload: unknown };
  'helper.spawn': { helper: number; script: string; env: NodeJS.ProcessEnv };
  'helper.send': { helper: number; message: HelperRequest };
  'helper.kill': { helper: number };
};

/** One-way messages from the main process about the helpers it started. */
export type HostNotes = {
  'helper.spawned': { helper: number; pid: number };
  'helper.message': { helper: number; message: HelperMessage };
  'helper.exit': { helper: number; how: string };
};

/** The main process's end of the link. */
export class BackendPeer extends LinkPeer<HostCalls, BackendCalls, BackendNotes, HostNotes> {}
/** The backend process's end of the link. */
export class HostPeer extends LinkPeer<BackendCalls, HostCalls, HostNotes, BackendNotes> {}

/** A contract response that carries `error` for the request `raw` (with the id the window gave it). */
export function errorResponse(raw: unknown, error: TrellisErrorData): ResponseMessage {
  const id = (raw as { id?: unknown } | null)?.id;
  return { kind: 'response', id: typeof id === 'number' ? id : -1, ok: false, error };
}

/** The contract method a request names, for messages about it. */
export function requestMethod(raw: unknown): string {
  const method = (raw as { method?: unknown } | null)?.method;
  return typeof method === 'string' ? method : 'a request';
}
