import { isObject } from '../../json';
import type { Doc } from './openapi-refs';

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The first server's URL with its `{variables}` at their defaults (OpenAPI 3). */
function firstServer(servers: unknown): string | undefined {
  if (!Array.isArray(servers)) return undefined;
  const server: unknown = servers.find((s) => isObject(s) && typeof s.url === 'string');
  if (!isObject(server)) return undefined;
  const variables = isObject(server.variables) ? server.variables : {};
  return (server.url as string).replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    if (!isObject(variable)) return whole;
    const value = variable.default ?? (Array.isArray(variable.enum) ? variable.enum[0] : undefined);
    return value === undefined ? whole : String(value);
  });
}

/**
 * Where an API's operations are: absolute as the description gives it, or resolved against the
 * address the description came from; relative (and said once in `warnings`) when neither is known.
 */
export class BaseUrls {
  private warned = false;

  constructor(
    private readonly source: string | undefined,
    private readonly warnings: string[],
  ) {}

  /** An operation's base: its own `servers`, else its path's, else the document's (OpenAPI 3). */
  openApi(doc: Doc, item: Doc, op: Doc): string {
    return this.resolve(firstServer(op.servers) ?? firstServer(item.servers) ?? firstServer(doc.servers) ?? '/');
  }

  /** Swagger 2: `schemes` (https first), `host` and `basePath`. */
  swagger(doc: Doc, op: Doc): string {
    const basePath = typeof doc.basePath === 'string' ? doc.basePath : '';
    if (typeof doc.host !== 'string' || !doc.host) return this.resolve(basePath || '/');
    const schemes = (Array.isArray(op.schemes) ? op.schemes : Array.isArray(doc.schemes) ? doc.schemes : []).filter(
      (s): s is string => typeof s === 'string',
    );
    const scheme = schemes.includes('https') ? 'https' : (schemes[0] ?? this.sourceScheme() ?? 'https');
    return `${scheme}://${doc.host}${basePath}`;
  }

  private sourceScheme(): string | undefined {
    const match = /^(https?):/i.exec(this.source ?? '');
    return match?.[1]?.toLowerCase();
  }

  private resolve(url: string): string {
    if (ABSOLUTE.test(url)) return url;
    const resolved = this.source ? resolveAgainst(url, this.source) : undefined;
    if (resolved) return resolved;
    if (!this.warned) {
      this.warned = true;
      this.warnings.push(
        `The API's server "${url}" is relative and where the description came from is not known, so the tools' ` +
          `URLs start with "${url}". Give the address it was downloaded from (trellis graph import-tools --source URL), ` +
          "or put the API's address in each tool's URL, before running them.",
      );
    }
    return url;
  }
}

/** A base and a route as one URL template: `https://api.example.com/v1` + `/pets/{id}`. */
export const joinUrl = (base: string, route: string): string =>
  `${base.replace(/\/+$/, '')}/${route.replace(/^\/+/, '')}`;

/**
 * A relative URL resolved against the http(s) address a description came from (as `new URL`
 * would; the shared code has no URL class): `/v3` against `https://h/x/openapi.json` is `https://h/v3`.
 */
export function resolveAgainst(url: string, source: string): string | undefined {
  const match = /^(https?:)\/\/([^/?#]+)([^?#]*)/i.exec(source);
  if (!match) return undefined;
  const [, scheme, host, path] = match as unknown as [string, string, string, string];
  if (url.startsWith('//')) return `${scheme}${url}`;
  const folder = url.startsWith('/') ? [] : path.split('/').slice(1, -1);
  for (const part of url.replace(/^\//, '').split('/')) {
    if (part === '..') folder.pop();
    else if (part !== '.') folder.push(part);
  }
  return `${scheme}//${host}/${folder.join('/')}`;
}
