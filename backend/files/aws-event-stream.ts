/**
 * The events of an AWS event stream (`application/vnd.amazon.eventstream`, as Bedrock's
 * `converse-stream` answers), each as `{<:event-type>: payload}`, or null when the bytes are not
 * one: length-prefixed messages of headers and a JSON payload, each with its checksums.
 */
export function awsEventStream(bytes: Buffer): Record<string, unknown>[] | null {
  const events: Record<string, unknown>[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.length - at < 16) return null;
    const total = bytes.readUInt32BE(at);
    const headersLength = bytes.readUInt32BE(at + 4);
    if (total < 16 || at + total > bytes.length || 12 + headersLength > total - 4) return null;
    const headers = headersOf(bytes.subarray(at + 12, at + 12 + headersLength));
    if (!headers) return null;
    const payload = bytes.subarray(at + 12 + headersLength, at + total - 4).toString('utf8');
    let value: unknown = payload;
    try {
      value = payload ? JSON.parse(payload) : {};
    } catch {
      // A payload that is not JSON is kept as its text.
    }
    const type = headers[':event-type'] ?? headers[':exception-type'] ?? headers[':message-type'] ?? 'event';
    events.push({ [type]: value });
    at += total;
  }
  return events.length ? events : null;
}

/** Header values by name (string-valued ones; others are skipped by their type's size), or null when malformed. */
function headersOf(bytes: Buffer): Record<string, string> | null {
  const headers: Record<string, string> = {};
  const fixed: Record<number, number> = { 0: 0, 1: 0, 2: 1, 3: 2, 4: 4, 5: 8, 8: 8, 9: 16 };
  let at = 0;
  while (at < bytes.length) {
    const nameLength = bytes[at]!;
    const name = bytes.subarray(at + 1, at + 1 + nameLength).toString('utf8');
    at += 1 + nameLength;
    const type = bytes[at];
    at += 1;
    if (type === 6 || type === 7) {
      if (at + 2 > bytes.length) return null;
      const length = bytes.readUInt16BE(at);
      if (type === 7) headers[name] = bytes.subarray(at + 2, at + 2 + length).toString('utf8');
      at += 2 + length;
    } else if (type !== undefined && type in fixed) at += fixed[type]!;
    else return null;
  }
  return at === bytes.length ? headers : null;
}
