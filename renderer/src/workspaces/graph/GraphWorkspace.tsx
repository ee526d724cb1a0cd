import { errorText } from '../../api/error-text';
import { countOf } from '../../../../shared/text';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { Plus } from 'lucide-react';
import { useEffect, useMemo, type ReactNode } from 'react';
import type { ToolGraph } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useGraphs } from '../../api/use-graphs';
import { useCommand } from '../../commands/commands-context';
import { currentGraph, setCurrentGraph, useCurrentGraph } from '../../state/current-graph';
import { CommandButton } from '../../components/CommandButton';
import { Workbench, WorkbenchStack } from '../../components/Workbench';
import { useUi } from '../../state/ui-store';
import { prepareLayout } from './canvas/auto-layout';
import { GraphCanvas } from './canvas/GraphCanvas';
import { FindDialog } from './dialogs/FindDialog';
import { ImportDialog } from './dialogs/ImportDialog';
import { ReplayDialog } from './dialogs/ReplayDialog';
import { ReturnsDialog } from './dialogs/ReturnsDialog';
import { EditorContext } from './editor/editor-context';
import { EnvironmentDialog } from './environment/EnvironmentDialog';
import { createEditorStore, type EditorStore } from './editor-store';
import { useSchemaDrafts } from './schema-drafts';
import { useGraphSession, useGraphUi } from './state';
import { useAutosave } from './editor/use-autosave';
import { useProblems } from './editor/use-problems';
import { ToolInspector } from './inspector/ToolInspector';
import { ProblemsPanel } from './panels/ProblemsPanel';

/** Graph workspace: the list of graphs, the canvas with its problems, the inspector. */
export function GraphWorkspace() {
  const selectedId = useCurrentGraph();
  const graphs = useGraphs();
  // Loaded once per graph: the editor owns it from then on (our own saves must not reset undo).
  const graph = useQuery(selectedId ? () => api.invoke('graphs.get', { id: selectedId }) : null, [selectedId]);

  // Only a new list may change the selection: a graph created a moment ago is not in an older list yet.
  useEffect(() => {
    const list = graphs.data;
    const current = currentGraph();
    if (list && !list.some((g) => g.id === current)) setCurrentGraph(list[0]?.id ?? null);
  }, [graphs.data]);

  const list = (
    <aside className="sidebar" aria-label="Graphs">
      {graphs.error && <p className="error">{errorText(graphs.error)}</p>}
      <ul>
        {graphs.data?.map((g) => (
          <li key={g.id}>
            <button
              type="button"
              aria-current={g.id === selectedId ? 'true' : undefined}
              onClick={() => setCurrentGraph(g.id)}
            >
              <span className="graph-name">{g.name}</span>
              <span className="muted">
                {countOf(g.toolCount, 'tool')} · {countOf(g.dependencyEdgeCount + g.sharedEdgeCount, 'edge')}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {graphs.data?.length === 0 && <p className="muted empty">No graphs yet. Create one with Graph → New Graph…</p>}
    </aside>
  );

  // Keyed by the graph selected, not the one loaded: the layout, its panels and what they hold
  // (an error a panel shows, a collapsed side bar) stay mounted while the graph loads.
  return (
    <ReactFlowProvider key={selectedId ?? ''}>
      <GraphEditor
        graph={graph.data && graph.data.id === selectedId ? graph.data : null}
        list={list}
        placeholder={
          graph.error || selectedId ? (
            <p className="muted center">{graph.error ? errorText(graph.error) : 'Loading…'}</p>
          ) : graphs.data?.length === 0 ? (
            <NoGraphYet />
          ) : null
        }
      />
    </ReactFlowProvider>
  );
}

/** The canvas of a workspace with no graph: what a graph is for, and the way to make one. */
function NoGraphYet() {
  const newGraph = useCommand('graph.new');
  return (
    <div className="empty-state">
      <p>No graph yet.</p>
      <p className="muted">
        A graph holds the tools an agent can call: their parameters as JSON Schema, which tool needs another&apos;s
        result, and which parameters they share. Make one, then add tools or import them (OpenAI tools, BFCL functions,
        an OpenAPI file or an MCP server).
      </p>
      <button type="button" onClick={() => void newGraph.perform(useUi.getState())}>
        New graph…
      </button>
    </div>
  );
}

/** Graphs | canvas over the problems panel | inspector, each resizable; the same with or without a graph. */
function GraphLayout({ list, editor, inspector }: { list: ReactNode; editor: ReactNode; inspector: ReactNode }) {
  return (
    <Workbench
      id="graph"
      className="graph-workspace"
      side={{
        id: 'graph-list',
        title: 'Graphs',
        actions: <CommandButton id="graph.new" icon={Plus} iconSize={16} iconOnly label="New graph" />,
        defaultSize: 200,
        minSize: 140,
        maxSize: '40%',
        collapsible: true,
        children: list,
      }}
      main={{ id: 'graph-editor', minSize: 320, children: editor }}
      detail={{
        id: 'graph-inspector',
        title: 'Inspector',
        defaultSize: 340,
        minSize: 240,
        maxSize: '50%',
        collapsible: true,
        children: inspector,
      }}
    />
  );
}

/**
 * The layout with the open graph's canvas and inspector, or `placeholder` until it has loaded:
 * the same tree either way, so loading never mounts the panels again.
 */
function GraphEditor({
  graph,
  list,
  placeholder,
}: {
  graph: ToolGraph | null;
  list: ReactNode;
  placeholder: ReactNode;
}) {
  const store = useMemo(() => (graph ? createEditorStore(graph) : null), [graph]);
  const dialog = useGraphUi((s) => s.dialog);
  return (
    <EditorContext.Provider value={store}>
      <GraphLayout
        list={list}
        editor={
          store ? (
            <section className="canvas" aria-label="Canvas">
              <WorkbenchStack
                id="graph-editor"
                panes={[
                  { id: 'graph-canvas', minSize: 160, children: <GraphCanvas /> },
                  { id: 'graph-problems', defaultSize: 190, minSize: 60, maxSize: '70%', children: <ProblemsPanel /> },
                ]}
              />
            </section>
          ) : (
            placeholder
          )
        }
        inspector={store ? <ToolInspector /> : null}
      />
      {graph && store && <EditorSession graph={graph} store={store} />}
      {store && dialog === 'import' && <ImportDialog />}
      {store && dialog === 'find' && <FindDialog />}
      {store && dialog === 'replay' && <ReplayDialog />}
      {store && dialog === 'returns' && <ReturnsDialog />}
      {store && dialog === 'environment' && <EnvironmentDialog />}
    </EditorContext.Provider>
  );
}

/** What an open graph's editor does besides rendering: autosave, problems, the app's handles on it. */
function EditorSession({ graph, store }: { graph: ToolGraph; store: EditorStore }) {
  // Drafts of tools deleted since (or renamed elsewhere) have nothing to come back to.
  useEffect(() => {
    useSchemaDrafts.getState().prune(
      graph.id,
      graph.tools.map((t) => t.name),
    );
  }, [graph]);
  const flow = useReactFlow();
  useAutosave(store);
  useProblems(store);
  useEffect(() => {
    const idle = window.requestIdleCallback?.(() => prepareLayout()) ?? 0;
    return () => window.cancelIdleCallback?.(idle);
  }, []);
  useEffect(() => {
    const session = useGraphSession.getState();
    session.open(store, flow);
    return () => session.close(store);
  }, [store, flow]);
  return null;
}
