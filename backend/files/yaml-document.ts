import zlib from 'node:zlib';
import { parse, type ScalarTag } from 'yaml';
import { TrellisError } from '../../shared/errors';
import { awsEventStream } from './aws-event-stream';
import type { SourceRecord } from './records';

/** Ruby's `!binary` tag (Ruby VCR's cassettes write binary bodies with it): base64 bytes, as YAML's `!!binary`. */
const RUBY_BINARY: ScalarTag = {
  tag: '!binary',
  identify: () => false,
  resolve: (text: string) => Uint8Array.from(Buffer.from(text.replace(/\s+/g, ''), 'base64')),
};

/** A file named as YAML (`.yaml`, `.yml`, gzip-compressed or not): an HTTP cassette, read as one document. */
export const isYamlFile = (file: string) => /\.ya?ml(\.gz)?$/i.test(file);

/**
 * `!!binary` bytes as text: a recorder's gzip-compressed body (VCR.py keeps a compressed response
 * as binary) decompressed, and UTF-8 as its text; an AWS event stream (Bedrock's streamed reply)
 * as the JSON text of its events; other bytes stay base64, as they were written.
 */
function binaryText(bytes: Uint8Array): string {
  let data = Buffer.from(bytes);
  if (data[0] === 0x1f && data[1] === 0x8b) {
    try {
      data = zlib.gunzipSync(data);
    } catch {
      return Buffer.from(bytes).toString('base64');
    }
  }
  const events = awsEventStream(data);
  if (events) return JSON.stringify(events);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return Buffer.from(bytes).toString('base64');
  }
}

/**
 * The YAML text of a file: as it is, or, for a cassette written as base64 of gzip-compressed YAML
 * (LangChain's `YamlGzipSerializer` writes its `.yaml.gz` cassettes so), decoded and decompressed.
 */
function yamlText(bytes: Buffer): string {
  const text = bytes.toString('utf8');
  if (!/^\s*H4sI[A-Za-z0-9+/=\s]*$/.test(text)) return text;
  try {
    return zlib.gunzipSync(Buffer.from(text, 'base64')).toString('utf8');
  } catch {
    return text;
  }
}

/**
 * The one record a YAML file is: its document as JSON (keys and values as YAML 1.1 reads them,
 * `!!binary` bytes as text). A document that is not YAML, or not a mapping, is refused with where.
 */
export async function* yamlDocument(
  file: string,
  chunks: AsyncIterable<Buffer>,
  maxBytes: number,
): AsyncGenerator<SourceRecord> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > maxBytes)
      throw new TrellisError(
        'E1002',
        `${file} is a YAML document larger than ${maxBytes / 2 ** 20} MiB; it was not read.`,
      );
    parts.push(chunk);
  }
  let value: unknown;
  try {
    value = parse(yamlText(Buffer.concat(parts)), (_key, v) => (v instanceof Uint8Array ? binaryText(v) : v), {
      customTags: ['binary', RUBY_BINARY],
      logLevel: 'error',
      maxAliasCount: -1,
      uniqueKeys: false,
    });
  } catch (error) {
    throw new TrellisError('E1002', `${file} is not a YAML document: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new TrellisError(
      'E1002',
      `${file} is YAML, but not a mapping of fields (an HTTP cassette's "interactions").`,
    );
  yield { record: 1, line: 1, offset: 0, text: JSON.stringify(value), value };
}
