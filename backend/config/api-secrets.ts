import fs from 'node:fs';
import path from 'node:path';
import { TrellisError } from '../../shared/errors';
import { isObject } from '../../shared/json';
import type { SecretStore } from '../context';
import { writeFileAtomic } from '../files/atomic-write';

interface SecretsFile {
  version: 1;
  /** By secret name (`<api>/<scheme>`): the value as the platform's secret store sealed it, or as given where there is none. */
  secrets: Record<string, { sealed: string } | { plain: string }>;
}

/** A secret's name as HTTP runtimes carry it: what the CLI and the inspector ask for. */
export const SECRET_NAME = /^[\w.-]+(\/[\w.-]+)*$/;

/**
 * API keys and tokens that HTTP runtimes send, set once on this machine: in the user's own config
 * folder (sealed by the platform's secret store where there is one, else in a file only the user
 * can read), never in a workspace. A workspace names a secret; only the consent to call its host
 * as it is called (which shows where the secret goes) lets it be sent.
 */
export class ApiSecrets {
  private readonly file: string;

  constructor(
    configDir: string,
    private readonly sealer?: SecretStore,
  ) {
    this.file = path.join(configDir, 'api-secrets.json');
  }

  get(name: string): string | undefined {
    const entry = this.read({ strict: false }).secrets[name];
    if (!entry) return undefined;
    if ('plain' in entry) return entry.plain;
    if (!this.sealer)
      throw new TrellisError(
        'E5004',
        `The secret "${name}" was sealed by the desktop app, which this Trellis cannot unseal.`,
        `Set it again here: trellis graph secret ${name}`,
      );
    return this.sealer.reveal(entry.sealed);
  }

  /** Which of these names have a value set (the values are never listed). */
  which(names: string[]): string[] {
    const { secrets } = this.read({ strict: false });
    return names.filter((name) => Object.hasOwn(secrets, name));
  }

  /** Sets (or, with an empty value, removes) a secret. */
  set(name: string, value: string): void {
    if (!SECRET_NAME.test(name))
      throw new TrellisError(
        'E1002',
        `"${name}" is not a secret name.`,
        'Use the name the tool runtime gives: letters, digits, ".", "-", "_" in parts joined by "/".',
      );
    const config = this.read({ strict: true });
    if (value) config.secrets[name] = this.sealer ? { sealed: this.sealer.protect(value) } : { plain: value };
    else delete config.secrets[name];
    writeFileAtomic(this.file, JSON.stringify(config, null, 2), { mode: 0o600, folderMode: 0o700 });
  }

  private read({ strict }: { strict: boolean }): SecretsFile {
    let raw: string;
    try {
      raw = fs.readFileSync(this.file, 'utf8');
    } catch {
      return { version: 1, secrets: {} };
    }
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isObject(parsed) && isObject(parsed.secrets)) return parsed as unknown as SecretsFile;
    } catch {
      // reported below
    }
    if (!strict) return { version: 1, secrets: {} };
    throw new TrellisError(
      'E2006',
      `The secrets file ${this.file} is not valid JSON, so nothing can be added to it.`,
      'Fix or delete that file, then set the secrets again.',
    );
  }
}
