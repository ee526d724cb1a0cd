import type { GraphEdge, Position, Tool, ToolGraph } from '../domain';

/** The editable part of a graph: what undo/redo and autosave work on (its environment too, where it has one). */
export type GraphContent = Pick<ToolGraph, 'tools' | 'edges' | 'environment'>;

const touches = (edge: GraphEdge, names: ReadonlySet<string>): boolean =>
  edge.kind === 'dependency'
    ? names.has(edge.fromTool) || names.has(edge.toTool)
    : names.has(edge.toolA) || names.has(edge.toolB);

/** `search` → `search_2` (or `_3`…) so pasted and new tools never clash. */
export function uniqueToolName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  const stem = base.replace(/_\d+$/, '');
  for (let n = 2; ; n++) {
    const name = `${stem}_${n}`.slice(-64);
    if (!taken.has(name)) return name;
  }
}

export function addTool(graph: GraphContent, tool: Tool): GraphContent {
  const name = uniqueToolName(tool.name, new Set(graph.tools.map((t) => t.name)));
  return { ...graph, tools: [...graph.tools, { ...tool, name }] };
}

/** Replaces a tool; a rename carries its edges along. */
export function updateTool(graph: GraphContent, name: string, next: Tool): GraphContent {
  const rename = (n: string) => (n === name ? next.name : n);
  return {
    ...graph,
    tools: graph.tools.map((t) => (t.name === name ? next : t)),
    edges:
      next.name === name
        ? graph.edges
        : graph.edges.map((e) =>
            e.kind === 'dependency'
              ? { ...e, fromTool: rename(e.fromTool), toTool: rename(e.toTool) }
              : { ...e, toolA: rename(e.toolA), toolB: rename(e.toolB) },
          ),
  };
}

/** Removes tools with every edge that touches them. */
export function removeTools(graph: GraphContent, names: readonly string[]): GraphContent {
  const gone = new Set(names);
  return {
    ...graph,
    tools: graph.tools.filter((t) => !gone.has(t.name)),
    edges: graph.edges.filter((e) => !touches(e, gone)),
  };
}

export function moveTools(graph: GraphContent, positions: ReadonlyMap<string, Position>): GraphContent {
  return {
    ...graph,
    tools: graph.tools.map((t) => (positions.has(t.name) ? { ...t, position: positions.get(t.name)! } : t)),
  };
}

/**
 * The tools `after` moved, when moving them is all that differs from `before`: same tools in the
 * same order, each one the same object or a copy whose every other field is the same object, and
 * the same edges and environment. Anything else (or a copy with equal but rebuilt fields) is `null`: the caller
 * treats it as any edit. Positions never change a check's problems, and only they need saving.
 */
export function movedOnly(before: GraphContent, after: GraphContent): Map<string, Position> | null {
  if (before.tools.length !== after.tools.length || !sameItems(before.edges, after.edges)) return null;
  if ((before.environment ?? null) !== (after.environment ?? null)) return null;
  const moved = new Map<string, Position>();
  for (let i = 0; i < after.tools.length; i++) {
    const was = before.tools[i]!;
    const is = after.tools[i]!;
    if (was === is) continue;
    if (!sameApartFromPosition(was, is)) return null;
    if (was.position.x !== is.position.x || was.position.y !== is.position.y) moved.set(is.name, is.position);
  }
  return moved;
}

/** The same items in the same order (each the same object). */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
}

/** The same tool apart from where it stands: every other field the same object (or value). */
export function sameApartFromPosition(a: Tool, b: Tool): boolean {
  return (
    a === b ||
    (a.name === b.name &&
      a.description === b.description &&
      a.parameters === b.parameters &&
      a.returns === b.returns &&
      a.runtime === b.runtime)
  );
}

export function addEdge(graph: GraphContent, edge: GraphEdge): GraphContent {
  return { ...graph, edges: [...graph.edges, edge] };
}

export function removeEdges(graph: GraphContent, indexes: readonly number[]): GraphContent {
  const gone = new Set(indexes);
  return { ...graph, edges: graph.edges.filter((_, i) => !gone.has(i)) };
}

/** The selected tools and the edges among them, as a clipboard payload. */
export function copyTools(graph: GraphContent, names: readonly string[]): GraphContent {
  const picked = new Set(names);
  return {
    tools: graph.tools.filter((t) => picked.has(t.name)),
    edges: graph.edges.filter((e) =>
      e.kind === 'dependency'
        ? picked.has(e.fromTool) && picked.has(e.toTool)
        : picked.has(e.toolA) && picked.has(e.toolB),
    ),
  };
}

/** Pastes a clipboard payload, renaming clashing tools and shifting it by `offset`; returns the new names too. */
export function pasteTools(
  graph: GraphContent,
  clip: GraphContent,
  offset: Position,
): { graph: GraphContent; names: string[] } {
  const taken = new Set(graph.tools.map((t) => t.name));
  const renamed = new Map<string, string>();
  const tools = clip.tools.map((tool) => {
    const name = uniqueToolName(tool.name, taken);
    taken.add(name);
    renamed.set(tool.name, name);
    return { ...tool, name, position: { x: tool.position.x + offset.x, y: tool.position.y + offset.y } };
  });
  const r = (n: string) => renamed.get(n) ?? n;
  const edges = clip.edges.map((e): GraphEdge =>
    e.kind === 'dependency'
      ? { ...e, fromTool: r(e.fromTool), toTool: r(e.toTool) }
      : { ...e, toolA: r(e.toolA), toolB: r(e.toolB) },
  );
  return {
    graph: { ...graph, tools: [...graph.tools, ...tools], edges: [...graph.edges, ...edges] },
    names: tools.map((t) => t.name),
  };
}

/** Edges that refer to fields a tool no longer has, e.g. after its schema was edited. */
export function edgesBrokenBy(
  graph: GraphContent,
  fieldExists: (tool: string, side: 'parameters' | 'returns', path: string) => boolean,
): number[] {
  const broken: number[] = [];
  graph.edges.forEach((e, i) => {
    const ok =
      e.kind === 'dependency'
        ? fieldExists(e.fromTool, 'returns', e.fromPath) && fieldExists(e.toTool, 'parameters', e.toParam)
        : fieldExists(e.toolA, 'parameters', e.paramA) && fieldExists(e.toolB, 'parameters', e.paramB);
    if (!ok) broken.push(i);
  });
  return broken;
}
