import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectToolFormat, parseTools } from '../../../shared/formats/tools';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '..', '..', 'fixtures', 'tools', name), 'utf8');

const weather = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** One text per kind, each in the shape its producer writes. */
const TEXTS = {
  'OpenAPI 3 YAML': fixture('petstore.yaml'),
  'OpenAPI 3 JSON': JSON.stringify({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {} }),
  'Swagger 2 YAML': 'swagger: "2.0"\ninfo:\n  title: t\n  version: "1"\npaths: {}\n',
  'MCP tools/list answer': JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    result: { tools: [{ name: 'get_weather', inputSchema: weather, outputSchema: { type: 'object' } }] },
  }),
  'Anthropic tools': JSON.stringify([{ name: 'get_weather', description: 'Weather', input_schema: weather }]),
  'Gemini declarations': JSON.stringify([
    {
      functionDeclarations: [
        { name: 'get_weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } } },
      ],
    },
  ]),
  'OpenAI tools': fixture('openai-tools.json'),
  'BFCL test entries': fixture('bfcl-multiple.json'),
  'BFCL JSON Lines': `${JSON.stringify({ name: 'math.factorial', parameters: { type: 'dict', properties: {} } })}\n`,
  'Trellis graph': JSON.stringify({ name: 'g', tools: [], edges: [] }),
};

describe('detectToolFormat', () => {
  it('names each kind by its content', () => {
    const found = Object.fromEntries(Object.entries(TEXTS).map(([kind, text]) => [kind, detectToolFormat(text)]));
    expect(found).toEqual({
      'OpenAPI 3 YAML': { format: 'openapi', name: 'OpenAPI 3.0.0 (YAML)' },
      'OpenAPI 3 JSON': { format: 'openapi', name: 'OpenAPI 3.1.0 (JSON)' },
      'Swagger 2 YAML': { format: 'openapi', name: 'Swagger 2.0 (YAML)' },
      'MCP tools/list answer': { format: 'mcp', name: 'an MCP tool list' },
      'Anthropic tools': { format: 'anthropic', name: 'Anthropic tool declarations' },
      'Gemini declarations': { format: 'gemini', name: 'Gemini function declarations' },
      'OpenAI tools': { format: 'openai', name: 'OpenAI tools' },
      'BFCL test entries': { format: 'bfcl', name: 'BFCL function docs' },
      'BFCL JSON Lines': { format: 'bfcl', name: 'BFCL function docs' },
      'Trellis graph': { format: 'trellis', name: 'a Trellis graph' },
    });
  });

  it('finds nothing in prose or an empty text', () => {
    expect(detectToolFormat('')).toBeNull();
    expect(detectToolFormat('hello: world')).toBeNull();
    expect(detectToolFormat('{"nothing": 1}')).toBeNull();
  });

  it('reads MCP, Anthropic and Gemini declarations, keeping an MCP output schema and lower-casing Gemini types', () => {
    const mcp = parseTools('mcp', TEXTS['MCP tools/list answer']);
    expect(mcp.tools[0]).toMatchObject({ name: 'get_weather', parameters: weather, returns: { type: 'object' } });
    expect(parseTools('anthropic', TEXTS['Anthropic tools']).tools[0]).toMatchObject({ parameters: weather });
    expect(parseTools('gemini', TEXTS['Gemini declarations']).tools[0]!.parameters).toEqual({
      type: 'object',
      properties: { city: { type: 'string' } },
    });
  });

  it('refuses a text read as the wrong format naming the format tried and hinting at the detected one', () => {
    expect(() => parseTools('openai', TEXTS['OpenAPI 3 YAML'])).toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/^Read as OpenAI tools \(JSON\): This is not valid JSON/),
        hint: 'The text looks like OpenAPI 3.0.0 (YAML): read it as "OpenAPI 3 / Swagger 2 (JSON or YAML)".',
      }),
    );
  });
});
