import type { GraphEdge, Tool } from '../domain';
import { canonicalJson } from '../json';
import type { GraphContent } from './edit';

export interface MergedContent {
  content: GraphContent;
  /** `tool.part` changed on both sides differently: the editor's version was kept. */
  conflicts: string[];
}

const same = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
const edgeKey = (edge: GraphEdge): string => canonicalJson(edge);

/** Of three versions of one value: the side that changed it, or `mine` when both did (a conflict). */
function pick<T>(base: T, mine: T, theirs: T): { value: T; conflict: boolean } {
  if (same(mine, base) || same(mine, theirs)) return { value: theirs, conflict: false };
  if (same(theirs, base)) return { value: mine, conflict: false };
  return { value: mine, conflict: true };
}

function mergeTool(base: Tool, mine: Tool, theirs: Tool, conflicts: string[]): Tool {
  const keys = [...new Set([...Object.keys(mine), ...Object.keys(theirs), ...Object.keys(base)])] as (keyof Tool)[];
  const merged: Record<string, unknown> = {};
  for (const key of keys) {
    const { value, conflict } = pick(base[key], mine[key], theirs[key]);
    if (conflict) conflicts.push(`${mine.name}.${key}`);
    if (value !== undefined) merged[key] = value;
  }
  return merged as unknown as Tool;
}

/**
 * A three-way merge of a graph edited here (`mine`) and saved elsewhere meanwhile (`theirs`,
 * e.g. replay runtimes made from the Trajectories workspace or the command line), both from
 * `base`: each part of each tool (runtime, schema, position…) comes from the side that changed
 * it; a part both changed differently keeps the editor's and is reported. Tools and edges one
 * side added or removed are added or removed; edges left without their tools are dropped. The
 * environment is one part: the side that changed it gives it (`environment` when both did).
 */
export function mergeGraphContent(base: GraphContent, mine: GraphContent, theirs: GraphContent): MergedContent {
  const conflicts: string[] = [];
  const baseTools = new Map(base.tools.map((t) => [t.name, t]));
  const theirTools = new Map(theirs.tools.map((t) => [t.name, t]));
  const mineNames = new Set(mine.tools.map((t) => t.name));
  const tools: Tool[] = [];
  for (const tool of mine.tools) {
    const was = baseTools.get(tool.name);
    const their = theirTools.get(tool.name);
    if (!was) {
      // Added here (and perhaps there too, under the same name: this one is kept).
      if (their && !same(their, tool)) conflicts.push(`${tool.name}.added`);
      tools.push(tool);
    } else if (their) tools.push(mergeTool(was, tool, their, conflicts));
    else if (!same(tool, was)) {
      // Removed there, edited here: keep the edit.
      conflicts.push(`${tool.name}.removed`);
      tools.push(tool);
    }
  }
  for (const tool of theirs.tools) if (!mineNames.has(tool.name) && !baseTools.has(tool.name)) tools.push(tool); // added there

  const names = new Set(tools.map((t) => t.name));
  const baseEdges = new Set(base.edges.map(edgeKey));
  const theirEdges = new Set(theirs.edges.map(edgeKey));
  const edges = mine.edges.filter((e) => !baseEdges.has(edgeKey(e)) || theirEdges.has(edgeKey(e)));
  const kept = new Set(edges.map(edgeKey));
  for (const edge of theirs.edges) if (!baseEdges.has(edgeKey(edge)) && !kept.has(edgeKey(edge))) edges.push(edge);
  const touches = (e: GraphEdge) => (e.kind === 'dependency' ? [e.fromTool, e.toTool] : [e.toolA, e.toolB]);
  const environment = pick(base.environment ?? null, mine.environment ?? null, theirs.environment ?? null);
  if (environment.conflict) conflicts.push('environment');
  return {
    content: {
      tools,
      edges: edges.filter((e) => touches(e).every((n) => names.has(n))),
      // Said as the sides say it: a content that never named an environment still does not.
      ...([base, mine, theirs].some((c) => c.environment !== undefined) ? { environment: environment.value } : {}),
    },
    conflicts,
  };
}
