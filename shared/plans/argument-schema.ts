import type { JsonSchema, Tool } from '../domain';

/** A reference to an earlier step's result, the other thing a plan argument may be. */
const REFERENCE: JsonSchema = {
  type: 'object',
  properties: {
    $ref: {
      type: 'string',
      pattern: '^s\\d+\\.result(\\..+)?$',
      description: 'An earlier step’s result field: s1.result.rooms[].room_id, s1.result.rooms[name=bedroom].room_id',
    },
  },
  required: ['$ref'],
  additionalProperties: false,
};

/**
 * JSON Schema for one plan step's arguments, for the editor's completion and squiggles: the
 * tool's parameters (names, types, enums, descriptions), each also allowed to be a reference
 * to an earlier step's result.
 */
export function stepArgumentsSchema(tool: Pick<Tool, 'parameters'>): JsonSchema {
  const properties = Object.fromEntries(
    Object.entries((tool.parameters.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => [
      name,
      { ...(schema.description ? { description: schema.description } : {}), anyOf: [schema, REFERENCE] },
    ]),
  );
  return {
    type: 'object',
    properties,
    ...(Array.isArray(tool.parameters.required) ? { required: tool.parameters.required } : {}),
    ...('additionalProperties' in tool.parameters
      ? { additionalProperties: tool.parameters.additionalProperties }
      : {}),
  };
}
