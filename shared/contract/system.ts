import { z } from 'zod';
import { TRACE_GROUPINGS } from '../formats/otlp/groups';
import { method } from './define';

export const HostKind = z.enum(['electron', 'web', 'cli']);

/** A folder the file browser may show, with everything under it: the home folder and the workspace's. */
const BrowseRoot = z.object({ name: z.string(), path: z.string() });

/** One entry of a listed folder. */
export const FolderEntry = z.object({
  name: z.string(),
  kind: z.enum(['dir', 'file']),
  /** Bytes; 0 for a folder. */
  size: z.number().int().nonnegative(),
  /** Last modified, ISO 8601. */
  modified: z.string(),
});
export type FolderEntry = z.infer<typeof FolderEntry>;

/** Where the trace receiver listens (null when off), and whether this host lets the UI turn it on. */
const TraceReceiverState = z.object({
  listening: z.object({ endpoint: z.string(), path: z.string(), token: z.string().nullable() }).nullable(),
  /** The desktop app's receiver is a setting; the web host's is set when it starts. */
  configurable: z.boolean(),
  port: z.number().int(),
  /** One trajectory per conversation (its traces together), or one per trace linked by `conversation_id`. */
  grouping: z.enum(TRACE_GROUPINGS as [string, ...string[]]),
});

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
  'system.traceReceiver': method({
    summary:
      'Where the OTLP/HTTP trace receiver listens (OTEL_EXPORTER_OTLP_ENDPOINT), or null when it is off; it needs the host token as a Bearer header.',
    args: z.object({}),
    result: TraceReceiverState,
  }),
  'system.setTraceReceiver': method({
    summary:
      "Turn the desktop app's trace receiver on (on 127.0.0.1, the port given or any free one, a new token) or off; kept for the next start. The web host's is set with trellis serve --traces.",
    args: z.object({ enabled: z.boolean(), port: z.number().int().min(0).max(65535).default(0) }),
    result: TraceReceiverState,
  }),
  'system.setTraceGrouping': method({
    summary:
      'Group received traces into one trajectory per conversation (gen_ai.conversation.id) or one per trace (linked by their conversation_id metadata); kept with the workspace, applied to traces that arrive after.',
    args: z.object({ grouping: z.enum(TRACE_GROUPINGS as [string, ...string[]]) }),
    result: TraceReceiverState,
  }),
  'system.pickFile': method({
    summary: 'Ask the user for a file with the native dialog (desktop app only; the web host answers null).',
    args: z.object({ title: z.string(), extensions: z.array(z.string().regex(/^[a-z0-9]+$/i)).min(1) }),
    result: z.object({ path: z.string().nullable(), supported: z.boolean() }),
  }),
  'system.listFolder': method({
    summary:
      "List a folder on the backend's machine for the file browser: only under the home folder or the workspace's folder (symlinks resolved).",
    args: z.object({
      /** An absolute path; absent: the workspace's folder. */
      path: z.string().max(4096).optional(),
    }),
    result: z.object({
      /** The folder listed, symlinks resolved. */
      path: z.string(),
      /** The folders that may be browsed; `root` is the one `path` is under. */
      roots: z.array(BrowseRoot),
      root: BrowseRoot,
      /** From the root down to `path`, each with the path that opens it. */
      crumbs: z.array(BrowseRoot),
      /** Folders first, then files, each by name; symlinks that lead outside the roots are left out. */
      entries: z.array(FolderEntry),
      /** More entries were there than are listed. */
      truncated: z.boolean(),
    }),
  }),
};
