import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { safeStorage } from 'electron';

const FILE = 'secret-key';

/**
 * The key the backend process seals API keys with. It is kept in the user-data folder encrypted
 * by the OS keychain (safeStorage, which works only in the main process), made on first use.
 * Null where the keychain cannot be used: keys then live only for the session, as before.
 */
export function loadSecretKey(userData: string): Uint8Array | null {
  if (!safeStorage.isEncryptionAvailable()) return null;
  const file = path.join(userData, FILE);
  try {
    // A fresh Uint8Array, not a Buffer: a small Buffer is a view of a shared pool, and posting a
    // view would copy the whole pool to the backend process.
    if (fs.existsSync(file))
      return new Uint8Array(Buffer.from(safeStorage.decryptString(fs.readFileSync(file)), 'base64'));
    const key = new Uint8Array(crypto.randomBytes(32));
    fs.mkdirSync(userData, { recursive: true });
    // 'wx': never replace a key that exists; keys sealed with it would become unreadable.
    fs.writeFileSync(file, safeStorage.encryptString(Buffer.from(key).toString('base64')), { flag: 'wx', mode: 0o600 });
    return key;
  } catch (error) {
    console.error(`Trellis: API keys will not be stored this session (${(error as Error).message}).`);
    return null;
  }
}
