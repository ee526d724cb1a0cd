import type { JsonSchema, PlanStep, ToolGraph } from '../domain';
import { dependencyEdges } from '../graph/topology';

const MAX_STRING = 80;
const FORMATS = new Set(['date', 'date-time', 'time']);

/**
 * The part of a parameter schema the sampling grammar can enforce: types, enums, constants,
 * nested properties and items, date formats; strings get a length bound so that even a poor
 * model ends its values. Value ranges and patterns are left to validation.
 */
export function generationSchema(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.enum) && schema.enum.length) return { enum: schema.enum };
  if ('const' in schema) return { const: schema.const };
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).map(([k, v]) => [
          k,
          generationSchema(v),
        ]),
      );
      return { type: 'object', properties, additionalProperties: false };
    }
    case 'array':
      return {
        type: 'array',
        items: generationSchema((schema.items ?? { type: 'string' }) as JsonSchema),
        maxItems: 4,
      };
    case 'integer':
    case 'number':
    case 'boolean':
    case 'null':
      return { type };
    default:
      return typeof schema.format === 'string' && FORMATS.has(schema.format)
        ? { type: 'string', format: schema.format }
        : { type: 'string', maxLength: Math.min(Number(schema.maxLength ?? MAX_STRING), MAX_STRING) };
  }
}

/**
 * JSON Schema for a plan on this graph, used as the sampling grammar: each step names one of
 * the graph's tools and gives that tool's parameters; a parameter another tool produces
 * (`G_depend`) may instead be `{"$ref": "<tool>.result.<field>"}`, one of the graph's edges.
 * Which step a reference means, and so `dependsOn`, is settled after generation.
 */
export function planGenerationSchema(graph: Pick<ToolGraph, 'tools' | 'edges'>, maxSteps = 6): JsonSchema {
  const edges = dependencyEdges(graph);
  const stepSchemas = graph.tools.map((tool) => {
    const properties = Object.fromEntries(
      Object.entries((tool.parameters.properties ?? {}) as Record<string, JsonSchema>).map(([param, schema]) => {
        const refs = edges
          .filter((e) => e.toTool === tool.name && e.toParam === param)
          .map((e) => `${e.fromTool}.result.${e.fromPath}`);
        const value = generationSchema(schema);
        return [
          param,
          refs.length
            ? { oneOf: [value, { type: 'object', properties: { $ref: { enum: refs } }, additionalProperties: false }] }
            : value,
        ];
      }),
    );
    return {
      type: 'object',
      properties: { tool: { const: tool.name }, args: { type: 'object', properties, additionalProperties: false } },
      additionalProperties: false,
    };
  });
  return {
    type: 'object',
    properties: { steps: { type: 'array', minItems: 1, maxItems: maxSteps, items: { oneOf: stepSchemas } } },
    additionalProperties: false,
  };
}

/** The instruction for a planning model: the tools with their parameters, the intent, the answer's shape. */
export function planPrompt(graph: Pick<ToolGraph, 'tools'>, intent: string): string {
  const tools = graph.tools
    .map((t) => `- ${t.name}: ${t.description} Parameters: ${JSON.stringify(t.parameters.properties ?? {})}`)
    .join('\n');
  return (
    `You plan tool calls for an agent. Tools:\n${tools}\n\n` +
    `Write a plan for: ${intent}\n` +
    'Answer with JSON {"steps": [{"tool": ..., "args": {...}}]} in execution order. ' +
    'Where an argument is another tool\'s result, write {"$ref": "<tool>.result.<field>"}.'
  );
}

/**
 * Turns a generated plan into steps `s1…sN`: a reference to a tool's result points at the
 * latest earlier step of that tool, and the step depends on it; a reference to a tool no
 * earlier step ran is kept as written, for validation to report.
 */
export function stepsFromGenerated(generated: {
  steps: { tool: string; args: Record<string, unknown> }[];
}): PlanStep[] {
  const latest = new Map<string, string>();
  return generated.steps.map((raw, i) => {
    const id = `s${i + 1}`;
    const dependsOn = new Set<string>();
    const args = Object.fromEntries(
      Object.entries(raw.args ?? {}).map(([param, value]) => {
        const ref = (value as { $ref?: unknown } | null)?.$ref;
        if (typeof ref !== 'string') return [param, value];
        const [tool, ...rest] = ref.split('.');
        const step = latest.get(tool ?? '');
        if (!step) return [param, value];
        dependsOn.add(step);
        return [param, { $ref: `${step}.${rest.join('.')}` }];
      }),
    );
    latest.set(raw.tool, id);
    return { id, tool: raw.tool, args, dependsOn: [...dependsOn] };
  });
}
