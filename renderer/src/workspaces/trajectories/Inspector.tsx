import { errorText } from '../../api/error-text';
import { Fragment, useMemo, useState } from 'react';
import { countOf } from '../../../../shared/text';
import { findingCodeDescription } from '../../../../shared/checks/trajectory';
import type { Finding } from '../../../../shared/domain';
import { failedTurnsOf } from '../../../../shared/runs/outcome';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { trajectoryChanged } from '../../api/use-refresh';
import { sourceLabel } from '../../../../shared/formats/otlp/groups';
import { CommandButton } from '../../components/CommandButton';
import { AddToDataset } from './AddToDataset';
import { RunRecord } from './RunRecord';
import { PathOverlay } from '../../components/PathOverlay';
import { TurnView } from '../../components/TurnView';
import { GoalVerdictNote, TurnWorld } from '../../components/WorldView';
import { worldsByTurn } from '../../../../shared/environments/world-states';
import { isGoalOutcome, runEnvironment } from '../../../../shared/runs';
import { useBrowserStore, useChecksState } from './state';

/** One trajectory turn by turn, its findings at the turns they concern, and its path on the graph. */
export function Inspector({ id }: { id: string }) {
  const changed = [trajectoryChanged(id)];
  const trajectory = useQuery(() => api.invoke('trajectories.get', { id }), [id], changed);
  const findings = useQuery(() => api.invoke('trajectories.findings', { id }), [id], changed);
  const edits = useQuery(() => api.invoke('trajectories.edits', { id }), [id], changed).data;
  const editedAt = new Map(edits?.map((e) => [e.turnIndex, e.editedAt]));
  const t = trajectory.data;
  const graph = useQuery(t?.graphId ? () => api.invoke('graphs.get', { id: t.graphId! }) : null, [t?.graphId]);
  const [showPath, setShowPath] = useState(true);
  const compareWith = useBrowserStore((s) => s.compareWith);
  const compareId = useBrowserStore((s) => s.compareId);
  const checkedAll = useChecksState((s) => s.checkedAll);
  // A run in an environment: the state before and after each of its calls into it.
  const worlds = useMemo(
    () => worldsByTurn(t?.turns ?? [], runEnvironment(t?.metadata)?.initialState),
    [t?.turns, t?.metadata],
  );
  if (trajectory.error) return <p className="error">{errorText(trajectory.error)}</p>;
  if (!t) return <p className="muted">Loading…</p>;
  const verdict = t.outcome && isGoalOutcome(t.outcome) ? t.outcome : null;
  // Observations whose call answered an error, marked as the debugger marks them.
  const failed = failedTurnsOf(t);
  const byTurn = new Map<number, Finding[]>();
  for (const f of findings.data ?? []) byTurn.set(f.where.turn, [...(byTurn.get(f.where.turn) ?? []), f]);
  const kinds = Object.entries(
    (findings.data ?? []).reduce<Record<string, number>>(
      (acc, f) => ({ ...acc, [f.code]: (acc[f.code] ?? 0) + 1 }),
      {},
    ),
  );
  const jumpTo = (turn: number) =>
    document.querySelector(`[data-testid="turn-${turn}"]`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });

  return (
    <section className="inspector" aria-label="Trajectory inspector">
      <header className="inspector-header">
        <h2>{t.title || '(untitled)'}</h2>
        <p className="muted">
          {t.source === t.kind ? t.kind : `${t.kind} · ${sourceLabel(t.source)}`} · {countOf(t.turns.length, 'turn')}
          {graph.data ? ` · graph ${graph.data.name}` : ' · no tool graph'}
          {t.forkOf ? ` · fork of ${t.forkOf.trajectoryId.slice(0, 8)} at turn ${t.forkOf.turnIndex}` : ''}
        </p>
        <RunRecord trajectory={t} />
        <div className="toolbar">
          <CommandButton
            id="trajectories.openInDebugger"
            label="Open in debugger"
            hint="Replay it turn by turn with the recorded observations; fork from any turn"
          />
          <AddToDataset trajectoryId={id} />
          <CommandButton id="trajectories.compareWith" label="Compare with…" />
          {graph.data && (
            <button type="button" onClick={() => setShowPath((v) => !v)}>
              {showPath ? 'Hide path' : 'Show path on graph'}
            </button>
          )}
          {compareId && (
            <button type="button" onClick={() => compareWith(compareId)}>
              Back to diff
            </button>
          )}
        </div>
        {findings.data && (
          <p data-testid="trajectory-findings">
            {findings.data.length === 0
              ? checkedAll
                ? 'No findings: the checks found nothing on this trajectory.'
                : 'No findings stored. Run checks (in the toolbar) if it has not been checked yet.'
              : kinds.map(([kind, n], i) => (
                  <button
                    key={kind}
                    type="button"
                    className="link"
                    title={findingCodeDescription(kind)}
                    onClick={() => jumpTo(findings.data!.find((f) => f.code === kind)!.where.turn)}
                  >
                    {i > 0 && ', '}
                    {kind} ×{n}
                  </button>
                ))}
          </p>
        )}
      </header>
      {graph.data && showPath && <PathOverlay graph={graph.data} turns={t.turns} />}
      <div className="turns">
        {t.turns.map((turn, i) => (
          <Fragment key={i}>
            <TurnView
              turn={turn}
              index={i}
              findings={byTurn.get(i)}
              editedAt={editedAt.get(i)}
              failed={failed.has(i)}
            />
            {worlds.has(i) && <TurnWorld world={worlds.get(i)!} index={i} />}
          </Fragment>
        ))}
        {verdict && <GoalVerdictNote verdict={verdict} />}
      </div>
    </section>
  );
}
