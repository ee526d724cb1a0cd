import { randomBytes } from 'node:crypto';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { decodeProtobufRequest } from '../../../backend/otlp/decode';
import { OTLP_DESCRIPTOR } from '../../../backend/otlp/descriptor';
import { TraceReceiver } from '../../../backend/otlp/receiver';
import { spanEventsOfLogs } from '../../../shared/formats/otlp/logs';
import { testBackend } from '../../helpers/backend';
import { attribute, exportRequest, span } from '../../helpers/otlp-json';

const LOGS_REQUEST = protobuf.Root.fromJSON(OTLP_DESCRIPTOR as protobuf.INamespace).lookupType(
  'opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest',
);

const text = (value: string) => ({ stringValue: value });
const kvlist = (fields: Record<string, unknown>) => ({
  kvlistValue: { values: Object.entries(fields).map(([key, value]) => ({ key, value })) },
});

/** A log record in the GenAI conventions' event form, in OTLP JSON. */
const record = (traceId: string, spanId: string, event: string, body: unknown) => ({
  timeUnixNano: '1750000000002000000',
  traceId,
  spanId,
  attributes: [attribute('event.name', event)],
  body,
});

const logsRequest = (records: unknown[]) => ({
  resourceLogs: [{ scopeLogs: [{ scope: { name: 'test-logs' }, logRecords: records }] }],
});

/** A chat span of the GenAI conventions that carries no messages itself (they come as logs). */
const chatSpan = (traceId: string) =>
  span({
    name: 'chat m',
    traceId,
    attributes: { 'gen_ai.operation.name': 'chat', 'gen_ai.request.model': 'm' },
  });

describe('OTLP log records as events of their spans', () => {
  it('reads a protobuf ExportLogsServiceRequest: ids as hex, the event name, the body', () => {
    const traceId = randomBytes(16);
    const spanId = randomBytes(8);
    const body = LOGS_REQUEST.encode(
      LOGS_REQUEST.fromObject({
        resourceLogs: [
          {
            scopeLogs: [
              {
                logRecords: [
                  {
                    timeUnixNano: 1_750_000_000_000_000_000,
                    traceId,
                    spanId,
                    eventName: 'gen_ai.user.message',
                    body: kvlist({ content: text('Hello') }),
                  },
                ],
              },
            ],
          },
        ],
      }),
    ).finish();
    const { events, problems } = spanEventsOfLogs(decodeProtobufRequest(body, 'logs'));
    expect(problems).toEqual([]);
    expect(events).toEqual([
      {
        traceId: traceId.toString('hex'),
        spanId: spanId.toString('hex'),
        event: {
          name: 'gen_ai.user.message',
          timeNs: '1750000000000000000',
          attributes: {},
          body: { content: 'Hello' },
        },
      },
    ]);
  });

  it('joins records to a span that came before them, and waits for one that comes after', () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store);
    const traceId = randomBytes(16).toString('hex');
    const chat = chatSpan(traceId);
    const waiting = receiver.receiveLogs(
      logsRequest([record(traceId, chat.spanId, 'gen_ai.user.message', kvlist({ content: text('Hi?') }))]),
    );
    expect(waiting).toMatchObject({ accepted: 1, rejected: 0, trajectoryIds: [] });
    const [id] = receiver.receive(exportRequest([chat])).trajectoryIds;
    expect(backend.store.trajectories.get(id!).turns.map((t) => t.content)).toEqual(['Hi?']);
    const joined = receiver.receiveLogs(
      logsRequest([
        record(
          traceId,
          chat.spanId,
          'gen_ai.choice',
          kvlist({ index: { intValue: '0' }, message: kvlist({ content: text('Hello.') }) }),
        ),
      ]),
    );
    expect(joined.trajectoryIds).toEqual([id]);
    expect(backend.store.trajectories.get(id!).turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'Hi?'],
      ['assistant', 'Hello.'],
    ]);
    receiver.close();
  });

  it('finds a span that went quiet and was let go from memory by its stored spans', async () => {
    const backend = testBackend({ seed: false });
    const receiver = new TraceReceiver(backend.store, { quietMs: 50 });
    const traceId = randomBytes(16).toString('hex');
    const chat = chatSpan(traceId);
    const [id] = receiver.receive(exportRequest([chat])).trajectoryIds;
    await expect.poll(() => backend.store.trajectories.get(id!).metadata?.trace_state).toBe('complete');
    // Let go once complete (one more quiet period); the record still finds its span.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const late = receiver.receiveLogs(
      logsRequest([record(traceId, chat.spanId, 'gen_ai.user.message', kvlist({ content: text('Late?') }))]),
    );
    expect(late.trajectoryIds).toEqual([id]);
    expect(backend.store.trajectories.get(id!).turns.map((t) => t.content)).toEqual(['Late?']);
    receiver.close();
  });
});
