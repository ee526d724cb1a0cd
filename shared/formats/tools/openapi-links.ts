import { parse as parseYaml } from 'yaml';
import type { DependencyEdge, Tool } from '../../domain';
import { isObject } from '../../json';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** A JSON pointer into a response body as a field path: `/deploys/0/version` → `deploys[0].version`. */
export function pointerAsFieldPath(pointer: string): string | null {
  const parts = pointer
    .replace(/^\//, '')
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (!parts.length) return null;
  let path = '';
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      if (!path) return null;
      path += `[${part}]`;
    } else path += path ? `.${part}` : part;
  }
  return path;
}

/**
 * The dependencies an OpenAPI document declares itself: a response's `links` whose parameters
 * come from its body (`$response.body#/incident_id`) into another operation's parameters. The
 * spec's author drew these; they arrive drawn. Links to operations or parameters the import does
 * not have are left out.
 */
export function openApiLinkEdges(text: string, tools: readonly Tool[]): DependencyEdge[] {
  let doc: unknown;
  try {
    doc = parseYaml(text.replace(/^\uFEFF/, ''));
  } catch {
    return [];
  }
  if (!isObject(doc) || !isObject(doc.paths)) return [];
  // Tool names are operation ids as the importer made them (renamed where invalid).
  const byOperation = new Map(tools.map((t) => [t.name, t]));
  const toolFor = (operationId: unknown) =>
    typeof operationId === 'string'
      ? byOperation.get(operationId.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/^_+|_+$/g, ''))
      : undefined;
  const components = isObject(doc.components) && isObject(doc.components.links) ? doc.components.links : {};
  const edges: DependencyEdge[] = [];
  for (const item of Object.values(doc.paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      const from = isObject(op) ? toolFor(op.operationId) : undefined;
      if (!from || !isObject(op) || !isObject(op.responses)) continue;
      for (const response of Object.values(op.responses)) {
        if (!isObject(response) || !isObject(response.links)) continue;
        for (const raw of Object.values(response.links)) {
          const ref = isObject(raw) && typeof raw.$ref === 'string' ? raw.$ref.split('/').pop()! : null;
          const link = ref ? components[ref] : raw;
          const to = isObject(link) ? toolFor(link.operationId) : undefined;
          if (!to || !isObject(link) || !isObject(link.parameters)) continue;
          const params = isObject(to.parameters.properties) ? to.parameters.properties : {};
          for (const [param, expression] of Object.entries(link.parameters)) {
            const pointer =
              typeof expression === 'string' ? /^\$response\.body#(.*)$/.exec(expression)?.[1] : undefined;
            const fromPath = pointer === undefined ? null : pointerAsFieldPath(pointer);
            const name = param.replace(/^(path|query|header|cookie)\./, '');
            if (fromPath && name in params)
              edges.push({ kind: 'dependency', fromTool: from.name, fromPath, toTool: to.name, toParam: name });
          }
        }
      }
    }
  }
  return edges;
}
