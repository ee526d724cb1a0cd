import { isObject } from '../json';
import type { JsonSchema } from '../json-schema/schema';
import { schemaValue } from '../json-schema/schema-values';
import type { ToolSignature } from './kinds/kind';

const first = () => 0;

const propertiesOf = (schema: JsonSchema): Record<string, JsonSchema> =>
  isObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};

/** A value of a schema to start from: its default, first enum member, or a plausible literal for its name. */
export function exampleValue(name: string, schema: JsonSchema): unknown {
  if (schema.default !== undefined) return schema.default;
  if (schema.type === 'object' || (schema.type === undefined && isObject(schema.properties)))
    return Object.fromEntries(Object.entries(propertiesOf(schema)).map(([k, s]) => [k, exampleValue(k, s)]));
  if (schema.type === 'array' && isObject(schema.items)) return [exampleValue(name, schema.items)];
  return schemaValue(name, schema, first);
}

/** Arguments to try a tool with: every parameter, an example value each. */
export function exampleArgs(tool: Pick<ToolSignature, 'parameters'>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(propertiesOf(tool.parameters)).map(([k, s]) => [k, exampleValue(k, s)]));
}

/**
 * Mock code to start from: a result of the tool's `returns` shape, with fields that share a
 * parameter's name echoing that argument.
 */
export function mockTemplate(tool: ToolSignature): string {
  const params = Object.keys(propertiesOf(tool.parameters));
  const fields = Object.entries(propertiesOf(tool.returns));
  const header = [
    `// ${tool.name}: the body of a function of \`args\`${params.length ? ` (${params.map((p) => `args.${p}`).join(', ')})` : ''}.`,
    '// Return the result as the tool would; it is checked against the returns schema on every call.',
  ];
  if (!fields.length) return `${header.join('\n')}\nreturn {};\n`;
  const lines = fields.map(([name, schema]) =>
    params.includes(name) ? `  ${name}: args.${name},` : `  ${name}: ${JSON.stringify(exampleValue(name, schema))},`,
  );
  return `${header.join('\n')}\nreturn {\n${lines.join('\n')}\n};\n`;
}
