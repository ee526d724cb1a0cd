import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { TrellisError } from '../../shared/errors';
import { isObject } from '../../shared/json';
import type { ConsentKind } from '../../shared/runs';
import type { WorkspaceStore } from '../store/workspace-store';
import { writeFileAtomic } from '../files/atomic-write';

export type { ConsentKind };

interface ConsentFile {
  version: 1;
  /** By workspace identity (`<workspace id> <absolute path>`): `kind:key` entries the user allowed. */
  workspaces: Record<string, string[]>;
}

const WORKSPACE_ID = 'workspace.id';

/**
 * What the user allowed a workspace to start, call or send to (an MCP server as it is started, an
 * HTTP endpoint as it is called, a model server; see `consent-request.ts` for the keys). It lives in the user's own config folder, keyed by the workspace's id and path,
 * never in the workspace: a workspace file from someone else carries no consent, and a copy
 * opened from elsewhere asks again. Read on every check, so two processes agree.
 */
export class ConsentStore {
  private readonly file: string;
  private readonly identity: string;

  constructor(configDir: string, store: WorkspaceStore) {
    this.file = path.join(configDir, 'consent.json');
    let id = store.settings.get<string>(WORKSPACE_ID);
    if (!id) store.settings.set(WORKSPACE_ID, (id = randomUUID()));
    this.identity = `${id} ${path.resolve(store.file)}`;
  }

  allowed(kind: ConsentKind, key: string): boolean {
    const granted = this.read({ strict: false }).workspaces[this.identity] ?? [];
    return granted.includes(`${kind}:${key}`);
  }

  allow(kind: ConsentKind, key: string): void {
    const config = this.read({ strict: true });
    const granted = new Set(config.workspaces[this.identity] ?? []);
    granted.add(`${kind}:${key}`);
    config.workspaces[this.identity] = [...granted];
    // Whole or not at all, and the user's alone: what they allowed is nobody else's to read.
    writeFileAtomic(this.file, JSON.stringify(config, null, 2), { mode: 0o600, folderMode: 0o700 });
  }

  /** A damaged file grants nothing; writing into it is refused so other consents are not lost. */
  private read({ strict }: { strict: boolean }): ConsentFile {
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return { version: 1, workspaces: {} };
    }
    try {
      const parsed: unknown = JSON.parse(text);
      if (isObject(parsed) && isObject(parsed.workspaces)) return parsed as unknown as ConsentFile;
    } catch {
      // reported below
    }
    if (!strict) return { version: 1, workspaces: {} };
    throw new TrellisError(
      'E2006',
      `The consent file ${this.file} is not valid JSON, so nothing can be added to it.`,
      'Fix or delete that file; Trellis will then ask again before it starts a server or calls a host.',
    );
  }
}
