import { useEffect, useRef } from 'react';
import { stepAccuracy } from '../../../../shared/metrics/step-accuracy';
import {
  diffTrajectories,
  turnChanges,
  type DiffRow,
  type TrajectoryDiff,
} from '../../../../shared/compare/trajectory-diff';
import { countOf } from '../../../../shared/text';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useBrowserStore } from './state';
import { failedTurnsOf } from '../../../../shared/runs/outcome';
import { TurnView } from '../../components/TurnView';

const pct = (x: number) => `${Math.round(100 * x)}%`;
const clip = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

/** What a gap stands for: the turn beside it is only in the other trajectory. */
const GAP_TEXT = { inserted: 'Inserted: only in the right one', removed: 'Removed: only in the left one' } as const;

/** The first divergence in words, turns named as the turn view labels them (#0, #1, …). */
function divergenceText(diff: TrajectoryDiff): string {
  if (diff.firstDivergence === null) return 'The conversations agree turn for turn.';
  const row: DiffRow = diff.rows[diff.firstDivergence]!;
  const where =
    row.kind === 'inserted'
      ? `turn #${row.b} of the right one is inserted`
      : row.kind === 'removed'
        ? `turn #${row.a} of the left one is removed`
        : `turn #${row.a} on the left ↔ turn #${row.b} on the right changed`;
  // Rows carry no number on screen; turns are named by the #N their views show, and the row is marked.
  return `First divergence (marked below): ${where}.`;
}

/**
 * `4 same, 3 changed, 1 inserted, 1 removed`, and which side alone has a system message: that
 * row is left out of the counts as it is of the divergence, and the sentence says so.
 */
function countsText(diff: TrajectoryDiff): string {
  const { same, changed, inserted, removed } = diff.counts;
  const system = diff.systemOnlyIn
    ? ` Only the ${diff.systemOnlyIn === 'a' ? 'left' : 'right'} one has a system message: it is counted neither in these turns nor as the divergence.`
    : '';
  return `Turns: ${same} same, ${changed} changed, ${inserted} inserted, ${removed} removed.${system}`;
}

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
  const accuracy = stepAccuracy(left.turns, right.turns, diff.rows);
  const failedLeft = failedTurnsOf(left);
  const failedRight = failedTurnsOf(right);
  return (
    <section className="diff-view" aria-label="Trajectory diff">
      <header>
        <h2>Diff</h2>
        <p data-testid="diff-summary">
          {divergenceText(diff)} {countsText(diff)} Against the right one, calls paired by row: tool names{' '}
          {pct(accuracy.toolNameAccuracy)}, arguments {pct(accuracy.argumentAccuracy)} of{' '}
          {countOf(accuracy.steps.length, 'step')}.
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
          className={`diff-columns ${row.kind}${i === diff.firstDivergence ? ' first-divergence' : ''}`}
          data-testid={i === diff.firstDivergence ? 'first-divergence' : undefined}
          data-kind={row.kind}
          aria-label={`Row ${i + 1}: ${row.kind}`}
        >
          {row.a === null ? (
            <Gap kind="inserted" />
          ) : (
            <TurnView turn={left.turns[row.a]!} index={row.a} failed={failedLeft.has(row.a)} />
          )}
          {row.b === null ? (
            <Gap kind="removed" />
          ) : (
            <TurnView turn={right.turns[row.b]!} index={row.b} failed={failedRight.has(row.b)} />
          )}
          {row.kind === 'changed' && (
            <ul className="diff-changes" aria-label={`Changes in row ${i + 1}`}>
              {turnChanges(left.turns[row.a!]!, right.turns[row.b!]!).map((c) => (
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

function Gap({ kind }: { kind: keyof typeof GAP_TEXT }) {
  return <div className="gap">{GAP_TEXT[kind]}</div>;
}
