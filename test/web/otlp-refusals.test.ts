import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { startTrellisServe } from '../helpers/trellis-serve';
import { connect } from '../helpers/webhost';
import { exportRequest, span } from '../helpers/otlp-json';

const post = (endpoint: string, body: BodyInit, headers: Record<string, string>) =>
  fetch(`${endpoint}/v1/traces`, { method: 'POST', body, headers });

describe('the trace receiver of trellis serve refuses bad requests clearly and stays up', () => {
  it('answers each bad request with a 4xx that says what to change, then still takes good ones', async () => {
    const served = await startTrellisServe();
    const auth = { authorization: `Bearer ${served.token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const good = JSON.stringify(exportRequest([span({ name: 'agent' })]));

    const anonymous = await post(served.endpoint, good, { 'content-type': 'application/json' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer');
    expect(((await anonymous.json()) as { message: string }).message).toContain('OTEL_EXPORTER_OTLP_HEADERS');
    const wrongToken = await post(served.endpoint, good, { ...json, authorization: 'Bearer nope' });
    expect(wrongToken.status).toBe(401);
    // The UI's token in the URL is not how exporters authenticate: it is refused here.
    const inQuery = await fetch(`${served.endpoint}/v1/traces?token=${served.token}`, {
      method: 'POST',
      body: good,
      headers: { 'content-type': 'application/json' },
    });
    expect(inQuery.status).toBe(401);

    const notJson = await post(served.endpoint, '{"resourceSpans": [', json);
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { message: string }).message).toMatch(/not valid JSON/);
    const deep = '{"resourceSpans":' + '['.repeat(100_000) + ']'.repeat(100_000) + '}';
    const tooDeep = await post(served.endpoint, deep, json);
    expect(tooDeep.status).toBe(400);
    expect(((await tooDeep.json()) as { message: string }).message).toMatch(/levels deep/);
    // Nothing in it can be spans: refused whole, not taken as a partial success.
    const notAList = await post(served.endpoint, '{"resourceSpans":"x"}', json);
    expect(notAList.status).toBe(400);
    expect(((await notAList.json()) as { message: string }).message).toBe(
      'Trellis trace receiver: resourceSpans is a string, not an array: an ExportTraceServiceRequest holds a list of resource spans',
    );
    const notProtobuf = await post(served.endpoint, Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]), {
      ...auth,
      'content-type': 'application/x-protobuf',
    });
    expect(notProtobuf.status).toBe(400);
    expect(notProtobuf.headers.get('content-type')).toBe('application/x-protobuf');
    const text = await post(served.endpoint, 'hello', { ...auth, 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { message: string }).message).toContain('application/x-protobuf');
    expect((await fetch(`${served.endpoint}/v1/traces`, { headers: auth })).status).toBe(405);

    const notGzip = await post(served.endpoint, good, { ...json, 'content-encoding': 'gzip' });
    expect(notGzip.status).toBe(400);
    expect(((await notGzip.json()) as { message: string }).message).toMatch(/not valid gzip/);
    // 200 MB of zeros, gzipped to ~200 KB: refused as it inflates, never held whole.
    const bomb = zlib.gzipSync(Buffer.alloc(200 * 1024 * 1024));
    const bombed = await post(served.endpoint, bomb, { ...json, 'content-encoding': 'gzip' });
    expect(bombed.status).toBe(413);
    const smaller = /export in smaller batches: lower the BatchSpanProcessor's maxExportBatchSize/;
    const bombedMessage = ((await bombed.json()) as { message: string }).message;
    expect(bombedMessage).toMatch(/inflates past/);
    expect(bombedMessage).toMatch(smaller);
    const huge = await post(served.endpoint, Buffer.alloc(9 * 1024 * 1024, 0x20), json);
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { message: string }).message).toMatch(smaller);
    const many = exportRequest(
      Array.from({ length: 10_001 }, (_, i) => span({ name: `s${i}`, parent: 'a'.repeat(16) })),
    );
    const tooMany = await post(served.endpoint, JSON.stringify(many), json);
    expect(tooMany.status).toBe(413);
    const tooManyMessage = ((await tooMany.json()) as { message: string }).message;
    expect(tooManyMessage).toMatch(/at most 10000/);
    expect(tooManyMessage).toMatch(smaller);

    // A request with one bad span: the others are taken, the answer says which was refused.
    const traceId = randomBytes(16).toString('hex');
    const partial = exportRequest([
      span({ name: 'agent', traceId }),
      { ...span({ name: 'broken', traceId }), spanId: 'xyz' },
    ]);
    const answer = await post(served.endpoint, JSON.stringify(partial), json);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      partialSuccess: { rejectedSpans: 1, errorMessage: expect.stringContaining('spanId "xyz" is not 16 hex digits') },
    });
    const gzipped = await post(served.endpoint, zlib.gzipSync(good), { ...json, 'content-encoding': 'gzip' });
    expect(gzipped.status).toBe(200);
    expect(await gzipped.json()).toEqual({});
    expect(served.alive()).toBe(true);
    await expect.poll(async () => (await served.list()).length).toBe(2);
  });

  it('refuses a 65 KB body of 64 MiB of empty messages in seconds, with the host alive and its memory bounded', async () => {
    const served = await startTrellisServe();
    const headers = { authorization: `Bearer ${served.token}`, 'content-encoding': 'gzip' };
    const inflated = 64 * 1024 * 1024 - 64;
    const bombs = {
      'application/x-protobuf': zlib.gzipSync(Buffer.alloc(inflated, Buffer.from([0x0a, 0x00])), { level: 9 }),
      'application/json': zlib.gzipSync(`{"resourceSpans":[${'{},'.repeat((inflated - 40) / 3)}{}]}`, { level: 9 }),
    };
    for (const [type, body] of Object.entries(bombs)) {
      expect(body.length).toBeLessThan(70_000);
      const started = performance.now();
      const answer = await post(served.endpoint, body, { ...headers, 'content-type': type });
      expect(answer.status).toBe(413);
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(served.alive()).toBe(true);
    }
    // Its peak resident memory, where the system tells it: the 64 MiB body, not gigabytes of objects.
    const status = fs.existsSync(`/proc/${served.child.pid}/status`)
      ? fs.readFileSync(`/proc/${served.child.pid}/status`, 'utf8')
      : '';
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    expect(peakKb / 1024).toBeLessThan(1024);
    const good = JSON.stringify(exportRequest([span({ name: 'agent' })]));
    const after = await post(served.endpoint, good, {
      authorization: headers.authorization,
      'content-type': 'application/json',
    });
    expect(after.status).toBe(200);
  });

  it('gives agents a token that sends traces and opens neither the UI nor the API', async () => {
    const served = await startTrellisServe();
    expect(served.traceToken).toMatch(/^[0-9a-f]{48}$/);
    expect(served.traceToken).not.toBe(served.token);
    const good = JSON.stringify(exportRequest([span({ name: 'agent' })]));
    const sent = await post(served.endpoint, good, {
      authorization: `Bearer ${served.traceToken}`,
      'content-type': 'application/json',
    });
    expect(sent.status).toBe(200);
    const origin = new URL(served.url).origin;
    expect((await fetch(`${origin}/?token=${served.traceToken}`)).status).toBe(401);
    await expect(connect(`ws://${new URL(served.url).host}/api?token=${served.traceToken}`, origin)).rejects.toThrow(
      /401/,
    );
    // The Trajectories workspace shows this token, not the host's.
    expect(await served.request('system.traceReceiver', {})).toMatchObject({
      listening: { endpoint: served.endpoint, token: served.traceToken },
    });
  });

  it('is off with --traces off: an export is told so (not a 401), the UI still wants its token', async () => {
    const served = await startTrellisServe(['--traces', 'off']);
    expect(served.endpoint).toBeNull();
    const url = new URL(served.url);
    const refused = await fetch(`${url.origin}/v1/traces`, {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${served.token}`, 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(404);
    expect(await refused.text()).toContain('--traces on');
    await expect.poll(() => served.stderr()).toContain('refused POST /v1/traces (404)');
    expect((await fetch(`${url.origin}/`)).status).toBe(401);
    expect(await served.request('system.traceReceiver', {})).toEqual({
      listening: null,
      configurable: false,
      port: 0,
      grouping: 'conversation',
    });
  });
});
