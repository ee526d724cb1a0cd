import { countOf, trajectoriesCount } from '../../../../../shared/text';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Result } from '../../../../../shared/contract';
import { api } from '../../../api/api';
import { ErrorNote } from '../../../components/ErrorNote';
import { useUi } from '../../../state/ui-store';
import { selectContent, useEditor, useEditorStore } from '../editor/editor-context';
import { useGraphSession, useGraphUi } from '../state';
import { ModalDialog } from '../../../components/ModalDialog';

const SchemaDiff = lazy(() => import('./SchemaDiff'));

type Proposal = Result<'graphs.inferReturns'>['proposals'][number];

const close = () => useGraphUi.getState().openDialog(null);

/**
 * Result schemas inferred from what the tools returned in trajectories, one proposal per tool:
 * the current `returns` beside the proposed one, Accept (an undoable edit) or Dismiss.
 */
export function ReturnsDialog() {
  const graphId = useEditor((s) => s.graphId);
  const content = useEditor(selectContent);
  const actions = useEditorStore().getState();
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const [unchanged, setUnchanged] = useState(0);
  const [trajectories, setTrajectories] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.invoke('graphs.inferReturns', { id: graphId }).then(
      (report) => {
        if (!current) return;
        const changed = report.proposals.filter((p) => p.changed);
        setProposals(changed);
        setUnchanged(report.proposals.length - changed.length);
        setTrajectories(report.trajectories);
        const selected = useGraphSession.getState().editor?.getState().selection ?? [];
        setOpen(changed.find((p) => selected.includes(p.tool))?.tool ?? changed[0]?.tool ?? null);
      },
      (e: Error) => current && setError(e.message),
    );
    return () => {
      current = false;
    };
  }, [graphId]);

  const remaining = proposals ?? [];
  const shown = remaining.find((p) => p.tool === open) ?? null;
  const toolOf = (name: string) => content.tools.find((t) => t.name === name);
  const settle = (names: string[]) => {
    const left = remaining.filter((p) => !names.includes(p.tool));
    setProposals(left);
    setOpen(left[0]?.tool ?? null);
  };
  const accept = (list: Proposal[]) => {
    const next = list.flatMap((p) => {
      const tool = toolOf(p.tool);
      return tool ? [{ ...tool, returns: p.proposed }] : [];
    });
    actions.updateTools(next);
    useUi
      .getState()
      .notify(`Accepted the inferred returns of ${next.map((t) => t.name).join(', ')}. Undo with Ctrl+Z.`);
    settle(list.map((p) => p.tool));
  };

  return (
    <ModalDialog label="Inferred result schemas" className="recordings-dialog" onClose={close}>
      <h2>Result schemas from recorded results</h2>
      <ErrorNote message={error} />
      {!proposals && !error && <p className="muted">Reading trajectories…</p>}
      {proposals && (
        <p className="muted">
          From the results in {trajectoriesCount(trajectories)}: {countOf(remaining.length, 'tool')} to review
          {unchanged ? `, ${unchanged} already say what was recorded` : ''}. Fields present in every result are
          required; strings with a few repeated values become enums.
        </p>
      )}
      {proposals && remaining.length === 0 && <p>Nothing left to review.</p>}
      {shown && (
        <div className="proposal-split">
          <ul aria-label="Tools with a proposal">
            {remaining.map((p) => (
              <li key={p.tool}>
                <button type="button" aria-current={p.tool === open} onClick={() => setOpen(p.tool)}>
                  {p.tool} <span className="muted">({countOf(p.results, 'result')})</span>
                </button>
              </li>
            ))}
          </ul>
          <section className="returns-proposal" aria-label={`Proposal for ${shown.tool}`}>
            <strong>{shown.tool}</strong>: current returns (left), proposed from {shown.results} recorded results
            (right)
            <Suspense fallback={<p className="muted">Loading diff…</p>}>
              <SchemaDiff current={toolOf(shown.tool)?.returns ?? shown.current} proposed={shown.proposed} />
            </Suspense>
            <div className="buttons">
              <button type="button" onClick={() => settle([shown.tool])}>
                Dismiss
              </button>
              <button type="button" className="primary" onClick={() => accept([shown])}>
                Accept
              </button>
            </div>
          </section>
        </div>
      )}
      <div className="buttons">
        {remaining.length > 1 && (
          <button type="button" onClick={() => accept(remaining)}>
            Accept all {remaining.length}
          </button>
        )}
        <button type="button" onClick={close}>
          Close
        </button>
      </div>
    </ModalDialog>
  );
}
