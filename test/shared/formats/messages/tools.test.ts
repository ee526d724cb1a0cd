import { describe, expect, it } from 'vitest';
import { declaredToolsOf } from '../../../../shared/formats/messages';

const WEATHER = {
  type: 'object',
  properties: { location: { type: 'string' } },
  required: ['location'],
};
const expected = [{ name: 'get_weather', description: 'Current weather', parameters: WEATHER }];

describe('tool declarations in every provider shape', () => {
  it.each([
    [
      'OpenAI Chat',
      [{ type: 'function', function: { name: 'get_weather', description: 'Current weather', parameters: WEATHER } }],
    ],
    [
      'OpenAI Responses',
      [{ type: 'function', name: 'get_weather', description: 'Current weather', parameters: WEATHER, strict: true }],
    ],
    ['Anthropic', [{ name: 'get_weather', description: 'Current weather', input_schema: WEATHER }]],
    [
      'Gemini',
      [{ functionDeclarations: [{ name: 'get_weather', description: 'Current weather', parameters: WEATHER }] }],
    ],
    [
      'Gemini (Python SDK dump)',
      [
        {
          function_declarations: [
            { name: 'get_weather', description: 'Current weather', parameters_json_schema: WEATHER },
          ],
        },
      ],
    ],
    [
      'Bedrock',
      [{ toolSpec: { name: 'get_weather', description: 'Current weather', inputSchema: { json: WEATHER } } }],
    ],
    [
      'Bedrock toolConfig',
      {
        tools: [{ toolSpec: { name: 'get_weather', description: 'Current weather', inputSchema: { json: WEATHER } } }],
      },
    ],
    [
      'JSON text',
      JSON.stringify([
        { type: 'function', function: { name: 'get_weather', description: 'Current weather', parameters: WEATHER } },
      ]),
    ],
  ])('reads %s', (_shape, value) => {
    expect(declaredToolsOf(value)).toEqual(expected);
  });

  it('keeps tools declared without a schema or description (server tools, custom tools) by name', () => {
    expect(
      declaredToolsOf([
        { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
        { type: 'custom', name: 'code_exec', description: 'Executes Python' },
        { cachePoint: { type: 'default' } },
      ]),
    ).toEqual([
      { name: 'web_search', description: '', parameters: {} },
      { name: 'code_exec', description: 'Executes Python', parameters: {} },
    ]);
  });
});
