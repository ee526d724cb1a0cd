import { describe, expect, it } from 'vitest';
// The JSON language service that Monaco bundles and runs in its JSON worker.
// @ts-expect-error -- Monaco ships the service without its type declarations
import { getLanguageService } from '../../../node_modules/monaco-editor/esm/external/vscode-json-languageservice/lib/esm/jsonLanguageService.js';
// @ts-expect-error -- the same, for the text documents it reads
import { TextDocument } from '../../../node_modules/monaco-editor/esm/external/vscode-languageserver-textdocument/lib/esm/main.js';
import { stepArgumentsSchema } from '../../../shared/plans/argument-schema';
import type { Tool } from '../../../shared/domain';
import { withValuePlaceholders } from '../../../renderer/src/components/value-placeholders';

const GET_TRAVEL_TIME: Pick<Tool, 'parameters'> = {
  parameters: {
    type: 'object',
    properties: {
      mode: { type: 'string', description: 'walk, transit or drive', enum: ['walk', 'transit', 'drive'] },
      dest_lat: { type: 'number' },
    },
    required: ['mode'],
  },
};

/** What Monaco inserts on picking `property` from Ctrl+Space in `text` at `|`, and whether suggestions open next. */
async function complete(schema: object, text: string, property: string) {
  const service = getLanguageService({});
  service.configure({ validate: true, schemas: [{ uri: 'inmemory://schema', fileMatch: ['*.json'], schema }] });
  const offset = text.indexOf('|');
  const document = TextDocument.create('inmemory://args.json', 'json', 1, text.replace('|', ''));
  const list = (await service.doComplete(
    document,
    document.positionAt(offset),
    service.parseJSONDocument(document),
  )) as {
    items: { label: string; textEdit?: { newText: string }; command?: { command: string } }[];
  };
  const item = list.items.find((i) => i.label === property);
  return { insert: item?.textEdit?.newText, suggestsNext: item?.command?.command };
}

describe('value placeholders for JSON completion', () => {
  it('complete a plan step argument as "name": and a placeholder, with its values suggested next', async () => {
    const schema = stepArgumentsSchema(GET_TRAVEL_TIME);
    // Without them the language service inserts the bare name: `anyOf` says nothing of the value.
    expect((await complete(schema, '{\n  "|"\n}', 'mode')).insert).toBe('"mode"');
    expect(await complete(withValuePlaceholders(schema), '{\n  "|"\n}', 'mode')).toEqual({
      insert: '"mode": $1',
      suggestsNext: 'editor.action.triggerSuggest',
    });
    expect((await complete(withValuePlaceholders(schema), '{\n  |\n  "mode": "walk"\n}', 'dest_lat')).insert).toBe(
      '"dest_lat": $1,',
    );
  });

  it('leave properties the language service already completes with a value as they are', async () => {
    const schema = withValuePlaceholders(GET_TRAVEL_TIME.parameters);
    expect(schema).toEqual(GET_TRAVEL_TIME.parameters);
    expect((await complete(schema, '{\n  "|"\n}', 'dest_lat')).insert).toBe('"dest_lat": ${1:0}');
  });

  it('reach nested properties and leave data (enums, defaults) untouched', () => {
    const schema = {
      type: 'object',
      properties: {
        filter: { type: 'object', properties: { when: { oneOf: [{ type: 'string' }, { type: 'null' }] } } },
        properties: { default: { properties: { anyOf: [] } } },
      },
    };
    expect(withValuePlaceholders(schema)).toEqual({
      type: 'object',
      properties: {
        filter: {
          type: 'object',
          properties: {
            when: { oneOf: [{ type: 'string' }, { type: 'null' }], defaultSnippets: [{ label: 'value' }] },
          },
        },
        properties: { default: { properties: { anyOf: [] } } },
      },
    });
  });
});
