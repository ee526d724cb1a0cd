import { parse as parseYaml } from 'yaml';
import type { JsonSchema, Tool } from '../../domain';
import { TrellisError } from '../../errors';
import { isObject } from '../../json';
import type { HttpArgumentPlace, RuntimeOf } from '../../runtimes';
import { followRef, InlineBudget, operationInliner, type Doc } from './openapi-refs';
import { securityResolver } from './openapi-security';
import { BaseUrls, joinUrl } from './openapi-servers';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName, type ApiOperation, type ParsedTools } from './parsed';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
/** Headers the HTTP layer sets itself: OpenAPI says a description's parameters of these names are ignored. */
const RESERVED_HEADERS = new Set(['accept', 'content-type', 'authorization']);
/** Swagger 2's `collectionFormat` as OpenAPI 3's style and explode. */
const COLLECTION_FORMATS: Record<string, Pick<HttpArgumentPlace, 'style' | 'explode'>> = {
  csv: { explode: false },
  ssv: { style: 'spaceDelimited', explode: false },
  pipes: { style: 'pipeDelimited', explode: false },
  multi: { style: 'form', explode: true },
};
/** What a Swagger 2 parameter says of its value, outside a `schema`. */
const SWAGGER_SCHEMA_KEYS = [
  'type',
  'format',
  'items',
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'multipleOf',
];

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

/** The media type a body is sent as: JSON first, then a form, then whatever the description lists first. */
function chooseMedia(content: unknown): [string, Doc] | undefined {
  if (!isObject(content)) return undefined;
  const entries = Object.entries(content).filter((e): e is [string, Doc] => isObject(e[1]));
  const rank = ([type]: [string, Doc]) =>
    /json/i.test(type) ? 0 : /x-www-form-urlencoded/i.test(type) ? 1 : /multipart\/form-data/i.test(type) ? 2 : 3;
  return [...entries].sort((a, b) => rank(a) - rank(b))[0];
}

const isJsonMedia = (type: string) => /json/i.test(type);

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

/** An operation's parameters, tool arguments and where each goes; built up parameter by parameter. */
class ArgumentList {
  readonly properties: Record<string, unknown> = {};
  readonly required = new Set<string>();
  readonly places: Record<string, HttpArgumentPlace> = {};
  bodyType: string | undefined;
  bodyArgument: string | undefined;

  /** Adds an argument; a name already taken gets the place's prefix (`body_id`), its wire name kept. */
  add(wire: string, place: HttpArgumentPlace, schema: unknown, required: boolean): void {
    let arg = wire;
    if (Object.hasOwn(this.properties, arg)) arg = `${place.in}_${wire}`;
    for (let n = 2; Object.hasOwn(this.properties, arg); n++) arg = `${place.in}_${wire}_${n}`;
    this.properties[arg] = isObject(schema) ? schema : {};
    this.places[arg] = arg === wire ? place : { ...place, name: wire };
    if (required) this.required.add(arg);
  }

  /** A body: its object's properties as arguments, or the whole body as one. */
  addBody(schema: unknown, media: string, required: boolean, wholeName = 'body'): void {
    if (!isJsonMedia(media)) this.bodyType = media;
    if (isObject(schema) && isObject(schema.properties) && schema.type !== 'array') {
      const needed = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
      for (const [name, property] of Object.entries(schema.properties))
        this.add(name, { in: 'body' }, property, needed.has(name));
      return;
    }
    this.add(wholeName, { in: 'body' }, schema ?? {}, required);
    this.bodyArgument = Object.keys(this.places).at(-1);
  }

  schema(): JsonSchema {
    return {
      type: 'object',
      properties: this.properties,
      ...(this.required.size ? { required: [...this.required] } : {}),
    } as JsonSchema;
  }
}

/** OpenAPI 3's parameter style and explode, when the description gives them. */
function styleOf(param: Doc): Pick<HttpArgumentPlace, 'style' | 'explode'> {
  const styles: HttpArgumentPlace['style'][] = [
    'form',
    'simple',
    'label',
    'matrix',
    'spaceDelimited',
    'pipeDelimited',
    'deepObject',
  ];
  const style = styles.find((s) => s === param.style);
  return {
    ...(style ? { style } : {}),
    ...(typeof param.explode === 'boolean' ? { explode: param.explode } : {}),
  };
}

function withDescription(schema: unknown, description: unknown): unknown {
  const base = isObject(schema) ? schema : {};
  return typeof description === 'string' && description ? { ...base, description } : base;
}

/** Parameters of the path and of the operation, the operation's winning where both name one. */
function mergedParameters(doc: Doc, item: Doc, op: Doc): Doc[] {
  const all = [
    ...(Array.isArray(item.parameters) ? item.parameters : []),
    ...(Array.isArray(op.parameters) ? op.parameters : []),
  ]
    .map((p) => followRef(doc, p))
    .filter((p): p is Doc => isObject(p) && typeof p.name === 'string' && typeof p.in === 'string');
  const byKey = new Map(all.map((p) => [`${String(p.in)} ${String(p.name)}`, p]));
  return [...byKey.values()];
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
  const consumes = Array.isArray(doc.consumes) ? doc.consumes.filter((c): c is string => typeof c === 'string') : [];
  let cut = 0;
  const budget = new InlineBudget();
  for (const [route, rawItem] of Object.entries(paths)) {
    const item = followRef(doc, rawItem);
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const { inline, state, done } = operationInliner(doc, budget);
      const args = new ArgumentList();
      const formData: Doc[] = [];
      for (const param of mergedParameters(doc, item, op)) {
        const where = String(param.in);
        const name = String(param.name);
        if (where === 'header' && RESERVED_HEADERS.has(name.toLowerCase())) continue;
        if (swagger && where === 'body') {
          args.addBody(inline(param.schema), 'application/json', param.required === true, name);
        } else if (swagger && where === 'formData') {
          formData.push(param);
        } else if (where === 'path' || where === 'query' || where === 'header' || where === 'cookie') {
          const schema = swagger
            ? Object.fromEntries(SWAGGER_SCHEMA_KEYS.filter((k) => k in param).map((k) => [k, inline(param[k])]))
            : inline(param.schema ?? (isObject(param.content) ? chooseMedia(param.content)?.[1].schema : undefined));
          const style = swagger ? (COLLECTION_FORMATS[String(param.collectionFormat)] ?? {}) : styleOf(param);
          args.add(
            name,
            { in: where, ...style },
            withDescription(schema, param.description),
            param.required === true || where === 'path',
          );
        }
      }
      if (formData.length) {
        const types = Array.isArray(op.consumes)
          ? op.consumes.filter((c): c is string => typeof c === 'string')
          : consumes;
        const multipart = formData.some((p) => p.type === 'file') || types.some((t) => /multipart/i.test(t));
        args.bodyType = multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
        for (const p of formData) {
          const schema =
            p.type === 'file'
              ? { type: 'string', format: 'binary' }
              : Object.fromEntries(SWAGGER_SCHEMA_KEYS.filter((k) => k in p).map((k) => [k, inline(p[k])]));
          args.add(String(p.name), { in: 'body' }, withDescription(schema, p.description), p.required === true);
        }
      }
      const requestBody = followRef(doc, op.requestBody);
      const media = isObject(requestBody) ? chooseMedia(requestBody.content) : undefined;
      if (!swagger && media)
        args.addBody(
          inline(media[1].schema),
          media[0],
          requestBody !== undefined && (requestBody as Doc).required === true,
        );
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
