import type { JsonSchema } from '../../domain';
import { isObject } from '../../json';
import type { HttpArgumentPlace } from '../../runtimes';
import { followRef, type Doc } from './openapi-refs';

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

/** The media type a body is sent as: JSON first, then a form, then whatever the description lists first. */
export function chooseMedia(content: unknown): [string, Doc] | undefined {
  if (!isObject(content)) return undefined;
  const entries = Object.entries(content).filter((e): e is [string, Doc] => isObject(e[1]));
  const rank = ([type]: [string, Doc]) =>
    /json/i.test(type) ? 0 : /x-www-form-urlencoded/i.test(type) ? 1 : /multipart\/form-data/i.test(type) ? 2 : 3;
  return [...entries].sort((a, b) => rank(a) - rank(b))[0];
}

const isJsonMedia = (type: string) => /json/i.test(type);

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

/**
 * An operation's arguments: its parameters (Swagger's `in: body` and `formData` too) and its
 * request body, each placed where the description says, with its schema inlined by `inline`.
 */
export function operationArguments(
  doc: Doc,
  item: Doc,
  op: Doc,
  inline: (node: unknown) => unknown,
  swagger: boolean,
): ArgumentList {
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
    const declared = Array.isArray(op.consumes) ? op.consumes : Array.isArray(doc.consumes) ? doc.consumes : [];
    const types = declared.filter((c): c is string => typeof c === 'string');
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
  return args;
}
