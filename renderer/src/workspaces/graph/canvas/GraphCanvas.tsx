import {
  ConnectionMode,
  ReactFlow,
  useReactFlow,
  useStoreApi,
  useUpdateNodeInternals,
  applyNodeChanges,
  type Connection,
  type Edge,
  type FinalConnectionState,
  type NodeChange,
  type OnSelectionChangeParams,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { sameItems } from '../../../../../shared/graph';
import { boundsOf, type Viewport } from '../../../components/readable-fit';
import { useUi } from '../../../state/ui-store';
import { selectContent, useEditor, useEditorStore } from '../editor/editor-context';
import { judgeConnection, type HandleRef } from './connect';
import { CanvasChrome } from './CanvasChrome';
import { CompactEdges } from './CompactEdges';
import {
  estimateOffscreen,
  forgetEstimates,
  mergeNodes,
  toFlowEdges,
  toFlowNodes,
  type ToolFlowEdge,
  type ToolFlowNode,
} from './flow-model';
import { ToolNode } from './ToolNode';
import { CompactContext, useCompactZoom } from './use-compact';
import { nodeRect, openingViewport, VIRTUALIZE_ABOVE } from './view';
import { SharedParamEdge } from './SharedParamEdge';
import './canvas.css';

const NODE_TYPES = { tool: ToolNode };
const EDGE_TYPES = { 'shared-param': SharedParamEdge };
const DELETE_KEYS = ['Delete', 'Backspace'];
const MULTI_SELECT_KEYS = ['Meta', 'Control', 'Shift'];
const NO_EDGES: ToolFlowEdge[] = [];

interface DropNote {
  text: string;
  kind: 'error' | 'warning' | 'info';
  x: number;
  y: number;
}

const sameNames = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

/** The editable canvas: drag to connect fields, move, select, delete; every edit is undoable. */
export function GraphCanvas() {
  const content = useEditor(selectContent);
  const selection = useEditor((s) => s.selection);
  const problems = useEditor((s) => s.problems);
  // Actions are read from the store when called: the state object changes with every edit.
  const store = useEditorStore();
  const theme = useUi((s) => s.theme);
  const [note, setNote] = useState<DropNote | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const tools = useMemo(() => new Map(content.tools.map((t) => [t.name, t])), [content.tools]);
  const selectionSet = useMemo(() => new Set(selection), [selection]);

  const compact = useCompactZoom();
  const [nodes, setNodes] = useState<ToolFlowNode[]>(() =>
    mergeNodes([], toFlowNodes(content, selectionSet, problems), compact),
  );
  useEffect(
    () =>
      setNodes((previous) => {
        const next = mergeNodes(previous, toFlowNodes(content, selectionSet, problems), compact);
        // Every tool as it was (a layout already moved them on the canvas): nothing to hand React Flow.
        return sameItems(next, previous) ? previous : next;
      }),
    // The drawing mode only matters for tools new to the canvas; a switch is handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [content, selectionSet, problems],
  );
  const virtualize = content.tools.length > VIRTUALIZE_ABOVE && !compact;
  const bounds = useMemo(() => boundsOf(nodes.map(nodeRect)), [nodes]);

  // The opening view needs the pane's size: React Flow mounts once it is known, already there.
  const [opening, setOpening] = useState<Viewport | null>(null);
  useLayoutEffect(() => {
    const box = wrapper.current!.getBoundingClientRect();
    setOpening(openingViewport(nodes, box));
    // Once, for the first frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The opening view came from estimated sizes; the first measurement sets it right.
  const flow = useReactFlow();
  const flowStore = useStoreApi();
  const refitted = useRef(false);
  useEffect(() => {
    if (refitted.current || !opening || !nodes.some((n) => n.measured && !n.handles)) return;
    refitted.current = true;
    const { width, height } = flowStore.getState();
    if (width && height) void flow.setViewport(openingViewport(nodes, { width, height }));
  }, [nodes, opening, flow, flowStore]);

  const updateNodeInternals = useUpdateNodeInternals();
  const wasCompact = useRef(compact);
  // Handles come and go with the drawing: have React Flow measure the tools on screen again, in
  // one batch, and estimate the others (a large graph renders only what is on screen).
  useEffect(() => {
    if (wasCompact.current === compact) return;
    wasCompact.current = compact;
    updateNodeInternals(content.tools.map((t) => t.name));
    if (content.tools.length <= VIRTUALIZE_ABOVE) return;
    const rendered = wrapper.current?.querySelectorAll('.react-flow__node') ?? [];
    const onScreen = new Set([...rendered].map((e) => e.getAttribute('data-id') ?? ''));
    setNodes((ns) => estimateOffscreen(ns, onScreen, compact));
  }, [compact, content.tools, updateNodeInternals]);
  // Zoomed far out React Flow gets no edges: CompactEdges draws them all as one picture.
  // From the edges alone: a move or a layout changes the tools, and a new edge array would have
  // React Flow rebuild its lookup of every connection.
  const graphEdges = content.edges;
  const edges = useMemo(
    () => (compact ? NO_EDGES : toFlowEdges({ edges: graphEdges }, problems)),
    [graphEdges, problems, compact],
  );

  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), 5000);
    return () => clearTimeout(timer);
  }, [note]);

  const showNote = useCallback((text: string, kind: DropNote['kind'], event: MouseEvent | TouchEvent) => {
    const point = 'clientX' in event ? event : event.changedTouches[0]!;
    const box = wrapper.current!.getBoundingClientRect();
    setNote({ text, kind, x: point.clientX - box.left, y: point.clientY - box.top });
  }, []);

  const verdictOf = useCallback(
    (c: Connection | Edge) =>
      judgeConnection(tools, { tool: c.source, handle: c.sourceHandle }, { tool: c.target, handle: c.targetHandle }),
    [tools],
  );

  // Every prop React Flow receives keeps its identity between renders: a changed one is written
  // to React Flow's store, and each such write re-runs the selectors of every node and edge.
  const onNodesChange = useCallback(
    (changes: NodeChange<ToolFlowNode>[]) => setNodes((ns) => forgetEstimates(applyNodeChanges(changes, ns), changes)),
    [],
  );
  const onNodeDragStop = useCallback(
    (_event: unknown, _node: unknown, moved: ToolFlowNode[]) =>
      store.getState().moveTools(new Map(moved.map((n) => [n.id, n.position]))),
    [store],
  );
  const isValidConnection = useCallback((c: Connection | Edge) => 'edge' in verdictOf(c), [verdictOf]);
  const onDelete = useCallback(
    ({ nodes: goneNodes, edges: goneEdges }: { nodes: ToolFlowNode[]; edges: Edge[] }) => {
      if (goneNodes.length) store.getState().removeTools(goneNodes.map((n) => n.id));
      else if (goneEdges.length) store.getState().removeEdges((goneEdges as ToolFlowEdge[]).map((e) => e.data!.index));
    },
    [store],
  );

  const onConnect = useCallback(
    (connection: Connection) => {
      const verdict = verdictOf(connection);
      if ('edge' in verdict) store.getState().connect(verdict.edge);
    },
    [store, verdictOf],
  );

  const onConnectEnd = useCallback(
    (event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (!state.fromHandle || !state.toHandle) return;
      const from: HandleRef = { tool: state.fromHandle.nodeId, handle: state.fromHandle.id };
      const to: HandleRef = { tool: state.toHandle.nodeId, handle: state.toHandle.id };
      const verdict = judgeConnection(tools, from, to);
      if ('refused' in verdict) showNote(verdict.refused, 'error', event);
      else if (verdict.picked)
        showNote(
          verdict.compatibility.level === 'loose'
            ? `${verdict.picked} With a warning: ${verdict.compatibility.reason}.`
            : verdict.picked,
          verdict.compatibility.level === 'loose' ? 'warning' : 'info',
          event,
        );
      else if (verdict.compatibility.level === 'loose')
        showNote(`Connected with a warning: ${verdict.compatibility.reason}.`, 'warning', event);
    },
    [tools, showNote],
  );

  // Stable on purpose: React Flow calls it again whenever its identity changes, which would
  // echo every selection back and forth.
  const onSelectionChange = useCallback(
    ({ nodes: picked }: OnSelectionChangeParams) => {
      const names = picked.map((n) => n.id);
      if (!sameNames(names, store.getState().selection)) store.getState().select(names);
    },
    [store],
  );

  return (
    <div className="canvas-wrapper" ref={wrapper}>
      <CompactContext.Provider value={compact}>
        {opening && (
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            edgeTypes={EDGE_TYPES}
            colorMode={theme}
            connectionMode={ConnectionMode.Loose}
            onNodesChange={onNodesChange}
            onNodeDragStop={onNodeDragStop}
            onSelectionChange={onSelectionChange}
            isValidConnection={isValidConnection}
            onConnect={onConnect}
            onConnectEnd={onConnectEnd}
            onDelete={onDelete}
            deleteKeyCode={DELETE_KEYS}
            multiSelectionKeyCode={MULTI_SELECT_KEYS}
            defaultViewport={opening}
            minZoom={0.05}
            onlyRenderVisibleElements={virtualize}
          >
            <CanvasChrome bounds={bounds} />
            {compact && <CompactEdges nodes={nodes} edges={graphEdges} problems={problems} />}
          </ReactFlow>
        )}
      </CompactContext.Provider>
      {note && (
        <div className={`drop-note ${note.kind}`} role="alert" style={{ left: note.x + 12, top: note.y + 12 }}>
          {note.text}
        </div>
      )}
      {content.tools.length === 0 && (
        <p className="canvas-empty muted">
          Empty graph. Add a tool (Graph → Add Tool) or import tools (Graph → Import Tools…).
        </p>
      )}
    </div>
  );
}
