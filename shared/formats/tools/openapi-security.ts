import { isObject } from '../../json';
import type { HttpAuth } from '../../runtimes';
import type { Doc } from './openapi-refs';

/** `Swagger Petstore - OpenAPI 3.0` → `swagger-petstore-openapi-3-0`: the first part of its secrets' names. */
export function apiSlug(doc: Doc): string {
  const title = isObject(doc.info) && typeof doc.info.title === 'string' ? doc.info.title : '';
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'api'
  );
}

/** One scheme as an HTTP runtime sends it, or why it cannot be. */
function schemeAuth(secret: string, scheme: unknown): HttpAuth | string {
  if (!isObject(scheme)) return 'it is not defined';
  const type = String(scheme.type);
  if (type === 'apiKey') {
    const place = scheme.in;
    if ((place === 'header' || place === 'query' || place === 'cookie') && typeof scheme.name === 'string')
      return { secret, in: place, name: scheme.name };
    return `an API key in "${String(place)}"`;
  }
  if (type === 'basic') return { secret, in: 'header', name: 'Authorization', scheme: 'basic' };
  if (type === 'http') {
    const kind = String(scheme.scheme).toLowerCase();
    if (kind === 'bearer' || kind === 'basic') return { secret, in: 'header', name: 'Authorization', scheme: kind };
    return `HTTP ${kind} authentication`;
  }
  // The person supplies a token they obtained (Trellis runs no OAuth flow): sent as a bearer token.
  if (type === 'oauth2' || type === 'openIdConnect')
    return { secret, in: 'header', name: 'Authorization', scheme: 'bearer' };
  return `${type} authentication`;
}

/**
 * The credentials an operation's calls carry: the first of its security requirements (its own,
 * else the document's) whose schemes can all be sent. `components.securitySchemes` (OpenAPI 3)
 * or `securityDefinitions` (Swagger 2) define them; each becomes a secret named `<api>/<scheme>`.
 * An operation none of whose requirements can be sent is imported without, and said once.
 */
export function securityResolver(doc: Doc, warnings: string[]) {
  const schemes =
    isObject(doc.components) && isObject(doc.components.securitySchemes)
      ? doc.components.securitySchemes
      : isObject(doc.securityDefinitions)
        ? doc.securityDefinitions
        : {};
  const slug = apiSlug(doc);
  const said = new Set<string>();
  return (op: Doc): HttpAuth[] => {
    const requirements = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
    const refused: string[] = [];
    for (const requirement of requirements) {
      if (!isObject(requirement)) continue;
      const names = Object.keys(requirement);
      const auth = names.map((name) => schemeAuth(`${slug}/${name.replace(/[^\w.-]+/g, '_')}`, schemes[name]));
      const why = names.flatMap((name, i) => (typeof auth[i] === 'string' ? [`${name} (${auth[i]})`] : []));
      if (!why.length) return auth as HttpAuth[];
      refused.push(...why);
    }
    const key = refused.join(', ');
    if (refused.length && !said.has(key)) {
      said.add(key);
      warnings.push(
        `Trellis cannot send the security scheme ${key}; the operations that need it are imported without credentials.`,
      );
    }
    return [];
  };
}
