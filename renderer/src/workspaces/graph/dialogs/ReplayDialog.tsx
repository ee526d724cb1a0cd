import { countOf, trajectoriesCount } from '../../../../../shared/text';
import { useEffect, useMemo, useState } from 'react';
import type { Result } from '../../../../../shared/contract';
import type { Tool } from '../../../../../shared/domain';
import { isWrittenKind } from '../../../../../shared/runtimes';
import { api } from '../../../api/api';
import { ErrorNote } from '../../../components/ErrorNote';
import { useUi } from '../../../state/ui-store';
import { useGraphUi } from '../state';
import { selectContent, useEditor, useEditorStore } from '../editor/editor-context';
import { ModalDialog } from '../../../components/ModalDialog';

type Report = Result<'graphs.makeReplayRuntimes'>;

const close = () => useGraphUi.getState().openDialog(null);

/**
 * "Make replay runtimes from N trajectories" for the selected tools (all when none is
 * selected): what each would replay, then one undoable edit of the graph.
 */
export function ReplayDialog() {
  const graphId = useEditor((s) => s.graphId);
  const selection = useEditor((s) => s.selection);
  const content = useEditor(selectContent);
  const actions = useEditorStore().getState();
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  // The selected tools, or all; a key that changes only when the set does.
  const scopeKey = (selection.length ? [...selection].sort() : []).join('\n');
  const scope = useMemo(
    () => new Set(scopeKey ? scopeKey.split('\n') : content.tools.map((t) => t.name)),
    [scopeKey, content.tools],
  );

  useEffect(() => {
    let current = true;
    setReport(null);
    api
      .invoke('graphs.makeReplayRuntimes', {
        id: graphId,
        apply: false,
        overwrite: true,
        ...(scopeKey ? { tools: scopeKey.split('\n') } : {}),
      })
      .then(
        (r) => current && setReport(r),
        (e: Error) => current && setError(e.message),
      );
    return () => {
      current = false;
    };
  }, [graphId, scopeKey]);

  const byName = new Map(content.tools.map((t) => [t.name, t]));
  const rows = (report?.tools ?? []).filter((t) => scope.has(t.tool) && byName.has(t.tool));
  const ownRuntime = (name: string) => {
    const kind = byName.get(name)?.runtime?.kind;
    return kind && isWrittenKind(kind) ? kind : null;
  };
  const chosen = rows.filter((r) => overwrite || !ownRuntime(r.tool));
  const withOwn = rows.filter((r) => ownRuntime(r.tool)).length;
  const unrecorded = [...scope].filter((name) => !rows.some((r) => r.tool === name));

  const make = () => {
    const next: Tool[] = chosen.map((r) => ({ ...byName.get(r.tool)!, runtime: r.runtime }));
    actions.updateTools(next);
    useUi
      .getState()
      .notify(
        `Made ${countOf(next.length, 'replay runtime')} from ${trajectoriesCount(report!.trajectories)}. Undo with Ctrl+Z.`,
      );
    close();
  };

  return (
    <ModalDialog label="Replay runtimes" className="recordings-dialog" onClose={close}>
      <h2>Replay runtimes from recorded trajectories</h2>
      <p className="muted">
        Each tool answers with the observation recorded for the same arguments in the workspace’s trajectories (imported
        or run), else with the nearest recording’s, marked in the turn. No code to write.
      </p>
      <ErrorNote message={error} />
      {!report && !error && <p className="muted">Reading trajectories…</p>}
      {report && rows.length === 0 && (
        <p>
          No trajectory calls {selection.length ? 'the selected tools' : 'a tool of this graph'}. Import logs that call
          them in Trajectories (Import…), then come back.
        </p>
      )}
      {rows.length > 0 && (
        <table>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Recordings</th>
              <th scope="col">Calls</th>
              <th scope="col">Trajectories</th>
              <th scope="col">Runtime now</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ tool, runtime }) =>
              runtime.kind === 'replay' ? (
                <tr key={tool}>
                  <td>{tool}</td>
                  <td>
                    {runtime.recordings.length}
                    {runtime.source.dropped > 0 && <span className="muted"> ({runtime.source.dropped} left out)</span>}
                  </td>
                  <td>{runtime.source.calls}</td>
                  <td>{runtime.source.trajectories}</td>
                  <td>{byName.get(tool)?.runtime?.kind ?? 'none'}</td>
                </tr>
              ) : null,
            )}
          </tbody>
        </table>
      )}
      {unrecorded.length > 0 && report && (
        <p className="muted">Never called in a trajectory: {unrecorded.join(', ')}.</p>
      )}
      {report?.limited && (
        <p className="muted">Only the newest trajectories were read: there are more than a request reads.</p>
      )}
      {withOwn > 0 && (
        <label className="checkbox">
          <input type="checkbox" checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />
          Also replace the runtime {withOwn === 1 ? 'the tool has' : `${withOwn} tools have`} of their own
        </label>
      )}
      <div className="buttons">
        <button type="button" onClick={close}>
          Cancel
        </button>
        <button type="button" className="primary" disabled={!chosen.length} onClick={make}>
          Make replay runtimes from {trajectoriesCount(report?.trajectories ?? 0)}
        </button>
      </div>
    </ModalDialog>
  );
}
