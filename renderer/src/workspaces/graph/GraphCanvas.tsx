import { Background, Controls, MiniMap, ReactFlow, applyNodeChanges, type NodeChange } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useState } from 'react';
import type { ToolGraph } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useUi } from '../../state/ui-store';
import { toFlowEdges, toFlowNodes } from './flow-model';
import { ToolNode, type ToolFlowNode } from './ToolNode';

const NODE_TYPES = { tool: ToolNode };

/** The tool graph on the canvas; moving tools saves their positions. */
export function GraphCanvas({ graph }: { graph: ToolGraph }) {
  const [nodes, setNodes] = useState<ToolFlowNode[]>(() => toFlowNodes(graph));
  const theme = useUi((s) => s.theme);
  const selectTool = useUi((s) => s.selectTool);
  const setSaveState = useUi((s) => s.setSaveState);
  const notify = useUi((s) => s.notify);

  useEffect(() => setNodes(toFlowNodes(graph)), [graph]);

  const onNodeDragStop = (_: unknown, __: unknown, moved: ToolFlowNode[]) => {
    setSaveState('saving');
    api
      .invoke('graphs.moveTools', {
        graphId: graph.id,
        positions: moved.map((n) => ({ tool: n.id, position: n.position })),
      })
      .then(
        () => setSaveState('saved'),
        (error: Error) => {
          setSaveState('error');
          notify(error.message, 'error');
        },
      );
  };

  return (
    <ReactFlow
      nodes={nodes}
      edges={toFlowEdges(graph)}
      nodeTypes={NODE_TYPES}
      colorMode={theme}
      onNodesChange={(changes: NodeChange<ToolFlowNode>[]) => setNodes((ns) => applyNodeChanges(changes, ns))}
      onNodeDragStop={onNodeDragStop}
      onNodeClick={(_, node) => selectTool(node.id)}
      onPaneClick={() => selectTool(null)}
      nodesConnectable={false}
      fitView
      minZoom={0.1}
    >
      <Background />
      <MiniMap pannable zoomable />
      <Controls />
    </ReactFlow>
  );
}
