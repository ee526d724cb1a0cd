import type { OutcomeStatus } from '../domain';
import type { Candidate, CandidateSummary, Divergence, ExperimentRun, SideBySideRow, Verdict } from './types';

/**
 * A run's verdict against its recording: errored when it could not run to the end; improved when
 * the outcome went from failure to success, regressed from success to failure; else diverged
 * when its calls or answer differ at some turn, and the same when they do not.
 */
export function verdictOf(run: {
  error: string | null;
  divergence: Divergence | null;
  outcomeBefore: OutcomeStatus | null;
  outcomeAfter: OutcomeStatus | null;
}): Verdict {
  if (run.error) return 'errored';
  if (run.outcomeBefore === 'failure' && run.outcomeAfter === 'success') return 'improved';
  if (run.outcomeBefore === 'success' && run.outcomeAfter === 'failure') return 'regressed';
  return run.divergence ? 'diverged' : 'same';
}

/** How a candidate is named in the table: its label, else its model. */
export function candidateLabel(candidate: Candidate, index: number): string {
  if (candidate.label) return candidate.label;
  const model =
    candidate.model.kind === 'server'
      ? `${candidate.model.model} @ ${candidate.model.baseUrl}`
      : (candidate.model.path ?? 'loaded model');
  return `#${index + 1} ${model}${candidate.format === 'json' ? ' (JSON mode)' : ''}`;
}

/** One row per candidate: how many runs kept the same calls, diverged, improved, regressed or errored. */
export function summarize(candidates: readonly Candidate[], runs: readonly ExperimentRun[]): CandidateSummary[] {
  return candidates.map((candidate, index) => {
    const mine = runs.filter((r) => r.candidate === index);
    const count = (verdict: Verdict) => mine.filter((r) => r.verdict === verdict).length;
    const sum = (f: (r: ExperimentRun) => number) => mine.reduce((n, r) => n + f(r), 0);
    return {
      candidate: index,
      label: candidateLabel(candidate, index),
      runs: mine.length,
      same: count('same'),
      diverged: count('diverged'),
      improved: count('improved'),
      regressed: count('regressed'),
      errored: count('errored'),
      misses: sum((r) => r.misses.length),
      // Over the runs that did not error, so a server that was down reads as errored, not as regressed.
      succeededBefore: mine.filter((r) => !r.error && r.outcomeBefore === 'success').length,
      succeededAfter: mine.filter((r) => !r.error && r.outcomeAfter === 'success').length,
      findingsBefore: sum((r) => r.findingsBefore),
      findingsAfter: sum((r) => r.findingsAfter),
      tokens: sum((r) => r.tokens.prompt + r.tokens.completion),
      ms: sum((r) => r.ms),
    };
  });
}

const rank = (r: ExperimentRun | null) =>
  !r || r.error ? -1 : r.outcomeAfter === 'success' ? 2 : r.outcomeAfter === 'failure' ? 0 : 1;

/** Which of two runs did better: the better outcome, then fewer findings; null when neither. */
export function betterOf(a: ExperimentRun | null, b: ExperimentRun | null): 'a' | 'b' | null {
  if (rank(a) !== rank(b)) return rank(a) > rank(b) ? 'a' : 'b';
  if (!a || !b || a.error || b.error || a.findingsAfter === b.findingsAfter) return null;
  return a.findingsAfter < b.findingsAfter ? 'a' : 'b';
}

/** Two candidates' runs of the same trajectories, row by row, in the order of the first. */
export function sideBySide(runs: readonly ExperimentRun[], a: number, b: number): SideBySideRow[] {
  const order: string[] = [];
  const rows = new Map<string, SideBySideRow>();
  for (const run of runs) {
    if (run.candidate !== a && run.candidate !== b) continue;
    let row = rows.get(run.sourceId);
    if (!row) {
      row = { sourceId: run.sourceId, sourceTitle: run.sourceTitle, a: null, b: null, better: null };
      rows.set(run.sourceId, row);
      order.push(run.sourceId);
    }
    if (run.candidate === a) row.a = run;
    if (run.candidate === b) row.b = run;
  }
  return order.map((id) => {
    const row = rows.get(id)!;
    return { ...row, better: betterOf(row.a, row.b) };
  });
}
