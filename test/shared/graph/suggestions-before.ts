/** Edge suggestions as Trellis made them before they were ranked by evidence (names alone, shared pairwise): the baseline the quality table compares against. */
import type { DependencyEdge, SharedParamEdge, ToolGraph } from '../../../shared/domain';
import { fieldCompatibility } from '../../../shared/graph/compatibility';
import { isElementPath, listOfElementPath } from '../../../shared/graph/field-paths';
import { fieldNameVariants } from '../../../shared/graph/field-names';
import { schemaFields, type SchemaField } from '../../../shared/graph/fields';

export type EdgeSuggestion = { key: string; edge: DependencyEdge | SharedParamEdge; reason: string };

const MAX_SUGGESTIONS = 200;

const suggestionKey = (edge: DependencyEdge | SharedParamEdge): string =>
  edge.kind === 'dependency'
    ? `dep:${edge.fromTool}.${edge.fromPath}->${edge.toTool}.${edge.toParam}`
    : `shared:${[`${edge.toolA}.${edge.paramA}`, `${edge.toolB}.${edge.paramB}`].sort().join('~')}`;

/**
 * Edges Trellis proposes: a result field that names a parameter of another tool with a
 * matching type (dependency; an element's field of a listed result too, as in
 * `rooms[].room_id` → `room_id`, "pick one of the list"), and two tools' parameters with one
 * name and type (shared). Existing and dismissed edges are left out.
 */
export function suggestEdgesBefore(
  graph: Pick<ToolGraph, 'tools' | 'edges'>,
  dismissed: ReadonlySet<string> = new Set(),
): EdgeSuggestion[] {
  const existing = new Set(graph.edges.map((e) => suggestionKey(e)));
  const fed = new Set(graph.edges.filter((e) => e.kind === 'dependency').map((e) => `${e.toTool}.${e.toParam}`));
  const paramsByName = new Map<string, { tool: string; field: SchemaField }[]>();
  for (const tool of graph.tools) {
    for (const field of schemaFields(tool.parameters)) {
      if (field.type === 'object') continue;
      const list = paramsByName.get(field.path) ?? [];
      list.push({ tool: tool.name, field });
      paramsByName.set(field.path, list);
    }
  }
  const out: EdgeSuggestion[] = [];
  /** The edge's key when it is neither drawn nor dismissed (nor offered already), else null. */
  const fresh = (edge: DependencyEdge | SharedParamEdge) => {
    const key = suggestionKey(edge);
    return existing.has(key) || dismissed.has(key) ? null : key;
  };
  const offer = (key: string, edge: DependencyEdge | SharedParamEdge, reason: string) => {
    existing.add(key);
    out.push({ key, edge, reason });
  };

  // The cheap tests first, and no more searching once the list is full: on a thousand tools that
  // share parameter names the pairs run to hundreds of thousands.
  for (const tool of graph.tools) {
    for (const result of schemaFields(tool.returns, { elements: true })) {
      for (const name of fieldNameVariants(result.path)) {
        for (const target of paramsByName.get(name) ?? []) {
          if (target.tool === tool.name || fed.has(`${target.tool}.${target.field.path}`)) continue;
          const edge: DependencyEdge = {
            kind: 'dependency',
            fromTool: tool.name,
            fromPath: result.path,
            toTool: target.tool,
            toParam: target.field.path,
          };
          const key = fresh(edge);
          if (key === null || fieldCompatibility(result, target.field).level !== 'ok') continue;
          offer(
            key,
            edge,
            isElementPath(result.path)
              ? `${tool.name} returns a list ${listOfElementPath(result.path)}; one element's ${result.path.split('].').pop()} fills ${target.tool}.${target.field.path}`
              : `${tool.name} returns ${result.path}, which ${target.tool} takes as ${target.field.path}`,
          );
          if (out.length >= MAX_SUGGESTIONS) return out;
        }
      }
    }
  }
  for (const [name, holders] of paramsByName) {
    for (let i = 0; i < holders.length; i++) {
      for (let j = i + 1; j < holders.length; j++) {
        const a = holders[i]!;
        const b = holders[j]!;
        if (a.tool === b.tool) continue;
        const edge: SharedParamEdge = { kind: 'shared', toolA: a.tool, paramA: name, toolB: b.tool, paramB: name };
        const key = fresh(edge);
        if (key === null || fieldCompatibility(a.field, b.field).level !== 'ok') continue;
        offer(key, edge, `${a.tool} and ${b.tool} both take ${name} (${a.field.type})`);
        if (out.length >= MAX_SUGGESTIONS) return out;
      }
    }
  }
  return out;
}
