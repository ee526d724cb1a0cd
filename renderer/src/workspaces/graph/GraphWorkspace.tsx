import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useEffect, useMemo } from 'react';
import type { ToolGraph } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useUi } from '../../state/ui-store';
import { prepareLayout } from './canvas/auto-layout';
import { GraphCanvas } from './canvas/GraphCanvas';
import { FindDialog } from './dialogs/FindDialog';
import { ImportDialog } from './dialogs/ImportDialog';
import { ReplayDialog } from './dialogs/ReplayDialog';
import { ReturnsDialog } from './dialogs/ReturnsDialog';
import { EditorContext } from './editor/editor-context';
import { createEditorStore } from '../../state/graph-editor-store';
import { useAutosave } from './editor/use-autosave';
import { useProblems } from './editor/use-problems';
import { ToolInspector } from './inspector/ToolInspector';
import { ProblemsPanel } from './panels/ProblemsPanel';

/** Graph workspace: the list of graphs, the canvas with its problems, the inspector. */
export function GraphWorkspace() {
  const selectedId = useUi((s) => s.selectedGraphId);
  const selectGraph = useUi((s) => s.selectGraph);
  const graphs = useQuery(() => api.invoke('graphs.list', {}), [], ['graphs.changed']);
  // Loaded once per graph: the editor owns it from then on (our own saves must not reset undo).
  const graph = useQuery(selectedId ? () => api.invoke('graphs.get', { id: selectedId }) : null, [selectedId]);

  // Only a new list may change the selection: a graph created a moment ago is not in an older list yet.
  useEffect(() => {
    const list = graphs.data;
    const current = useUi.getState().selectedGraphId;
    if (list && !list.some((g) => g.id === current)) selectGraph(list[0]?.id ?? null);
  }, [graphs.data, selectGraph]);

  return (
    <div className="graph-workspace">
      <aside className="sidebar" aria-label="Graphs">
        <h2>Graphs</h2>
        {graphs.error && <p className="error">{graphs.error.message}</p>}
        <ul>
          {graphs.data?.map((g) => (
            <li key={g.id}>
              <button
                type="button"
                aria-current={g.id === selectedId ? 'true' : undefined}
                onClick={() => selectGraph(g.id)}
              >
                <span className="graph-name">{g.name}</span>
                <span className="muted">
                  {g.toolCount} tools · {g.dependencyEdgeCount + g.sharedEdgeCount} edges
                </span>
              </button>
            </li>
          ))}
        </ul>
        {graphs.data?.length === 0 && <p className="muted">No graphs yet. Create one with Graph → New Graph…</p>}
      </aside>
      {graph.data && graph.data.id === selectedId ? (
        <ReactFlowProvider key={graph.data.id}>
          <GraphEditor graph={graph.data} />
        </ReactFlowProvider>
      ) : (
        <p className="muted center">{graph.error ? graph.error.message : selectedId ? 'Loading…' : ''}</p>
      )}
    </div>
  );
}

function GraphEditor({ graph }: { graph: ToolGraph }) {
  const store = useMemo(() => createEditorStore(graph), [graph]);
  const flow = useReactFlow();
  const dialog = useUi((s) => s.dialog);
  useAutosave(store);
  useProblems(store);
  useEffect(() => {
    const idle = window.requestIdleCallback?.(() => prepareLayout()) ?? 0;
    return () => window.cancelIdleCallback?.(idle);
  }, []);
  useEffect(() => {
    const ui = useUi.getState();
    ui.setEditor(store);
    ui.setCanvas(flow);
    return () => {
      ui.setEditor(null);
      ui.setCanvas(null);
    };
  }, [store, flow]);

  return (
    <EditorContext.Provider value={store}>
      <section className="canvas" aria-label="Canvas">
        <GraphCanvas />
        <ProblemsPanel />
      </section>
      <ToolInspector />
      {dialog === 'import' && <ImportDialog />}
      {dialog === 'find' && <FindDialog />}
      {dialog === 'replay' && <ReplayDialog />}
      {dialog === 'returns' && <ReturnsDialog />}
    </EditorContext.Provider>
  );
}
