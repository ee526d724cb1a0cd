import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../shared/domain';
import { parseOpenApi } from '../../../shared/formats/tools/openapi';
import { detectToolFormat } from '../../../shared/formats/tools';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'tools', name), 'utf8');
const byName = (tools: Tool[], name: string) => tools.find((t) => t.name === name)!;
const runtimeOf = (tools: Tool[], name: string) =>
  byName(tools, name).runtime as Extract<Tool['runtime'], { kind: 'http' }>;

describe('an OpenAPI 3.1 description (YAML) as runnable HTTP tools', () => {
  const source = 'https://ops.example.net/specs/oncall.yaml';
  const { tools, warnings, operations } = parseOpenApi(fixture('oncall-openapi-3.1.yaml'), source);

  it('takes each base URL from servers: relative ones against the address it came from, overrides with their variables', () => {
    expect(warnings).toEqual([]);
    expect(runtimeOf(tools, 'get_deploy_history').url).toBe('https://ops.example.net/v2/services/{service}/deploys');
    expect(runtimeOf(tools, 'get_status').url).toBe('https://eu.status.example.com/v1/status');
    expect(runtimeOf(tools, 'get_status_history').url).toBe('https://history.status.example.com/status/history');
  });

  it('says that a relative server stays relative when where the description came from is not known', () => {
    const unknown = parseOpenApi(fixture('oncall-openapi-3.1.yaml'));
    expect(runtimeOf(unknown.tools, 'rollback_deploy').url).toBe('/v2/services/{service}/rollback');
    expect(unknown.warnings).toEqual([expect.stringMatching(/^The API's server "\/v2" is relative .*--source URL/)]);
  });

  it('places each argument where the description says, with its style, and leaves out headers HTTP sets itself', () => {
    const history = runtimeOf(tools, 'get_deploy_history');
    expect(history.arguments).toEqual({
      service: { in: 'path' },
      limit: { in: 'query' },
      environment: { in: 'query', style: 'form', explode: false },
      filter: { in: 'query', style: 'deepObject' },
      'X-Request-Id': { in: 'header' },
      session_hint: { in: 'cookie' },
    });
    expect(byName(tools, 'get_deploy_history').parameters.required).toEqual(['service']);
    expect(byName(tools, 'get_deploy_history').returns).toMatchObject({
      properties: { deploys: { items: { required: ['id', 'version'] } } },
    });
    // A body field named as a path parameter keeps its wire name under another argument name.
    const rollback = byName(tools, 'rollback_deploy');
    expect((rollback.runtime as { arguments: unknown }).arguments).toEqual({
      service: { in: 'path' },
      dry_run: { in: 'query' },
      to_version: { in: 'body' },
      reason: { in: 'body' },
      body_service: { in: 'body', name: 'service' },
    });
    expect(rollback.parameters.required).toEqual(['service', 'to_version']);
    expect(runtimeOf(tools, 'add_incident_note')).toMatchObject({ bodyType: 'application/x-www-form-urlencoded' });
  });

  it('turns security requirements into named secrets: the operation’s own, else the document’s; none where it says none', () => {
    expect(runtimeOf(tools, 'get_deploy_history').auth).toEqual([
      { secret: 'on-call-ops-api/apiKey', in: 'header', name: 'X-Ops-Key' },
    ]);
    expect(runtimeOf(tools, 'rollback_deploy').auth).toEqual([
      { secret: 'on-call-ops-api/bearerAuth', in: 'header', name: 'Authorization', scheme: 'bearer' },
    ]);
    expect(runtimeOf(tools, 'add_incident_note').auth).toEqual([
      { secret: 'on-call-ops-api/basicAuth', in: 'header', name: 'Authorization', scheme: 'basic' },
    ]);
    expect(runtimeOf(tools, 'get_status').auth).toBeUndefined();
  });

  it('lists the operations with their tags, to choose from', () => {
    expect(operations).toContainEqual({
      tool: 'rollback_deploy',
      method: 'POST',
      path: '/services/{service}/rollback',
      tags: ['deploys', 'services'],
    });
    expect(operations).toHaveLength(5);
  });
});

describe('a Swagger 2 description (JSON) as runnable HTTP tools', () => {
  const { tools, warnings } = parseOpenApi(
    fixture('shop-swagger2.json'),
    'http://shop.example.org:8080/docs/swagger.json',
  );

  it('builds the URL from the host it was served from (no host given), basePath and schemes', () => {
    expect(warnings).toEqual([]);
    expect(runtimeOf(tools, 'findOrders').url).toBe('http://shop.example.org:8080/api/orders');
  });

  it('reads collectionFormat, in: body (fields, or the whole body) and formData (multipart with a file)', () => {
    expect(runtimeOf(tools, 'findOrders').arguments).toEqual({
      status: { in: 'query', style: 'form', explode: true },
      ids: { in: 'query', style: 'pipeDelimited', explode: false },
    });
    expect(byName(tools, 'findOrders').parameters.properties).toMatchObject({
      ids: { type: 'array', items: { type: 'integer' } },
    });
    expect(byName(tools, 'placeOrder').parameters).toMatchObject({
      properties: { item: { type: 'string' }, quantity: { minimum: 1 }, 'X-Trace': { type: 'string' } },
      required: ['item'],
    });
    expect(runtimeOf(tools, 'placeOrder').arguments).toMatchObject({
      item: { in: 'body' },
      'X-Trace': { in: 'header' },
    });
    expect(runtimeOf(tools, 'setStock')).toMatchObject({
      bodyArgument: 'counts',
      arguments: { counts: { in: 'body' } },
    });
    expect(runtimeOf(tools, 'uploadReceipt')).toMatchObject({
      bodyType: 'multipart/form-data',
      arguments: { orderId: { in: 'path' }, file: { in: 'body' }, note: { in: 'body' } },
      auth: [{ secret: 'corner-shop/staff', in: 'header', name: 'Authorization', scheme: 'basic' }],
    });
    expect(byName(tools, 'uploadReceipt').parameters.properties).toMatchObject({
      file: { type: 'string', format: 'binary' },
    });
    expect(runtimeOf(tools, 'findOrders').auth).toEqual([{ secret: 'corner-shop/key', in: 'query', name: 'api_key' }]);
  });
});

const guessToolFormat = (text: string) => detectToolFormat(text)?.format ?? null;

describe('telling a tools file’s format from its content', () => {
  it('names OpenAPI (YAML or JSON) and Swagger descriptions, OpenAI tools, BFCL functions and Trellis graphs', () => {
    expect(guessToolFormat(fixture('oncall-openapi-3.1.yaml'))).toBe('openapi');
    expect(guessToolFormat(fixture('shop-swagger2.json'))).toBe('openapi');
    expect(guessToolFormat(JSON.stringify({ openapi: '3.0.0', paths: {} }))).toBe('openapi');
    expect(guessToolFormat(fixture('openai-tools.json'))).toBe('openai');
    expect(guessToolFormat(fixture('bfcl-multiple.json'))).toBe('bfcl');
    expect(guessToolFormat(JSON.stringify({ name: 'g', tools: [], edges: [] }))).toBe('trellis');
    expect(guessToolFormat('just some words')).toBeNull();
  });
});
