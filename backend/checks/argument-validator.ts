import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ArgumentValidator } from '../../shared/checks/trajectory';
import type { ToolGraph } from '../../shared/domain';
import { shortText } from '../../shared/runs';

/** Checks call arguments against each tool's parameter schema with ajv; schemas compile once. */
export function argumentValidator(graph: {
  tools: Pick<ToolGraph['tools'][number], 'name' | 'parameters'>[];
}): ArgumentValidator {
  return schemaValidator(graph, 'parameters', 'argument');
}

/** Checks tool results against each tool's `returns` schema. */
export function resultValidator(graph: Pick<ToolGraph, 'tools'>): ArgumentValidator {
  return schemaValidator(graph, 'returns', 'result field');
}

function schemaValidator(
  graph: { tools: (Partial<Pick<ToolGraph['tools'][number], 'parameters' | 'returns'>> & { name: string })[] },
  side: 'parameters' | 'returns',
  noun: string,
): ArgumentValidator {
  const ajv = new Ajv({ strict: false, allErrors: true, verbose: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction | null>();
  const schemaOf = (name: string) => graph.tools.find((t) => t.name === name)?.[side];
  return (tool, args) => {
    if (!compiled.has(tool)) {
      const schema = schemaOf(tool);
      let validate: ValidateFunction | null = null;
      try {
        validate = schema ? ajv.compile(schema) : null;
      } catch {
        // A schema that does not compile is the graph checks' finding, not this trajectory's.
      }
      compiled.set(tool, validate);
    }
    const validate = compiled.get(tool);
    if (!validate || validate(args)) return [];
    return (validate.errors ?? []).map((error) => {
      const missing = (error.params as { missingProperty?: string }).missingProperty;
      const at = error.instancePath.replace(/\//g, '.');
      if (missing) return { path: `$${at}.${missing}`, message: `missing required ${noun} ${missing}` };
      const field = at.slice(1) || (side === 'parameters' ? 'arguments' : 'result');
      return { path: `$${at}`, message: `${field} ${violation(error)}` };
    });
  };
}

/** A value in a message: its JSON, clipped. */
const shown = (value: unknown) => shortText(JSON.stringify(value) ?? String(value));

/**
 * What is wrong with a value, naming the value and what is allowed: `is "Tokio", not one of "open",
 * "closed"`, not ajv's bare `must be equal to one of the allowed values`.
 */
function violation(error: ErrorObject): string {
  const params = error.params as { allowedValues?: unknown[]; allowedValue?: unknown; additionalProperty?: string };
  switch (error.keyword) {
    case 'enum':
      return `is ${shown(error.data)}, not one of ${(params.allowedValues ?? []).map(shown).join(', ')}`;
    case 'const':
      return `is ${shown(error.data)}, not ${shown(params.allowedValue)}`;
    case 'additionalProperties':
      return `has ${params.additionalProperty ?? 'a property'}, which its schema does not allow`;
    default:
      // Objects and arrays are not repeated in the message: their path says where they are.
      return typeof error.data === 'object' && error.data !== null
        ? (error.message ?? 'is invalid')
        : `is ${shown(error.data)}: it ${error.message ?? 'is invalid'}`;
  }
}
