import { useEffect, useRef } from 'react';
import { diffTrajectories, stepAccuracy, turnChanges } from '../../../../shared/analysis/trajectory-diff';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useBrowserStore } from '../../state/browser-store';
import { TurnView } from '../../components/TurnView';

const pct = (x: number) => `${Math.round(100 * x)}%`;
const clip = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/**
 * Two trajectories side by side, aligned turn by turn; the first divergence is marked and
 * scrolled into view. The right one is taken as the reference for step accuracy.
 */
export function DiffView({ leftId, rightId }: { leftId: string; rightId: string }) {
  const left = useQuery(() => api.invoke('trajectories.get', { id: leftId }), [leftId]).data;
  const right = useQuery(() => api.invoke('trajectories.get', { id: rightId }), [rightId]).data;
  const compareWith = useBrowserStore((s) => s.compareWith);
  const firstRow = useRef<HTMLDivElement>(null);
  const diff = left && right ? diffTrajectories(left.turns, right.turns) : null;
  // A block body: in current Chromium scrollIntoView returns a promise, which React would take
  // for the effect's cleanup and call when the diff closes.
  useEffect(() => {
    firstRow.current?.scrollIntoView({ block: 'center' });
  }, [diff?.firstDivergence]);
  if (!left || !right || !diff) return <p className="muted">Loading…</p>;
  const accuracy = stepAccuracy(left.turns, right.turns);
  return (
    <section className="diff-view" aria-label="Trajectory diff">
      <header>
        <h2>Diff</h2>
        <p data-testid="diff-summary">
          {diff.firstDivergence === null
            ? 'The trajectories agree turn for turn.'
            : // Turns are named as the turn view labels them (#0, #1, …).
              `First divergence at row ${diff.firstDivergence + 1}: turn #${diff.rows[diff.firstDivergence]!.a ?? '—'} ↔ turn #${diff.rows[diff.firstDivergence]!.b ?? '—'}.`}{' '}
          Against the right one: tool names {pct(accuracy.toolNameAccuracy)}, arguments {pct(accuracy.argumentAccuracy)}{' '}
          of {accuracy.steps.length} steps.
        </p>
        <button type="button" onClick={() => compareWith(null)}>
          Close diff
        </button>
      </header>
      <div className="diff-columns diff-titles">
        <strong>{left.title}</strong>
        <strong>{right.title}</strong>
      </div>
      {diff.rows.map((row, i) => (
        <div
          key={i}
          ref={i === diff.firstDivergence ? firstRow : undefined}
          className={`diff-columns${row.same ? ' same' : ' changed'}${i === diff.firstDivergence ? ' first-divergence' : ''}`}
          data-testid={i === diff.firstDivergence ? 'first-divergence' : undefined}
        >
          {row.a === null ? <div className="gap" /> : <TurnView turn={left.turns[row.a]!} index={row.a} />}
          {row.b === null ? <div className="gap" /> : <TurnView turn={right.turns[row.b]!} index={row.b} />}
          {!row.same && row.a !== null && row.b !== null && (
            <ul className="diff-changes" aria-label={`Changes in row ${i + 1}`}>
              {turnChanges(left.turns[row.a]!, right.turns[row.b]!).map((c) => (
                <li key={c.path}>
                  <code>{c.path}</code> <del>{clip(c.before)}</del> → <ins>{clip(c.after)}</ins>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
    </section>
  );
}
