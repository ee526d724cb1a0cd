import { ReactFlowProvider } from '@xyflow/react';
import { useEffect } from 'react';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useUi } from '../../state/ui-store';
import { GraphCanvas } from './GraphCanvas';
import { ToolInspector } from './ToolInspector';

/** Graph workspace: the list of graphs, the canvas, the inspector. */
export function GraphWorkspace() {
  const selectedId = useUi((s) => s.selectedGraphId);
  const selectGraph = useUi((s) => s.selectGraph);
  const graphs = useQuery(() => api.invoke('graphs.list', {}), [], ['graphs.changed']);
  const graph = useQuery(
    selectedId ? () => api.invoke('graphs.get', { id: selectedId }) : null,
    [selectedId],
    ['graphs.changed'],
  );

  useEffect(() => {
    const list = graphs.data;
    if (list && !list.some((g) => g.id === selectedId)) selectGraph(list[0]?.id ?? null);
  }, [graphs.data, selectedId, selectGraph]);

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
                <span className="muted">{g.toolCount} tools</span>
              </button>
            </li>
          ))}
        </ul>
        {graphs.data?.length === 0 && <p className="muted">No graphs yet. Create one with Graph → New Graph…</p>}
      </aside>
      <section className="canvas" aria-label="Canvas">
        {graph.data ? (
          <ReactFlowProvider>
            <GraphCanvas graph={graph.data} />
          </ReactFlowProvider>
        ) : (
          <p className="muted center">{graph.error ? graph.error.message : 'Loading…'}</p>
        )}
      </section>
      {graph.data && <ToolInspector graph={graph.data} />}
    </div>
  );
}
