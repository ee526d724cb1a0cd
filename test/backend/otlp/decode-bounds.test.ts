import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_VALUES, TooManyValuesError } from '../../../backend/otlp/count';
import { decodeJsonRequest, decodeProtobufRequest, PayloadError } from '../../../backend/otlp/decode';
import { exportRequest, span } from '../../helpers/otlp-json';

/** 64 MiB of empty ResourceSpans on the wire (field 1, length 0): 33.5 M messages. */
const protobufBomb = () => Buffer.alloc(64 * 1024 * 1024, Buffer.from([0x0a, 0x00]));
/** 64 MiB of JSON: a list of 22 M empty objects. */
const jsonBomb = () => Buffer.from(`{"resourceSpans":[${'{},'.repeat(22_000_000)}{}]}`);

const timed = (work: () => unknown) => {
  const started = performance.now();
  let thrown: unknown = null;
  try {
    work();
  } catch (error) {
    thrown = error;
  }
  return { thrown, seconds: (performance.now() - started) / 1000 };
};

describe('the OTLP decoder counts what a request holds before making anything of it', () => {
  it('refuses 64 MiB of empty protobuf messages at once, as too many values', () => {
    const body = protobufBomb();
    const heapBefore = process.memoryUsage().heapUsed;
    const { thrown, seconds } = timed(() => decodeProtobufRequest(body));
    expect(thrown).toBeInstanceOf(TooManyValuesError);
    expect((thrown as Error).message).toMatch(/more than 1,000,000 values/);
    expect(seconds).toBeLessThan(2);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses 64 MiB of empty JSON objects at once, as too many values', () => {
    const body = jsonBomb();
    const { thrown, seconds } = timed(() => decodeJsonRequest(body));
    expect(thrown).toBeInstanceOf(TooManyValuesError);
    expect(seconds).toBeLessThan(2);
  });

  it('counts braces and commas inside strings as text, not values', () => {
    const text = '{,['.repeat(MAX_REQUEST_VALUES);
    const request = exportRequest([span({ name: 'agent', attributes: { 'gen_ai.prompt.0.content': text } })]);
    const decoded = decodeJsonRequest(Buffer.from(JSON.stringify(request)));
    expect(decoded).toEqual(request);
  });

  it('still reads a large ordinary request: 10,000 spans of 8 attributes', () => {
    const attributes = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`attribute.${i}`, `value ${i}`]));
    const request = exportRequest(Array.from({ length: 10_000 }, (_, i) => span({ name: `s${i}`, attributes })));
    const decoded = decodeJsonRequest(Buffer.from(JSON.stringify(request))) as typeof request;
    expect(decoded.resourceSpans[0]!.scopeSpans[0]!.spans).toHaveLength(10_000);
  });

  it('says a protobuf body whose lengths lie is not OTLP protobuf (a 400), not too large', () => {
    const lying = Buffer.from([0x0a, 0x05, 0x12, 0x10, 0x00]);
    const { thrown } = timed(() => decodeProtobufRequest(lying));
    expect(thrown).toBeInstanceOf(PayloadError);
    expect((thrown as Error).message).toMatch(/not an OTLP ExportTraceServiceRequest in protobuf/);
  });
});
