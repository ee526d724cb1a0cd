import { trajectoriesCount } from '../../../../shared/text';
import { ShieldCheck } from 'lucide-react';
import { useShallow } from '../../state/create-store';
import { checkSummaryText } from '../../../../shared/checks/finding-counts';
import type { Result } from '../../../../shared/contract';
import { api } from '../../api/api';
import { useJob } from '../../api/use-job';
import { ErrorNote } from '../../components/ErrorNote';
import { CommandButton } from '../../components/CommandButton';
import { JobProgress } from '../../components/JobProgress';
import { useChecksState } from './state';
import { useRegisterAction } from '../../commands/panel-actions';

/** Runs the deterministic checks on every trajectory and shows what they found, by kind. */
export function CheckAll() {
  const { summary, stale } = useChecksState(useShallow((s) => ({ summary: s.summary, stale: s.stale })));
  const job = useJob();
  const { busy, error, progress } = job;
  const run = () => {
    if (busy) return;
    void job.run(async (jobId) => {
      useChecksState.getState().finished(await api.invoke('trajectories.checkAll', { jobId }));
    });
  };
  useRegisterAction('checkAll', run, busy ? 'Checking…' : undefined);
  return (
    <section className="check-all" aria-label="Checks">
      <CommandButton id="trajectories.checkAll" icon={ShieldCheck} label={busy ? 'Checking…' : 'Run checks'} />
      {busy && <JobProgress progress={progress} label="Checks progress" onCancel={job.cancel} />}
      <ErrorNote message={error} />
      {summary && !busy && <CheckSummary summary={summary} stale={stale} />}
    </section>
  );
}

/**
 * What the checks found, on one line that the toolbar cuts short; the whole text is its tooltip.
 * Once trajectories change, it says the figures are from before.
 */
function CheckSummary({ summary, stale }: { summary: Result<'trajectories.checkAll'>; stale: boolean }) {
  const found = checkSummaryText(summary);
  const against = `Checked against ${basisText(summary.against)}.`;
  const before = stale ? 'Before the latest changes (run the checks again): ' : '';
  return (
    <p
      className={`check-summary${stale ? ' stale' : ''}`}
      data-testid="check-summary"
      title={`${before}${found} ${against}`}
    >
      {before && <span className="muted">{before}</span>}
      {found}{' '}
      <span className="muted" title="What each trajectory's calls were checked against">
        {against}
      </span>
    </p>
  );
}

/** Which tools the calls were checked against, so a schema finding (or its absence) can be read right. */
function basisText({ graph, ownTools, both, none }: Result<'trajectories.checkAll'>['against']): string {
  const parts = [
    graph && `each one's own tool graph (${trajectoriesCount(graph)})`,
    ownTools && `the tools each record declares (${trajectoriesCount(ownTools)})`,
    both && `the tools each record declares, then its graph's (${trajectoriesCount(both)})`,
    none && `no tool definitions (${trajectoriesCount(none)}: calls not checked against a schema)`,
  ].filter(Boolean);
  return parts.join(', ') || 'nothing';
}
