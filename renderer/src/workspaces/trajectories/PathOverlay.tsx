import { ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useMemo } from 'react';
import type { ToolGraph, Turn } from '../../../../shared/domain';
import { useUi } from '../../state/ui-store';

/**
 * The trajectory's path drawn on its tool graph: called tools are highlighted with the numbers
 * of their calls, and consecutive calls are joined by animated edges; tools the trajectory calls
 * that the graph lacks are drawn apart, in the error colour.
 */
export function PathOverlay({ graph, turns }: { graph: ToolGraph; turns: Turn[] }) {
  const theme = useUi((s) => s.theme);
  const { nodes, edges } = useMemo(() => {
    const calls = turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.name);
    const steps = new Map<string, number[]>();
    calls.forEach((name, i) => steps.set(name, [...(steps.get(name) ?? []), i + 1]));
    const known = new Set(graph.tools.map((t) => t.name));
    const unknown = [...steps.keys()].filter((name) => !known.has(name));
    const bottom = graph.tools.reduce((y, t) => Math.max(y, t.position.y), 0) + 220;
    const node = (name: string, position: { x: number; y: number }, className: string): Node => ({
      id: name,
      position,
      className,
      draggable: false,
      data: { label: steps.has(name) ? `${steps.get(name)!.join(', ')} · ${name}` : name },
    });
    const nodes = [
      ...graph.tools.map((t) => node(t.name, t.position, steps.has(t.name) ? 'path-node on-path' : 'path-node')),
      ...unknown.map((name, i) => node(name, { x: i * 220, y: bottom }, 'path-node unknown')),
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
    const path: Edge[] = calls.slice(1).map((name, i) => ({
      id: `p-${i}`,
      source: calls[i]!,
      target: name,
      animated: true,
      className: 'path-edge',
      label: String(i + 2),
    }));
    return { nodes, edges: [...dependency, ...path] };
  }, [graph, turns]);
  return (
    <div className="path-overlay" data-testid="path-overlay">
      <ReactFlow
        nodes={nodes}
        edges={edges}
        colorMode={theme}
        fitView
        nodesConnectable={false}
        nodesDraggable={false}
        elementsSelectable={false}
        proOptions={{ hideAttribution: true }}
      />
    </div>
  );
}
