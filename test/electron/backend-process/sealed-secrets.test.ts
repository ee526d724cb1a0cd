import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealedSecrets } from '../../../electron/backend-process/sealed-secrets';

const key = () => new Uint8Array(crypto.randomBytes(32));

describe('API keys sealed in the backend process', () => {
  it('reveals what it protected, and never stores the key as it was given', () => {
    const secrets = sealedSecrets(key());
    const sealed = secrets.protect('sk-live-0123456789');
    expect(sealed).toMatch(/^sealed:v1:/);
    expect(sealed).not.toContain('sk-live');
    expect(Buffer.from(sealed.slice('sealed:v1:'.length), 'base64').toString('latin1')).not.toContain('sk-live');
    expect(secrets.reveal(sealed)).toBe('sk-live-0123456789');
  });

  it('seals the same key differently each time (a fresh nonce)', () => {
    const secrets = sealedSecrets(key());
    const first = secrets.protect('same');
    const second = secrets.protect('same');
    expect(first).not.toBe(second);
    expect([secrets.reveal(first), secrets.reveal(second)]).toEqual(['same', 'same']);
  });

  it('refuses a key sealed on another installation, an altered one, and one stored before sealing, saying what to do', () => {
    const sealed = sealedSecrets(key()).protect('sk-elsewhere');
    const here = sealedSecrets(key());
    const failure = { code: 'E5004', hint: 'Enter the key again under Models → Remote server.' };
    expect(() => here.reveal(sealed)).toThrow(expect.objectContaining(failure));
    expect(() => here.reveal(sealed)).toThrow(/another Trellis installation or changed/);

    const mine = here.protect('sk-mine');
    const bytes = Buffer.from(mine.slice('sealed:v1:'.length), 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(() => here.reveal(`sealed:v1:${bytes.toString('base64')}`)).toThrow(expect.objectContaining(failure));
    expect(() => here.reveal('sealed:v1:AAAA')).toThrow(/cut short/);
    expect(() => here.reveal('djEwAAAAsafeStorageBlob')).toThrow(/earlier Trellis/);
  });

  it('takes only a 32-byte key', () => {
    expect(() => sealedSecrets(new Uint8Array(16))).toThrow(/32 bytes, not 16/);
  });
});
