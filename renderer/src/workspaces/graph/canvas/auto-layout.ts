import ELK from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import type { Position } from '../../../../../shared/domain';
import type { GraphContent } from '../../../../../shared/graph';

let elk: InstanceType<typeof ELK> | null = null;

/** ELK runs in a Web Worker so a thousand-tool layout never freezes the canvas. */
function layoutEngine(): InstanceType<typeof ELK> {
  elk ??= new ELK({ workerFactory: () => new Worker(elkWorkerUrl) });
  return elk;
}

export interface NodeSize {
  width: number;
  height: number;
}

/** Starts the worker ahead of the first layout (it has a large script to parse). */
export function prepareLayout(): void {
  layoutEngine();
}

/** Layered left-to-right layout along dependency edges; returns new positions by tool name. */
export async function layoutGraph(
  content: GraphContent,
  sizes: ReadonlyMap<string, NodeSize>,
): Promise<Map<string, Position>> {
  const names = new Set(content.tools.map((t) => t.name));
  const seen = new Set<string>();
  const edges = content.edges.flatMap((edge, i) => {
    if (
      edge.kind !== 'dependency' ||
      !names.has(edge.fromTool) ||
      !names.has(edge.toTool) ||
      edge.fromTool === edge.toTool
    )
      return [];
    const key = `${edge.fromTool}>${edge.toTool}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ id: `e${i}`, sources: [edge.fromTool], targets: [edge.toTool] }];
  });
  const result = await layoutEngine().layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.spacing.nodeNode': '40',
      'elk.layered.spacing.nodeNodeBetweenLayers': '80',
      'elk.separateConnectedComponents': 'true',
      // Fast settings (measured with bench:canvas): a thousand tools in about a second. Only
      // positions are used, so the cheapest edge routing will do.
      'elk.layered.thoroughness': '1',
      'elk.layered.layering.strategy': 'LONGEST_PATH',
      'elk.layered.crossingMinimization.greedySwitch.type': 'OFF',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.edgeRouting': 'POLYLINE',
    },
    children: content.tools.map((tool) => ({
      id: tool.name,
      width: sizes.get(tool.name)?.width ?? 240,
      height: sizes.get(tool.name)?.height ?? 160,
    })),
    edges,
  });
  return new Map((result.children ?? []).map((n) => [n.id, { x: Math.round(n.x ?? 0), y: Math.round(n.y ?? 0) }]));
}
