import type { DependencyEdge, SharedParamEdge, Tool, ToolGraph } from '../domain';
import { countOf } from '../text';
import { fieldCompatibility } from './compatibility';
import { listOfElementPath } from './field-paths';
import { singular } from './field-names';
import { schemaFields, type SchemaField } from './fields';
import {
  descriptionEvidence,
  fieldEntity,
  GENERIC_WORDS,
  isKeyName,
  KEY_NAMES,
  lastKey,
  shownKey,
  nameEvidence,
  snakeCase,
  namesTool,
  parameterDescription,
  pathParameters,
  toolEntity,
  type Evidence,
} from './suggestion-evidence';
import type { ValueFlow } from './value-flows';

/**
 * An edge Trellis proposes, with how strongly the evidence speaks for it (0–1) and why: a
 * dependency, or a shared-parameter group (one parameter several tools take), whose `edges` join
 * each member to the first.
 */
export interface EdgeSuggestion {
  key: string;
  kind: 'dependency' | 'shared';
  /** What Accept draws (a group's edges that are not drawn yet). */
  edges: (DependencyEdge | SharedParamEdge)[];
  /** The first of `edges`: the dependency itself, or the group's first link. */
  edge: DependencyEdge | SharedParamEdge;
  /** A shared group's members, as `tool.param`. */
  members?: { tool: string; param: string }[];
  score: number;
  reason: string;
}

/** What else speaks for an edge than the tools' schemas: values that flowed in recorded runs. */
export interface SuggestionEvidence {
  flows?: readonly ValueFlow[];
}

const MAX_SUGGESTIONS = 200;
/** Less than a name match with nothing else for it is not worth a person's look. */
const MIN_SCORE = 0.5;

export const suggestionKey = (edge: DependencyEdge | SharedParamEdge): string =>
  edge.kind === 'dependency'
    ? `dep:${edge.fromTool}.${edge.fromPath}->${edge.toTool}.${edge.toParam}`
    : `shared:${[`${edge.toolA}.${edge.paramA}`, `${edge.toolB}.${edge.paramB}`].sort().join('~')}`;

const groupKey = (param: string, tools: readonly string[]) => `group:${param}:${[...tools].sort().join(',')}`;

type Param = { tool: Tool; field: SchemaField };

/** Parameters under every name a result could match them by: whole, and each `_`-joined head or tail. */
function indexParameters(tools: readonly Tool[]): Map<string, Param[]> {
  const index = new Map<string, Param[]>();
  for (const tool of tools)
    for (const field of schemaFields(tool.parameters)) {
      if (field.type === 'object') continue;
      const words = snakeCase(field.path).split('_');
      const names = new Set([field.path, words.join('_')]);
      for (let i = 1; i < words.length; i++) {
        names.add(words.slice(i).join('_'));
        names.add(words.slice(0, i).join('_'));
      }
      for (const name of names) index.set(name, [...(index.get(name) ?? []), { tool, field }]);
    }
  return index;
}

/** Names a result field could fill a parameter by (see nameEvidence), to look up in the index. */
function candidateNames(fromTool: string, path: string): string[] {
  const key = lastKey(path);
  const entity = fieldEntity(fromTool, path);
  const words = key.split('_');
  // Its own heads and tails too, for a parameter it qualifies (`owner_team` → `team`).
  // (Not a word every id has: `alert_id` → `id` would look up every id of the graph.)
  const parts = words
    .flatMap((_, i) => (i ? [words.slice(i).join('_'), words.slice(0, i).join('_')] : []))
    .filter((part) => !GENERIC_WORDS.has(part));
  return [key, `${entity}_${key}`, `${key}s`, ...(key === 'name' ? [entity] : []), ...parts];
}

/** A list result fills a parameter taking a list of its elements' type (`alerts[].alert_id` → `alert_ids`). */
function fits(result: SchemaField, param: SchemaField): boolean {
  if (fieldCompatibility(result, param).level === 'ok') return true;
  return param.type === 'array' && param.items === result.type && listOfElementPath(result.path) !== null;
}

/** "get_deploy_history returns a list of deploys; one deploy's version fills rollback_deploy.to_version" */
function dependencyWording(edge: DependencyEdge): string {
  const list = listOfElementPath(edge.fromPath);
  if (!list) return `${edge.fromTool} returns ${edge.fromPath}, which ${edge.toTool} takes as ${edge.toParam}`;
  const listName = lastKey(list);
  const entity = fieldEntity(edge.fromTool, edge.fromPath);
  const what = singular(listName) === entity ? `a list of ${listName}` : 'a list';
  return `${edge.fromTool} returns ${what}; one ${entity}'s ${shownKey(edge.fromPath)} fills ${edge.toTool}.${edge.toParam}`;
}

/** Everything that speaks for `result` filling `param`, strongest first. */
function evidenceFor(
  source: Tool,
  result: SchemaField,
  target: Tool,
  param: SchemaField,
  entities: ReadonlySet<string>,
  flow: ValueFlow | undefined,
): Evidence[] {
  const found: Evidence[] = [];
  if (flow)
    found.push({
      score: 0.4 + Math.min(flow.runs, 5) * 0.02,
      why: `the value flowed so in ${flow.runs} recorded run${flow.runs === 1 ? '' : 's'}`,
    });
  const named = nameEvidence(source.name, result, { ...param, tool: target.name }, entities);
  if (named) found.push(named);
  const described = descriptionEvidence(source.name, target, param.path);
  const sameFormat = result.format !== undefined && result.format === param.format;
  // A description naming the tool says which tool, not which of its fields: a name or a format must say that.
  if (described && (named || sameFormat || flow)) found.push(described);
  if (!named && described && sameFormat) found.push({ score: 0.15, why: `both are ${result.format}` });
  if (!named && !flow && !(described && sameFormat)) return [];
  if (listOfElementPath(result.path) && param.type !== 'array')
    found.push({ score: 0.1, why: 'one is picked from a list' });
  if (pathParameters(target).has(param.path))
    found.push({ score: 0.15, why: `${param.path} is in ${target.name}'s URL path` });
  else if (isKeyName(param.path, entities)) found.push({ score: 0.1, why: `${param.path} is an id` });
  return found;
}

/**
 * Edges Trellis proposes, best evidence first. A dependency needs a result field whose name says
 * it fills the parameter (the same entity's id or key, singular or plural, an element of a listed
 * result), and counts more where the parameter is an id in the URL path, a description names the
 * producing tool, or recorded runs passed the value along. A tool that returns what it was given
 * (`service` in, `service` out) is no source of it: such parameters are proposed once, as one
 * shared-parameter group. Existing and dismissed edges are left out.
 */
export function suggestEdges(
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
  dismissed: ReadonlySet<string> = new Set(),
  evidence: SuggestionEvidence = {},
): EdgeSuggestion[] {
  const existing = new Set(graph.edges.map((e) => suggestionKey(e)));
  const fed = new Set(graph.edges.filter((e) => e.kind === 'dependency').map((e) => `${e.toTool}.${e.toParam}`));
  const index = indexParameters(graph.tools);
  const entities = new Set(graph.tools.map((t) => toolEntity(t.name)));
  const flows = new Map(
    (evidence.flows ?? []).map((f) => [`dep:${f.fromTool}.${f.fromPath}->${f.toTool}.${f.toParam}`, f]),
  );
  const out: EdgeSuggestion[] = [];

  const allParams = graph.tools.flatMap((tool) => schemaFields(tool.parameters).map((field) => ({ tool, field })));
  const byPath = new Map(allParams.map((p) => [`${p.tool.name}.${p.field.path}`, p]));
  // Parameters with a description of their own, read once: each tool then looks for its name in them.
  const describedParams = allParams
    .map((p) => ({ ...p, text: parameterDescription(p.tool, p.field.path) }))
    .filter((p) => p.text);
  for (const tool of graph.tools) {
    const ownParams = schemaFields(tool.parameters);
    const declared = schemaFields(tool.returns, { elements: true }).filter((r) => r.type !== 'object');
    // Fields recorded runs passed on count though the result schema does not declare them (logs
    // imported before their result schemas were inferred): the value seen says its type fits.
    const undeclared = (evidence.flows ?? [])
      .filter((f) => f.fromTool === tool.name && !declared.some((r) => r.path === f.fromPath))
      .map((f): SchemaField => ({ path: f.fromPath, type: 'any', required: false }));
    const results = [...declared, ...new Map(undeclared.map((r) => [r.path, r])).values()];
    // Parameters whose own description names this tool ("…as list_services gives it").
    const described = describedParams.filter(
      ({ tool: target, text }) => target.name !== tool.name && namesTool(text, tool.name),
    );
    for (const result of results) {
      // What the tool was given, handed back: its source is whatever gave it to the tool.
      const key = lastKey(result.path);
      if (
        ownParams.some(
          (own) =>
            snakeCase(own.path) === key ||
            (nameEvidence(tool.name, result, { ...own, tool: tool.name }, entities)?.score ?? 0) >= 0.5,
        )
      )
        continue;
      const flowed = (evidence.flows ?? []).filter((f) => f.fromTool === tool.name && f.fromPath === result.path);
      const candidates = new Set([
        ...candidateNames(tool.name, result.path).flatMap((name) => index.get(name) ?? []),
        ...described.filter(({ field }) => field.format !== undefined && field.format === result.format),
        ...flowed.flatMap((f) => byPath.get(`${f.toTool}.${f.toParam}`) ?? []),
      ]);
      for (const { tool: target, field: param } of candidates) {
        if (target.name === tool.name || fed.has(`${target.name}.${param.path}`)) continue;
        const edge: DependencyEdge = {
          kind: 'dependency',
          fromTool: tool.name,
          fromPath: result.path,
          toTool: target.name,
          toParam: param.path,
        };
        const edgeKey = suggestionKey(edge);
        if (existing.has(edgeKey) || dismissed.has(edgeKey)) continue;
        if (result.type === 'any' ? !flows.has(edgeKey) : !fits(result, param)) continue;
        const found = evidenceFor(tool, result, target, param, entities, flows.get(edgeKey));
        const score = Math.min(
          1,
          found.reduce((sum, e) => sum + e.score, 0),
        );
        if (score < MIN_SCORE) continue;
        existing.add(edgeKey);
        out.push({
          key: edgeKey,
          kind: 'dependency',
          edges: [edge],
          edge,
          score: Math.round(score * 100) / 100,
          reason: `${dependencyWording(edge)} (${found.map((e) => e.why).join('; ')})`,
        });
      }
    }
  }
  out.push(...sharedGroups(graph, existing, dismissed, entities));
  return out.sort((a, b) => b.score - a.score).slice(0, MAX_SUGGESTIONS);
}

/**
 * One suggestion per parameter that several tools take and that names a thing (an id, an entity's
 * key, a resource in a URL path): the tools then work on the same one.
 */
function sharedGroups(
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
  existing: ReadonlySet<string>,
  dismissed: ReadonlySet<string>,
  entities: ReadonlySet<string>,
): EdgeSuggestion[] {
  const holders = new Map<string, { tool: string; field: SchemaField; echoes: boolean; inPath: boolean }[]>();
  for (const tool of graph.tools) {
    const returned = new Set(schemaFields(tool.returns).map((f) => f.path));
    const inPath = pathParameters(tool);
    for (const field of schemaFields(tool.parameters)) {
      if (field.type === 'object' || field.path.includes('.')) continue;
      // A bare `id` or `name` is each tool's own entity's: only tools about one entity share it.
      const bucket = KEY_NAMES.has(snakeCase(field.path)) ? `${field.path}@${toolEntity(tool.name)}` : field.path;
      const list = holders.get(bucket) ?? [];
      list.push({ tool: tool.name, field, echoes: returned.has(field.path), inPath: inPath.has(field.path) });
      holders.set(bucket, list);
    }
  }
  const out: EdgeSuggestion[] = [];
  for (const all of holders.values()) {
    const first = all[0]!;
    const param = first.field.path;
    const members = all.filter((m) => m.tool !== first.tool && fieldCompatibility(first.field, m.field).level === 'ok');
    if (!members.length) continue;
    const group = [first, ...members];
    const echoed = group.filter((m) => m.echoes).length;
    // Only a parameter that names one thing (an id, an entity, a resource in a URL path): two
    // tools that both take a `name` or a `limit` need not mean the same one.
    if (!isKeyName(param, entities) && !group.some((m) => m.inPath)) continue;
    const key = groupKey(
      param,
      group.map((m) => m.tool),
    );
    const edges: SharedParamEdge[] = members
      .map((m): SharedParamEdge => ({ kind: 'shared', toolA: first.tool, paramA: param, toolB: m.tool, paramB: param }))
      .filter((e) => !existing.has(suggestionKey(e)));
    if (!edges.length || dismissed.has(key)) continue;
    const score = Math.min(0.9, 0.5 + 0.05 * group.length + (echoed ? 0.1 : 0));
    const names = group.map((m) => m.tool);
    out.push({
      key,
      kind: 'shared',
      edges,
      edge: edges[0]!,
      members: group.map((m) => ({ tool: m.tool, param })),
      score: Math.round(score * 100) / 100,
      reason: `${countOf(names.length, 'tool')} take the same ${param} (${first.field.type}): ${names.join(', ')}${
        echoed
          ? `; ${echoed === 1 ? 'one hands it back' : `${echoed} hand it back`}, so it is one ${param} throughout`
          : ''
      }`,
    });
  }
  return out;
}
