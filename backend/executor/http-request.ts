import { isObject } from '../../shared/json';
import type { HttpArgumentPlace, HttpAuth, RuntimeOf } from '../../shared/runtimes';

type HttpRuntime = RuntimeOf<'http'>;
type Pair = [string, string];

/** A request as an HTTP runtime makes it from a call's arguments, before any secret is added. */
export interface HttpRequestParts {
  /** The URL with its `{name}` places filled, query not yet added. */
  url: string;
  query: Pair[];
  headers: Record<string, string>;
  cookies: Pair[];
  body?: { type: string; value: unknown };
}

const text = (value: unknown): string =>
  typeof value === 'string' ? value : isObject(value) || Array.isArray(value) ? JSON.stringify(value) : String(value);

const entriesOf = (value: Record<string, unknown>): Pair[] => Object.entries(value).map(([k, v]) => [k, text(v)]);

/** Query and cookie values as OpenAPI's `form`, `spaceDelimited`, `pipeDelimited` and `deepObject` styles write them. */
function formPairs(name: string, value: unknown, place: HttpArgumentPlace): Pair[] {
  const style = place.style ?? 'form';
  const explode = place.explode ?? style === 'form';
  if (Array.isArray(value)) {
    if (style === 'spaceDelimited') return [[name, value.map(text).join(' ')]];
    if (style === 'pipeDelimited') return [[name, value.map(text).join('|')]];
    return explode ? value.map((item): Pair => [name, text(item)]) : [[name, value.map(text).join(',')]];
  }
  if (isObject(value)) {
    if (style === 'deepObject') return entriesOf(value).map(([k, v]): Pair => [`${name}[${k}]`, v]);
    return explode ? entriesOf(value) : [[name, entriesOf(value).flat().join(',')]];
  }
  return [[name, text(value)]];
}

/** A path value as the `simple`, `label` and `matrix` styles write it (percent-encoded). */
function pathValue(name: string, value: unknown, place: HttpArgumentPlace | undefined): string {
  const style = place?.style ?? 'simple';
  const explode = place?.explode ?? false;
  const enc = encodeURIComponent;
  const items: string[] = Array.isArray(value)
    ? value.map((v) => enc(text(v)))
    : isObject(value)
      ? entriesOf(value).map(([k, v]) => (explode ? `${enc(k)}=${enc(v)}` : `${enc(k)},${enc(v)}`))
      : [enc(text(value ?? ''))];
  if (style === 'label') return `.${items.join(explode ? '.' : ',')}`;
  if (style === 'matrix') {
    if (explode && Array.isArray(value)) return items.map((item) => `;${name}=${item}`).join('');
    if (explode && isObject(value)) return items.map((item) => `;${item}`).join('');
    return `;${name}=${items.join(',')}`;
  }
  return items.join(',');
}

/** A header value as the `simple` style writes it. */
function headerValue(value: unknown, place: HttpArgumentPlace): string {
  if (Array.isArray(value)) return value.map(text).join(',');
  if (isObject(value))
    return entriesOf(value)
      .map(([k, v]) => (place.explode ? `${k}=${v}` : `${k},${v}`))
      .join(',');
  return text(value);
}

/**
 * Places a call's arguments where the runtime says: `{name}` in the URL, then the query,
 * headers, cookies and body. Arguments it does not place go in the query (GET, HEAD) or the body.
 */
export function httpRequestParts(runtime: HttpRuntime, args: unknown): HttpRequestParts {
  const rest: Record<string, unknown> = isObject(args) ? { ...args } : {};
  const places = runtime.arguments ?? {};
  const wireNames = new Map(Object.entries(places).map(([arg, place]) => [place.name ?? arg, arg]));
  const url = runtime.url.replace(/\{([^{}/]+)\}/g, (_, wire: string) => {
    const arg = wireNames.get(wire) ?? wire;
    const value = rest[arg];
    delete rest[arg];
    return pathValue(wire, value, places[arg]);
  });
  const method = runtime.method.toUpperCase();
  const query: Pair[] = [];
  const headers: Record<string, string> = {};
  const cookies: Pair[] = [];
  const fields: Record<string, unknown> = {};
  let whole: { value: unknown } | undefined;
  for (const [arg, value] of Object.entries(rest)) {
    if (value === undefined) continue;
    const place = places[arg];
    const wire = place?.name ?? arg;
    if (arg === runtime.bodyArgument) whole = { value };
    else if (place?.in === 'query') query.push(...formPairs(wire, value, place));
    else if (place?.in === 'header') headers[wire] = headerValue(value, place);
    else if (place?.in === 'cookie') cookies.push(...formPairs(wire, value, { ...place, explode: false }));
    else if (place?.in === 'body' || !['GET', 'HEAD'].includes(method)) fields[wire] = value;
    else query.push(...formPairs(wire, value, { in: 'query' }));
  }
  const type = runtime.bodyType ?? 'application/json';
  const body = whole
    ? { type, value: whole.value }
    : // A runtime written without places sends its JSON body on every method but GET, as it always did.
      Object.keys(fields).length || (!runtime.arguments && !['GET', 'HEAD'].includes(method))
      ? { type, value: fields }
      : undefined;
  return { url, query, headers, cookies, ...(body ? { body } : {}) };
}

/** How a credential is sent, as the runtime's auth says: the header value, or the query or cookie value. */
export function credentialValue(auth: HttpAuth, secret: string): string {
  if (auth.scheme === 'bearer') return `Bearer ${secret}`;
  if (auth.scheme === 'basic') return `Basic ${Buffer.from(secret, 'utf8').toString('base64')}`;
  return secret;
}

/** The body as fetch sends it, with its content type (multipart's comes with its boundary, from fetch). */
export function encodeBody(body: { type: string; value: unknown }): { body: string | FormData; type?: string } {
  const media = body.type.split(';')[0]!.trim().toLowerCase();
  if (media === 'application/x-www-form-urlencoded' && isObject(body.value)) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body.value))
      for (const item of Array.isArray(v) ? v : [v]) form.append(k, text(item));
    return { body: form.toString(), type: body.type };
  }
  if (media === 'multipart/form-data' && isObject(body.value)) {
    const form = new FormData();
    for (const [k, v] of Object.entries(body.value))
      for (const item of Array.isArray(v) ? v : [v]) form.append(k, text(item));
    return { body: form };
  }
  if (media.includes('json') || typeof body.value !== 'string')
    return { body: JSON.stringify(body.value), type: media.includes('json') ? body.type : 'application/json' };
  return { body: body.value, type: body.type };
}
