import { parse as parseYaml } from 'yaml';
import type { JsonSchema, Tool } from '../../domain';
import { TrellisError } from '../../errors';
import { isObject } from '../../json';
import type { RuntimeOf } from '../../runtimes';
import { chooseMedia, operationArguments } from './openapi-arguments';
import { followRef, InlineBudget, operationInliner, type Doc } from './openapi-refs';
import { securityResolver } from './openapi-security';
import { BaseUrls, joinUrl } from './openapi-servers';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName, type ApiOperation, type ParsedTools } from './parsed';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

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

/** Reads the text as JSON, else as YAML. */
function readDocument(text: string): unknown {
  const bare = text.replace(/^\uFEFF/, '');
  if (/^\s*[{[]/.test(bare)) {
    try {
      return JSON.parse(bare);
    } catch {
      // YAML is a superset of JSON's syntax: its parser says where it fails.
    }
  }
  try {
    return parseYaml(bare, { maxAliasCount: 1000 });
  } catch (error) {
    throw new TrellisError('E4001', `This is neither JSON nor YAML: ${(error as Error).message}`);
  }
}

function successResponse(doc: Doc, op: Doc): Doc | undefined {
  const responses = isObject(op.responses) ? op.responses : {};
  const success = Object.entries(responses).find(([code]) => /^2(\d\d|XX)$/i.test(code));
  const response = success ? followRef(doc, success[1]) : undefined;
  return isObject(response) ? response : undefined;
}

/** The result schema as the graph keeps it: an object, a non-object wrapped as `result`. */
function resultSchema(schema: unknown): JsonSchema {
  if (!isObject(schema)) return EMPTY_OBJECT_SCHEMA;
  return (
    schema.type === 'object' || schema.properties ? schema : { type: 'object', properties: { result: schema } }
  ) as JsonSchema;
}

/**
 * An OpenAPI 3.0/3.1 or Swagger 2 document (JSON or YAML): each operation becomes a tool that
 * runs against the API. Its parameters and request body become the tool's arguments, each placed
 * where the description says (path, query, header, cookie, body, with their style); the first
 * 2xx response becomes its result; its server (`servers`, or Swagger's host and basePath) makes
 * the URL absolute, resolved against `source` (where the description came from) when relative;
 * its security requirement becomes credentials the person sets once on their machine.
 */
export function parseOpenApi(text: string, source?: string): ParsedTools {
  const doc = readDocument(text);
  const swagger = isObject(doc) && typeof doc.swagger === 'string' && doc.swagger.startsWith('2');
  if (!isObject(doc) || (!swagger && !(typeof doc.openapi === 'string' && doc.openapi.startsWith('3')))) {
    throw new TrellisError(
      'E4001',
      'This is not an OpenAPI description (no "openapi: 3.x" or "swagger: \'2.0\'" field).',
      'Choose the format the file is in, or open the API description itself (often openapi.json, openapi.yaml or swagger.json).',
    );
  }
  const paths = isObject(doc.paths) ? doc.paths : {};
  const warnings: string[] = [];
  const taken = new Set<string>();
  const tools: Tool[] = [];
  const operations: ApiOperation[] = [];
  const bases = new BaseUrls(source, warnings);
  const authFor = securityResolver(doc, warnings);
  let cut = 0;
  const budget = new InlineBudget();
  for (const [route, rawItem] of Object.entries(paths)) {
    const item = followRef(doc, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const { inline, state, done } = operationInliner(doc, budget);
      const args = operationArguments(doc, item, op, inline, swagger);
      const response = successResponse(doc, op);
      const returns = swagger
        ? inline(response?.schema)
        : inline(isObject(response) ? chooseMedia(response.content)?.[1].schema : undefined);
      done();
      if (state.cut) cut++;
      const rawName = typeof op.operationId === 'string' ? op.operationId : `${method}_${route}`;
      const name = toolName(rawName, taken, warnings);
      const description = [op.summary, op.description].filter((s) => typeof s === 'string' && s).join(' — ');
      const auth = authFor(op);
      const runtime: RuntimeOf<'http'> = {
        kind: 'http',
        method: method.toUpperCase(),
        url: joinUrl(swagger ? bases.swagger(doc, op) : bases.openApi(doc, item, op), route),
        arguments: args.places,
        ...(args.bodyType ? { bodyType: args.bodyType } : {}),
        ...(args.bodyArgument ? { bodyArgument: args.bodyArgument } : {}),
        ...(auth.length ? { auth } : {}),
      };
      tools.push(
        makeTool(
          name,
          description || `${method.toUpperCase()} ${route}`,
          args.schema(),
          resultSchema(returns),
          runtime,
        ),
      );
      const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [];
      operations.push({ tool: name, method: method.toUpperCase(), path: route, tags });
    }
  }
  if (cut)
    warnings.push(
      `${cut} operation${cut === 1 ? '' : 's'} had schemas too large to expand whole; their deepest parts are kept as untyped objects that name them.`,
    );
  if (!tools.length) warnings.push('The document has no operations under "paths".');
  return { tools, edges: [], warnings, operations };
}
