const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Base64 (standard or URL-safe, padded or not) as its bytes, or null when it is not base64. */
export function base64Bytes(text: string): Uint8Array | null {
  const body = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*$/.test(body) || body.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((body.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let n = 0;
  for (const char of body) {
    value = ((value << 6) | BASE64.indexOf(char)) & 0xffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[n++] = (value >> bits) & 0xff;
    }
  }
  return bytes;
}

/** The leading byte of a UTF-8 sequence: how many bytes it spans and the least code point it may encode. */
function sequenceOf(lead: number): { length: number; least: number } | null {
  if (lead < 0x80) return { length: 1, least: 0 };
  if (lead >> 5 === 0b110) return { length: 2, least: 0x80 };
  if (lead >> 4 === 0b1110) return { length: 3, least: 0x800 };
  if (lead >> 3 === 0b11110) return { length: 4, least: 0x10000 };
  return null;
}

/**
 * Bytes as UTF-8 text, or null when they are not valid UTF-8 (overlong forms, surrogates and
 * truncated sequences included): written by hand because shared code has no TextDecoder.
 */
export function utf8Text(bytes: Uint8Array): string | null {
  const codes: number[] = [];
  let text = '';
  for (let i = 0; i < bytes.length;) {
    const sequence = sequenceOf(bytes[i]!);
    if (!sequence || i + sequence.length > bytes.length) return null;
    let code = sequence.length === 1 ? bytes[i]! : bytes[i]! & (0xff >> (sequence.length + 1));
    for (let k = 1; k < sequence.length; k++) {
      const next = bytes[i + k]!;
      if (next >> 6 !== 0b10) return null;
      code = (code << 6) | (next & 0x3f);
    }
    if (code < sequence.least || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
    codes.push(code);
    // In chunks: String.fromCodePoint takes its code points as arguments.
    if (codes.length === 4096) text += String.fromCodePoint(...codes.splice(0));
    i += sequence.length;
  }
  return text + String.fromCodePoint(...codes);
}
