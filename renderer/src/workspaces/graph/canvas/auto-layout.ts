import type { ElkNode } from 'elkjs/lib/elk-api.js';
import type { Position } from '../../../../../shared/domain';
import type { GraphContent } from '../../../../../shared/graph';
import type { LayoutAnswer, LayoutRequest } from './layout.worker';
import LayoutWorker from './layout.worker?worker';

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, (answer: LayoutAnswer) => void>();

/** ELK runs in a Web Worker so a thousand-tool layout never freezes the canvas. */
function layoutEngine(): Worker {
  if (worker) return worker;
  worker = new LayoutWorker();
  worker.onmessage = ({ data }: MessageEvent<LayoutAnswer>) => {
    waiting.get(data.id)?.(data);
    waiting.delete(data.id);
  };
  return worker;
}

function layoutInWorker(graph: ElkNode): Promise<Float64Array> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, (answer) =>
      'error' in answer ? reject(new Error(`The layout failed: ${answer.error}`)) : resolve(answer.positions),
    );
    layoutEngine().postMessage({ id, graph } satisfies LayoutRequest);
  });
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
  const positions = await layoutInWorker({
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
  const byName = new Map<string, Position>();
  for (let i = 0; i < positions.length; i += 3) {
    const tool = content.tools[positions[i]!];
    if (tool) byName.set(tool.name, { x: positions[i + 1]!, y: positions[i + 2]! });
  }
  return byName;
}
