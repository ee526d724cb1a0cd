import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { attribute, exportRequest, span } from '../helpers/otlp-json';
import { startTrellisServe } from '../helpers/trellis-serve';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

const message = async (answer: Response) => ((await answer.json()) as { message: string }).message;

/** A log record in OTLP JSON, as an instrumentation following the GenAI event form emits one. */
function logRecord(traceId: string, spanId: string, event: string, body: Record<string, unknown>) {
  return {
    timeUnixNano: '1750000000001000000',
    traceId,
    spanId,
    attributes: [attribute('event.name', event), attribute('gen_ai.system', 'openai')],
    body: toAnyValue(body),
  };
}

function toAnyValue(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') return { stringValue: value };
  if (typeof value === 'number') return { intValue: String(value) };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toAnyValue) } };
  if (value && typeof value === 'object')
    return {
      kvlistValue: { values: Object.entries(value).map(([key, v]) => ({ key, value: toAnyValue(v) })) },
    };
  return {};
}

const logsRequest = (records: unknown[]) => ({
  resourceLogs: [{ resource: { attributes: [] }, scopeLogs: [{ scope: { name: 'test-logs' }, logRecords: records }] }],
});

describe('the OTLP endpoint of trellis serve cannot be set wrong', () => {
  it('takes traces at the base URL, at /v1/traces and under a prefix; answers a wrong path or method with what to use', async () => {
    const served = await startTrellisServe();
    const headers = { authorization: `Bearer ${served.traceToken}`, 'content-type': 'application/json' };
    const body = () =>
      JSON.stringify(exportRequest([span({ name: 'agent', traceId: randomBytes(16).toString('hex') })]));
    for (const where of ['/', '/v1/traces', '/x/v1/traces']) {
      const answer = await fetch(`${served.endpoint}${where}`, { method: 'POST', body: body(), headers });
      expect(answer.status, where).toBe(200);
    }
    await expect.poll(async () => (await served.list()).length).toBe(3);

    const get = await fetch(`${served.endpoint}/v1/traces`, { headers });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await message(get)).toContain(`send POST ${served.endpoint}/v1/traces`);
    // A right token on a wrong path learns the path, never a 401.
    const nonsense = await fetch(`${served.endpoint}/v1/nonsense`, { method: 'POST', body: body(), headers });
    expect(nonsense.status).toBe(404);
    const said = await message(nonsense);
    expect(said).toContain(`POST ${served.endpoint}/v1/traces`);
    expect(said).toContain(`POST ${served.endpoint}/, the base URL`);
    expect(said).toContain(`${served.endpoint}/v1/logs`);
    expect((await fetch(`${served.endpoint}/v1/nonsense`, { headers })).status).toBe(404);
    // The UI is still served at / to a browser.
    expect((await fetch(served.url)).status).toBe(200);

    const missing = await fetch(`${served.endpoint}/`, {
      method: 'POST',
      body: body(),
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.status).toBe(401);
    expect(await message(missing)).toContain('carries no token');
    const wrong = await fetch(`${served.endpoint}/v1/traces`, {
      method: 'POST',
      body: body(),
      headers: { ...headers, authorization: 'Bearer 0123' },
    });
    expect(wrong.status).toBe(401);
    expect(await message(wrong)).toContain('the token sent is wrong');
    await expect
      .poll(() => served.stderr())
      .toMatch(/refused POST \/ \(401\): the request carries no token[^\n]*OTEL_EXPORTER_OTLP_HEADERS/);
    for (const line of [
      'refused POST /v1/traces (401): the token sent is wrong',
      'refused GET /v1/traces (405)',
      'refused POST /v1/nonsense (404)',
    ])
      await expect.poll(() => served.stderr()).toContain(line);
    expect(served.alive()).toBe(true);
  });

  it('takes metrics (and drops them) in either encoding', async () => {
    const served = await startTrellisServe();
    const auth = { authorization: `Bearer ${served.traceToken}` };
    const json = await fetch(`${served.endpoint}/v1/metrics`, {
      method: 'POST',
      body: '{"resourceMetrics":[]}',
      headers: { ...auth, 'content-type': 'application/json' },
    });
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({});
    const protobuf = await fetch(`${served.endpoint}/prefix/v1/metrics`, {
      method: 'POST',
      body: Buffer.alloc(0),
      headers: { ...auth, 'content-type': 'application/x-protobuf' },
    });
    expect(protobuf.status).toBe(200);
  });

  it('joins log records to their spans, whether they arrive before or after them', async () => {
    const served = await startTrellisServe();
    const headers = { authorization: `Bearer ${served.traceToken}`, 'content-type': 'application/json' };
    const post = (where: string, value: unknown) =>
      fetch(`${served.endpoint}${where}`, { method: 'POST', body: JSON.stringify(value), headers });
    const traceId = randomBytes(16).toString('hex');
    const root = span({ name: 'agent', traceId });
    const chat = span({
      name: 'chat gpt-test',
      traceId,
      parent: root.spanId,
      at: 1,
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'gpt-test',
        'gen_ai.usage.input_tokens': 12,
        'gen_ai.usage.output_tokens': 5,
      },
    });
    // The question comes before its span; the answer after it.
    const before = await post(
      '/v1/logs',
      logsRequest([
        logRecord(traceId, chat.spanId, 'gen_ai.system.message', { content: 'Be brief.' }),
        logRecord(traceId, chat.spanId, 'gen_ai.user.message', { content: 'Is it raining?' }),
      ]),
    );
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({});
    expect((await post('/v1/traces', exportRequest([root, chat]))).status).toBe(200);
    const after = await post(
      '/v1/logs',
      logsRequest([
        logRecord(traceId, chat.spanId, 'gen_ai.choice', {
          index: 0,
          finish_reason: 'stop',
          message: { content: 'No.' },
        }),
        { traceId: '', spanId: '', attributes: [], body: { stringValue: 'a line of no span' } },
      ]),
    );
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual({
      partialSuccess: { rejectedLogRecords: 1, errorMessage: expect.stringContaining('names no span') },
    });
    await expect
      .poll(async () => {
        const [summary] = await served.list();
        if (!summary) return [];
        return (await served.get(summary.id)).turns.map((t) => [t.role, t.content]);
      })
      .toEqual([
        ['system', 'Be brief.'],
        ['user', 'Is it raining?'],
        ['assistant', 'No.'],
      ]);
  });

  it('bounds log requests as it bounds trace requests', async () => {
    const served = await startTrellisServe();
    const auth = { authorization: `Bearer ${served.traceToken}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const traceId = randomBytes(16).toString('hex');
    const records = Array.from({ length: 10_001 }, () =>
      logRecord(traceId, randomBytes(8).toString('hex'), 'gen_ai.user.message', { content: 'x' }),
    );
    const tooMany = await fetch(`${served.endpoint}/v1/logs`, {
      method: 'POST',
      body: JSON.stringify(logsRequest(records)),
      headers: json,
    });
    expect(tooMany.status).toBe(413);
    expect(await message(tooMany)).toMatch(/10001 log records.*at most 10000.*OTEL_BLRP_MAX_EXPORT_BATCH_SIZE/);
    const notAList = await fetch(`${served.endpoint}/v1/logs`, {
      method: 'POST',
      body: '{"resourceLogs":3}',
      headers: json,
    });
    expect(notAList.status).toBe(400);
    expect(await message(notAList)).toContain('an ExportLogsServiceRequest holds a list of resource logs');
    const notProtobuf = await fetch(`${served.endpoint}/v1/logs`, {
      method: 'POST',
      body: Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]),
      headers: { ...auth, 'content-type': 'application/x-protobuf' },
    });
    expect(notProtobuf.status).toBe(400);
    const missing = await fetch(`${served.endpoint}/v1/logs`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.status).toBe(401);
    expect(served.alive()).toBe(true);
  });

  it('groups a conversation into one trajectory, or one per trace with --traces-group trace', async () => {
    const conversation = `thread-${randomBytes(4).toString('hex')}`;
    const traces = () =>
      exportRequest(
        [1, 2].map((n) =>
          span({
            name: `turn ${n}`,
            traceId: randomBytes(16).toString('hex'),
            attributes: { 'gen_ai.conversation.id': conversation },
          }),
        ),
      );
    const send = async (served: Awaited<ReturnType<typeof startTrellisServe>>) => {
      const answer = await fetch(`${served.endpoint}/v1/traces`, {
        method: 'POST',
        body: JSON.stringify(traces()),
        headers: { authorization: `Bearer ${served.traceToken}`, 'content-type': 'application/json' },
      });
      expect(answer.status).toBe(200);
    };
    const grouped = await startTrellisServe();
    expect(await grouped.request('system.traceReceiver', {})).toMatchObject({ grouping: 'conversation' });
    await send(grouped);
    await expect.poll(async () => (await grouped.list()).length).toBe(1);

    const perTrace = await startTrellisServe(['--traces-group', 'trace']);
    expect(await perTrace.request('system.traceReceiver', {})).toMatchObject({ grouping: 'trace' });
    await send(perTrace);
    await expect.poll(async () => (await perTrace.list()).length).toBe(2);
    const linked = (await perTrace.request('trajectories.list', {
      filter: { meta: { conversation_id: conversation } },
    })) as { items: { id: string }[] };
    expect(linked.items).toHaveLength(2);

    // Switched back where the receiver is shown: the next traces of a conversation are one trajectory.
    await perTrace.request('system.setTraceGrouping', { grouping: 'conversation' });
    await send(perTrace);
    await expect.poll(async () => (await perTrace.list()).length).toBe(3);
  });

  it('refuses a --traces-group value it does not know, saying which it takes', () => {
    const result = spawnSync(process.execPath, [BIN, 'serve', '--traces-group', 'session'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('--traces-group must be conversation or trace, not "session"');
  });
});
