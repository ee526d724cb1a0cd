import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import type { JsonSchema, Tool } from '../../../../../shared/domain';
import { describeEdge } from '../../../../../shared/checks/graph';
import { edgesBrokenBy, findField } from '../../../../../shared/graph';
import { selectContent, useEditor, useEditorStore } from '../editor/editor-context';
import { nameProblem } from '../editor/tool-names';
import { GraphSummaryPanel } from '../panels/GraphSummaryPanel';
import { ErrorNote } from '../../../components/ErrorNote';
import { useSchemaDrafts } from '../schema-drafts';
import { CommandButton } from '../../../components/CommandButton';
import { RuntimeSection } from './runtime/RuntimeSection';
import { SelectionRuntime } from './runtime/SelectionRuntime';
import { EnvironmentSummary } from '../environment/EnvironmentSummary';

const SchemaEditor = lazy(() => import('./SchemaEditor'));

/** The selected tool: name, description, parameter and result schemas, runtime. */
export function ToolInspector() {
  const content = useEditor(selectContent);
  const selection = useEditor((s) => s.selection);
  const graphId = useEditor((s) => s.graphId);
  const actions = useEditorStore().getState();
  const tool = selection.length === 1 ? content.tools.find((t) => t.name === selection[0]) : undefined;
  if (!tool) {
    const selected = content.tools.filter((t) => selection.includes(t.name));
    return (
      <aside className="inspector" aria-label="Tool inspector">
        <GraphSummaryPanel />
        <p className="muted">
          {selection.length > 1 ? `${selection.length} tools selected.` : 'Select a tool to edit it.'} Drag from a
          result field (right) to a parameter (left) to add a dependency; from parameter to parameter for a shared
          entity.
        </p>
        {selected.length > 1 && (
          // A new selection, or new runtimes on it (applied, or put back by Undo), starts the
          // picker again from what its tools have now.
          <SelectionRuntime
            key={selected.map((t) => `${t.name} ${JSON.stringify(t.runtime ?? null)}`).join('\n')}
            tools={selected}
            onChange={(next) => actions.updateTools(next)}
          />
        )}
        <EnvironmentSummary />
        {content.tools.length > 0 && (
          <div className="buttons recordings-actions">
            <CommandButton id="graph.makeReplayRuntimes" label="Replay runtimes…" />
            <CommandButton id="graph.inferReturns" label="Infer returns…" />
          </div>
        )}
      </aside>
    );
  }
  const update = (next: Tool) => {
    // Schema text not applied yet belongs to the tool, whatever it is called.
    if (next.name !== tool.name) useSchemaDrafts.getState().rename(graphId, tool.name, next.name);
    actions.updateTool(tool.name, next);
  };
  return <ToolForm key={tool.name} tool={tool} onChange={update} />;
}

function ToolForm({ tool, onChange }: { tool: Tool; onChange(next: Tool): void }) {
  const content = useEditor(selectContent);
  const actions = useEditorStore().getState();
  const [name, setName] = useState(tool.name);
  const [description, setDescription] = useState(tool.description);
  useEffect(() => setDescription(tool.description), [tool.description]);
  const taken = useMemo(() => new Set(content.tools.map((t) => t.name)), [content.tools]);
  const problem = nameProblem(name, tool.name, taken);

  const commitName = () => {
    if (!problem && name !== tool.name) onChange({ ...tool, name });
  };
  const setSchema = (side: 'parameters' | 'returns', schema: JsonSchema) => {
    if (JSON.stringify(schema) !== JSON.stringify(tool[side])) onChange({ ...tool, [side]: schema });
  };

  // Edges that point at fields this tool no longer has.
  const broken = useMemo(() => {
    const byName = new Map(content.tools.map((t) => [t.name, t]));
    return edgesBrokenBy(content, (t, side, path) => {
      const found = byName.get(t);
      return !found || findField(found[side], path) !== undefined;
    }).filter((i) => {
      const e = content.edges[i]!;
      return e.kind === 'dependency'
        ? e.fromTool === tool.name || e.toTool === tool.name
        : e.toolA === tool.name || e.toolB === tool.name;
    });
  }, [content, tool.name]);

  return (
    <aside className="inspector" aria-label="Tool inspector">
      <label>
        Name
        <input
          aria-label="Tool name"
          value={name}
          aria-invalid={problem !== null}
          onChange={(e) => setName(e.target.value)}
          onBlur={commitName}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitName();
            if (e.key === 'Escape') setName(tool.name);
          }}
        />
      </label>
      <ErrorNote message={problem} />
      <label>
        Description
        <textarea
          aria-label="Tool description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          onBlur={() => description !== tool.description && onChange({ ...tool, description })}
        />
      </label>
      {broken.length > 0 && (
        <div className="broken-edges" role="alert">
          <p>
            {broken.length} edge{broken.length > 1 ? 's' : ''} point{broken.length > 1 ? '' : 's'} at fields this tool
            no longer has:
          </p>
          <ul>
            {broken.map((i) => (
              <li key={i}>{describeEdge(content.edges[i]!)}</li>
            ))}
          </ul>
          <button type="button" onClick={() => actions.removeEdges(broken)}>
            Remove {broken.length === 1 ? 'it' : 'them'}
          </button>
        </div>
      )}
      <Suspense fallback={<p className="muted">Loading editor…</p>}>
        <h3>Parameters (JSON Schema)</h3>
        <SchemaEditor
          path={`${tool.name}.parameters`}
          label="Parameters schema"
          value={tool.parameters}
          onChange={(s) => setSchema('parameters', s)}
        />
        <h3>Returns (JSON Schema)</h3>
        <SchemaEditor
          path={`${tool.name}.returns`}
          label="Returns schema"
          value={tool.returns}
          onChange={(s) => setSchema('returns', s)}
        />
      </Suspense>
      <RuntimeSection tool={tool} onChange={(runtime) => onChange({ ...tool, runtime })} />
      <div className="buttons">
        <button type="button" onClick={() => actions.removeTools([tool.name])}>
          Delete tool
        </button>
      </div>
    </aside>
  );
}
