// The reference for bench:canvas: the same graph in a plain @xyflow/react page, default nodes.
import { ReactFlow, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { createRoot } from 'react-dom/client';

interface BenchGraph {
  tools: { name: string; position: { x: number; y: number } }[];
  edges: { fromTool: string; toTool: string }[];
}

const graph = (await (await fetch('./graph.json')).json()) as BenchGraph;
const nodes: Node[] = graph.tools.map((t) => ({ id: t.name, position: t.position, data: { label: t.name } }));
const edges: Edge[] = graph.edges.map((e, i) => ({ id: `e${i}`, source: e.fromTool, target: e.toTool }));

createRoot(document.getElementById('root')!).render(
  <ReactFlow defaultNodes={nodes} defaultEdges={edges} fitView minZoom={0.05} />,
);
