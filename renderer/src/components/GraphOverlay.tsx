import { ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import type { ToolGraph } from '../../../shared/domain';
import { useUi } from '../state/ui-store';

export interface OverlayPath {
  from: string;
  to: string;
  label?: string;
}

interface Props {
  graph: Pick<ToolGraph, 'tools' | 'edges'>;
  /** Labels for highlighted tools (step numbers); tools without one are dimmed. */
  labels: ReadonlyMap<string, string>;
  /** Edges of the plan or the path taken, drawn over the graph's dependency edges. */
  path: OverlayPath[];
  /** The tool the run is at now, drawn strongest. */
  current?: string | null;
  testId?: string;
}

/**
 * A read-only view of a tool graph with a plan or a run laid over it: step numbers on tools,
 * the plan's or path's edges highlighted, the current tool marked; tools that are named but
 * missing from the graph are drawn apart, in the error colour.
 */
const FIT = { padding: 0.08, minZoom: 0.05 };

export function GraphOverlay({ graph, labels, path, current = null, testId = 'graph-overlay' }: Props) {
  const theme = useUi((s) => s.theme);
  const { nodes, edges } = useMemo(() => {
    const known = new Set(graph.tools.map((t) => t.name));
    const missing = [...labels.keys()].filter((name) => !known.has(name));
    const bottom = graph.tools.reduce((y, t) => Math.max(y, t.position.y), 0) + 220;
    const node = (name: string, position: { x: number; y: number }, className: string): Node => ({
      id: name,
      position,
      className: `${className}${name === current ? ' current' : ''}`,
      draggable: false,
      data: { label: labels.has(name) ? `${labels.get(name)} · ${name}` : name },
    });
    const nodes = [
      ...graph.tools.map((t) => node(t.name, t.position, labels.has(t.name) ? 'path-node on-path' : 'path-node')),
      ...missing.map((name, i) => node(name, { x: i * 220, y: bottom }, 'path-node unknown')),
    ];
    const dependency: Edge[] = graph.edges.flatMap((e) =>
      e.kind === 'dependency'
        ? [
            {
              id: `d-${e.fromTool}-${e.toTool}-${e.toParam}`,
              source: e.fromTool,
              target: e.toTool,
              className: 'graph-edge',
            },
          ]
        : [],
    );
    const highlighted: Edge[] = path.map((p, i) => ({
      id: `p-${i}`,
      source: p.from,
      target: p.to,
      animated: true,
      className: 'path-edge',
      ...(p.label ? { label: p.label } : {}),
    }));
    return { nodes, edges: [...dependency, ...highlighted] };
  }, [graph, labels, path, current]);
  return (
    <div className="path-overlay" data-testid={testId}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        colorMode={theme}
        // A preview shows the whole graph: React Flow's default minimum zoom (0.5) cropped it.
        minZoom={0.05}
        fitView
        fitViewOptions={FIT}
        nodesConnectable={false}
        nodesDraggable={false}
        elementsSelectable={false}
        proOptions={{ hideAttribution: true }}
      />
    </div>
  );
}
