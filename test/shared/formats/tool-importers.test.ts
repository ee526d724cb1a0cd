import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTools } from '../../../shared/formats/tools';
import { parseBfclFunctions } from '../../../shared/formats/tools/bfcl';
import { parseOpenAITools } from '../../../shared/formats/tools/openai';
import { parseOpenApi } from '../../../shared/formats/tools/openapi';
import { compileSchema } from '../../../backend/checks/schema-compiler';
import { graphToOpenAITools } from '../../../shared/graph';
import { checkGraph } from '../../../shared/checks/graph';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'tools', name), 'utf8');

describe('OpenAI tools importer', () => {
  it('reads a tools array, keeping schemas and renaming an invalid name', () => {
    const { tools, warnings } = parseOpenAITools(fixture('openai-tools.json'));
    expect(tools.map((t) => t.name)).toEqual([
      'get_current_weather',
      'get_n_day_weather_forecast',
      'lookup_order_status',
    ]);
    expect(tools[1]!.parameters.required).toEqual(['location', 'format', 'num_days']);
    expect(warnings).toEqual(['"lookup.order status" was renamed to "lookup_order_status".']);
  });

  it('round-trips through the OpenAI export', () => {
    const { tools } = parseOpenAITools(fixture('openai-tools.json'));
    const again = parseOpenAITools(JSON.stringify(graphToOpenAITools({ tools })));
    expect(again.tools).toEqual(tools);
  });

  it('explains what it expected from bad input', () => {
    expect(() => parseOpenAITools('{"tools": 3}')).toThrow(/Expected a JSON array of tools/);
    expect(() => parseOpenAITools('[{"function": {}}]')).toThrow('Tool 1 has no "name".');
    expect(() => parseOpenAITools('[oops')).toThrow(/not valid JSON/);
  });
});

describe('BFCL importer', () => {
  it('reads test entries, maps dict/float to JSON Schema and keeps each function once', () => {
    const { tools, warnings } = parseBfclFunctions(fixture('bfcl-multiple.json'));
    expect(tools.map((t) => t.name)).toEqual(['calculate_triangle_area', 'math_factorial', 'math_hypot']);
    expect(tools[2]!.parameters).toMatchObject({
      type: 'object',
      properties: { x: { type: 'number' }, weights: { type: 'array', items: { type: 'number' } } },
      required: ['x', 'y'],
    });
    expect(warnings).toContain('"math.factorial" was renamed to "math_factorial".');
    expect(checkGraph({ tools, edges: [] }, compileSchema)).toEqual([]);
  });

  it('names the line of a broken record', () => {
    expect(() => parseBfclFunctions('{"name": "a"}\n{broken')).toThrow(/^Line 2 is not valid JSON/);
  });
});

describe('OpenAPI importer', () => {
  it('turns each Petstore operation into a tool with parameters, body and result', () => {
    const { tools, warnings } = parseOpenApi(fixture('petstore.yaml'));
    expect(warnings).toEqual([]);
    expect(tools.map((t) => t.name)).toEqual(['listPets', 'createPets', 'showPetById']);
    const [list, create, show] = tools;
    expect(list!.parameters).toMatchObject({ properties: { limit: { type: 'integer', maximum: 100 } } });
    expect(list!.parameters.required).toBeUndefined();
    expect(list!.returns).toMatchObject({
      type: 'object',
      properties: { result: { type: 'array', items: { required: ['id', 'name'] } } },
    });
    expect(create!.parameters).toMatchObject({
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['id', 'name'],
    });
    expect(show!.parameters).toMatchObject({ properties: { petId: { type: 'string' } }, required: ['petId'] });
    expect(show!.returns).toMatchObject({ type: 'object', properties: { id: { type: 'integer' } } });
    expect(show!.runtime).toEqual({
      kind: 'http',
      method: 'GET',
      url: 'http://petstore.swagger.io/v1/pets/{petId}',
      arguments: { petId: { in: 'path' } },
    });
    expect(checkGraph({ tools, edges: [] }, compileSchema).filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('refuses a document that is neither OpenAPI 3 nor Swagger 2', () => {
    expect(() => parseOpenApi('asyncapi: "2.6.0"\nchannels: {}')).toThrow(/not an OpenAPI description/);
    expect(() => parseOpenApi('swagger: "1.2"\napis: []')).toThrow(/not an OpenAPI description/);
  });
});

describe('schema compiler', () => {
  it('accepts valid schemas and explains invalid ones', () => {
    expect(compileSchema({ type: 'object', properties: { a: { type: 'string' } } })).toBeNull();
    expect(compileSchema({ type: 'strnig' })).toMatch(/schema\/type/);
    expect(compileSchema({ $ref: '#/definitions/missing' })).toMatch(/can't resolve reference/);
  });
});

describe('Trellis graph importer', () => {
  it('says which fields text that is not an exported graph lacks, and what to do', () => {
    const refusal = (text: string) => {
      try {
        parseTools('trellis', text);
      } catch (error) {
        return { message: (error as Error).message, hint: (error as { hint?: string }).hint };
      }
      throw new Error('read as a graph');
    };
    expect(refusal('{"tools": []}')).toEqual({
      message:
        'Read as Trellis graph (JSON): This is not a graph as Graph › Export as Trellis JSON writes it: it has no "format", "version", "name", "edges".',
      hint: 'Choose the format the text is in (OpenAI tools, BFCL, OpenAPI), or export the graph again from Trellis.',
    });
    expect(refusal('[1]').message).toMatch(/: it is not a JSON object\.$/);
    expect(refusal('{"format": "trellis.graph", "version": 2, "name": "x", "tools": [], "edges": []}').message).toMatch(
      /: field "version": /,
    );
  });
});
