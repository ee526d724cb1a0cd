import type { ExperimentView, SideBySideRow } from '../shared/experiments/types';
import { printableLine } from '../shared/text';

const COLUMNS = ['runs', 'same', 'diverged', 'improved', 'regressed', 'errored', 'misses'] as const;

/** An experiment as the terminal shows it: the table per candidate, then each run that changed or failed. */
export function experimentLines(view: ExperimentView): string[] {
  const { definition } = view;
  const lines = [
    `Experiment "${printableLine(view.name)}" (${view.id}), ${view.status}: ${view.sources} trajectories × ${definition.candidates.length} candidate${definition.candidates.length === 1 ? '' : 's'}, tools by ${definition.toolPolicy}${definition.fromTurn !== undefined ? `, from turn ${definition.fromTurn}` : ''}.`,
  ];
  const width = Math.max(9, ...view.table.map((row) => printableLine(row.label).length));
  lines.push(
    `${'candidate'.padEnd(width)}  ${COLUMNS.map((c) => c.padStart(9)).join(' ')}  ${'succeeded'.padStart(11)}  ${'findings'.padStart(9)}  ${'tokens'.padStart(9)}  ${'time'.padStart(8)}`,
  );
  for (const row of view.table)
    lines.push(
      `${printableLine(row.label).padEnd(width)}  ${COLUMNS.map((c) => String(row[c]).padStart(9)).join(' ')}  ${`${row.succeededBefore} → ${row.succeededAfter}`.padStart(11)}  ${`${row.findingsBefore} → ${row.findingsAfter}`.padStart(9)}  ${String(row.tokens).padStart(9)}  ${`${(row.ms / 1000).toFixed(1)} s`.padStart(8)}`,
    );
  const changed = view.runs.filter((r) => r.verdict !== 'same');
  if (changed.length) lines.push('', 'Runs that changed:');
  for (const run of changed) {
    const where = run.error
      ? printableLine(run.error)
      : run.divergence
        ? `turn ${run.divergence.runTurn ?? run.divergence.sourceTurn}: ${run.divergence.kind}${run.divergence.changes.length ? ` (${run.divergence.changes.map((c) => `${c.path} ${printableLine(c.before)} → ${printableLine(c.after)}`).join('; ')})` : ''}`
        : `outcome ${run.outcomeBefore ?? 'none'} → ${run.outcomeAfter ?? 'none'}`;
    const misses = run.misses.length ? `; ${run.misses.length} replay miss${run.misses.length === 1 ? '' : 'es'}` : '';
    lines.push(
      `  ${run.verdict.padEnd(9)} #${run.candidate + 1} ${printableLine(run.sourceTitle)}: ${where}${misses}${run.runId ? `  [run ${run.runId}]` : ''}`,
    );
  }
  lines.push('', view.seedNote);
  return lines;
}

/** Candidates #1 and #2 on the trajectories where their verdicts differ, and which did better. */
export function sideBySideLines(rows: readonly SideBySideRow[]): string[] {
  const differing = rows.filter((r) => r.a?.verdict !== r.b?.verdict || r.better !== null);
  if (!differing.length) return ['', 'Candidates #1 and #2 did the same on every trajectory.'];
  return [
    '',
    'Side by side, #1 | #2 (where they differ):',
    ...differing.map(
      (r) =>
        `  ${printableLine(r.sourceTitle)}: ${r.a?.verdict ?? '—'} | ${r.b?.verdict ?? '—'}${r.better ? `  better: #${r.better === 'a' ? 1 : 2}` : ''}`,
    ),
  ];
}
