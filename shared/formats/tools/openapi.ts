import { parse as parseYaml } from 'yaml';
import type { JsonSchema } from '../../domain';
import { TrellisError } from '../../errors';
import { isObject } from '../../json';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName, type ParsedTools } from './parsed';
import { formatCount } from '../../text';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const MAX_REF_DEPTH = 8;
/** Schema nodes that inlining `$ref`s may produce in all: chained refs otherwise grow exponentially. */
const MAX_INLINED_NODES = 200_000;

type Doc = Record<string, unknown>;

function resolvePointer(doc: Doc, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (isObject(node) ? node[key] : undefined), doc);
}

/**
 * Inlines local `$ref`s; recursive schemas stop at MAX_REF_DEPTH as an untyped object, and the
 * whole expansion at MAX_INLINED_NODES (a few kilobytes of chained refs can expand to billions).
 */
function inliner(doc: Doc) {
  let budget = MAX_INLINED_NODES;
  const inline = (node: unknown, depth = 0): unknown => {
    if (--budget < 0)
      throw new TrellisError(
        'E4001',
        `The document's $refs expand to more than ${formatCount(MAX_INLINED_NODES)} schema nodes; Trellis does not inline that many.`,
        'Import a smaller part of the API, or flatten the chained schemas.',
      );
    if (Array.isArray(node)) return node.map((n) => inline(n, depth));
    if (!isObject(node)) return node;
    if (typeof node.$ref === 'string') {
      if (depth >= MAX_REF_DEPTH) return { type: 'object', description: `(recursive ${node.$ref})` };
      return inline(resolvePointer(doc, node.$ref) ?? {}, depth + 1);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inline(v, depth)]));
  };
  return inline;
}

/** The deepest nesting of brackets outside quoted strings (a cheap bound before parsing). */
export function bracketDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if ((c === ']' || c === '}') && depth > 0) depth--;
  }
  return deepest;
}

function jsonContentSchema(content: unknown): JsonSchema | undefined {
  if (!isObject(content)) return undefined;
  const media = Object.entries(content).find(([type]) => type.includes('json')) ?? Object.entries(content)[0];
  return media && isObject(media[1]) && isObject(media[1].schema) ? (media[1].schema as JsonSchema) : undefined;
}

/**
 * An OpenAPI 3 document (JSON or YAML): each operation becomes a tool. Path, query and header
 * parameters and the JSON request body's properties become its parameters; the first 2xx JSON
 * response becomes its result.
 */
export function parseOpenApi(text: string): ParsedTools {
  let doc: unknown;
  try {
    doc = parseYaml(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new TrellisError('E4001', `This is neither JSON nor YAML: ${(error as Error).message}`);
  }
  if (!isObject(doc) || typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3')) {
    throw new TrellisError('E4001', 'This is not an OpenAPI 3 document (no "openapi: 3.x" field).');
  }
  const paths = isObject(doc.paths) ? doc.paths : {};
  const warnings: string[] = [];
  const taken = new Set<string>();
  const tools = [];
  const inline = inliner(doc);
  for (const [route, rawItem] of Object.entries(paths)) {
    const item = inline(rawItem) as Doc;
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      for (const param of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
        if (!isObject(param) || typeof param.name !== 'string' || param.in === 'cookie') continue;
        properties[param.name] = {
          ...(isObject(param.schema) ? param.schema : {}),
          ...(param.description ? { description: param.description } : {}),
        };
        if (param.required || param.in === 'path') required.push(param.name);
      }
      const body = isObject(op.requestBody) ? jsonContentSchema(op.requestBody.content) : undefined;
      if (body && isObject(body.properties)) {
        Object.assign(properties, body.properties);
        if (Array.isArray(body.required)) required.push(...(body.required as string[]));
      } else if (body) {
        properties.body = body;
        if (isObject(op.requestBody) && op.requestBody.required) required.push('body');
      }
      const responses = isObject(op.responses) ? op.responses : {};
      const success = Object.entries(responses).find(([code]) => /^2(\d\d|XX)$/.test(code));
      const returns = success && isObject(success[1]) ? jsonContentSchema(success[1].content) : undefined;
      const rawName = typeof op.operationId === 'string' ? op.operationId : `${method}_${route}`;
      const description = [op.summary, op.description].filter((s) => typeof s === 'string' && s).join(' — ');
      tools.push(
        makeTool(
          toolName(rawName, taken, warnings),
          description || `${method.toUpperCase()} ${route}`,
          { type: 'object', properties, ...(required.length ? { required: [...new Set(required)] } : {}) },
          returns
            ? returns.type === 'object' || returns.properties
              ? returns
              : { type: 'object', properties: { result: returns } }
            : EMPTY_OBJECT_SCHEMA,
          { kind: 'http', method: method.toUpperCase(), url: route },
        ),
      );
    }
  }
  if (!tools.length) warnings.push('The document has no operations under "paths".');
  return { tools, edges: [], warnings };
}
