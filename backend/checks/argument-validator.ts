import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ArgumentValidator } from '../../shared/checks/trajectory';
import type { ToolGraph } from '../../shared/domain';

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
  const ajv = new Ajv({ strict: false, allErrors: true });
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
      return missing
        ? { path: `$${at}.${missing}`, message: `missing required ${noun} ${missing}` }
        : {
            path: `$${at}`,
            message: `${at.slice(1) || (side === 'parameters' ? 'arguments' : 'result')} ${error.message ?? 'is invalid'}`,
          };
    });
  };
}
