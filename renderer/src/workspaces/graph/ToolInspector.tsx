import { useEffect, useState } from 'react';
import type { ToolGraph } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useUi } from '../../state/ui-store';

/** Details of the selected tool; the description is editable and saved on demand. */
export function ToolInspector({ graph }: { graph: ToolGraph }) {
  const selected = useUi((s) => s.selectedTool);
  const setSaveState = useUi((s) => s.setSaveState);
  const notify = useUi((s) => s.notify);
  const tool = graph.tools.find((t) => t.name === selected);
  const [description, setDescription] = useState(tool?.description ?? '');
  useEffect(() => setDescription(tool?.description ?? ''), [tool]);

  if (!tool) {
    return (
      <aside className="inspector empty">
        <p>Select a tool on the canvas to see its parameters and results.</p>
        <p className="muted">
          {graph.tools.length} tools · {graph.edges.filter((e) => e.kind === 'dependency').length} dependency edges ·{' '}
          {graph.edges.filter((e) => e.kind === 'shared').length} shared-parameter edges
        </p>
      </aside>
    );
  }
  const dirty = description !== tool.description;
  const save = async () => {
    setSaveState('saving');
    try {
      await api.invoke('graphs.updateTool', { graphId: graph.id, tool: tool.name, description });
      setSaveState('saved');
    } catch (error) {
      setSaveState('error');
      notify((error as Error).message, 'error');
    }
  };

  return (
    <aside className="inspector" aria-label="Tool inspector">
      <h2>{tool.name}</h2>
      <label>
        Description
        <textarea
          aria-label="Tool description"
          value={description}
          rows={4}
          onChange={(e) => setDescription(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
          }}
        />
      </label>
      <div className="buttons">
        <button type="button" disabled={!dirty} onClick={() => setDescription(tool.description)}>
          Revert
        </button>
        <button type="button" className="primary" disabled={!dirty} onClick={() => void save()}>
          Save (Ctrl+Enter)
        </button>
      </div>
      <h3>Parameters</h3>
      <pre>{JSON.stringify(tool.parameters, null, 2)}</pre>
      <h3>Returns</h3>
      <pre>{JSON.stringify(tool.returns, null, 2)}</pre>
      <h3>Runtime</h3>
      <pre>{tool.runtime ? tool.runtime.kind : 'none'}</pre>
    </aside>
  );
}
