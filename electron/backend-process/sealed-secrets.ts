import crypto from 'node:crypto';
import { TrellisError } from '../../shared/errors';
import type { SecretStore } from '../../backend';

const PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function unreadable(why: string): TrellisError {
  return new TrellisError(
    'E5004',
    `The API key stored for the remote server cannot be read on this computer (${why}).`,
    'Enter the key again under Models → Remote server.',
  );
}

/**
 * API keys sealed with AES-256-GCM under a key that the main process keeps encrypted by the OS
 * keychain (safeStorage works only in the main process). Sealing and unsealing stay
 * synchronous, as the backend's SecretStore is, with no round trip to the main process.
 */
export function sealedSecrets(key: Uint8Array): SecretStore {
  if (key.byteLength !== 32) throw new Error(`A sealing key has 32 bytes, not ${key.byteLength}.`);
  const secret = Buffer.from(key);
  return {
    protect(plain) {
      const iv = crypto.randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv('aes-256-gcm', secret, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    reveal(stored) {
      if (!stored.startsWith(PREFIX)) throw unreadable('it was stored by an earlier Trellis');
      const bytes = Buffer.from(stored.slice(PREFIX.length), 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw unreadable('it is cut short');
      const decipher = crypto.createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, IV_BYTES));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw unreadable('it was sealed by another Trellis installation or changed');
      }
    },
  };
}
