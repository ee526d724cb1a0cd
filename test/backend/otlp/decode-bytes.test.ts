import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { decodeProtobufRequest } from '../../../backend/otlp/decode';
import { OTLP_DESCRIPTOR } from '../../../backend/otlp/descriptor';
import { spansOfExport } from '../../../shared/formats/otlp/spans';

const REQUEST = protobuf.Root.fromJSON(OTLP_DESCRIPTOR as protobuf.INamespace).lookupType(
  'opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest',
);

/** A protobuf request of one span whose attributes are bytes values, as LangSmith's Python exporter sends. */
function requestWithBytes(attributes: Record<string, Uint8Array>) {
  const message = REQUEST.fromObject({
    resourceSpans: [
      {
        scopeSpans: [
          {
            spans: [
              {
                traceId: Buffer.alloc(16, 1),
                spanId: Buffer.alloc(8, 2),
                name: 'ChatOpenAI',
                attributes: Object.entries(attributes).map(([key, value]) => ({ key, value: { bytesValue: value } })),
              },
            ],
          },
        ],
      },
    ],
  });
  return REQUEST.encode(message).finish();
}

describe('a protobuf request with bytes attribute values', () => {
  it('gives UTF-8 bytes as their text and other bytes as base64', () => {
    const body = requestWithBytes({
      'gen_ai.prompt': Buffer.from('{"messages":[["user","Café?"]]}', 'utf8'),
      digest: Buffer.from([0xff, 0x00, 0x80]),
    });
    const [span] = spansOfExport(decodeProtobufRequest(body)).spans;
    expect(span!.attributes).toEqual({ 'gen_ai.prompt': '{"messages":[["user","Café?"]]}', digest: '/wCA' });
  });
});
