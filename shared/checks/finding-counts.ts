import { findingsIn, trajectoriesCount } from '../text';

/** What a run of the checks counted: findings one by one, and the trajectories they are in once each. */
export interface FindingCounts {
  checked: number;
  withFindings: number;
  findingCount: number;
  byKind: Record<string, number>;
  trajectoriesByKind: Record<string, number>;
  /** Stopped part-way: the trajectories not reached keep the findings they had. */
  cancelled?: boolean;
}

/** `repeated-call: 3 findings in 1 trajectory`, one entry per kind, the most findings first. */
export function findingKinds(counts: Pick<FindingCounts, 'byKind' | 'trajectoriesByKind'>): string[] {
  return Object.entries(counts.byKind)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([kind, n]) => `${kind}: ${findingsIn(n, counts.trajectoriesByKind[kind] ?? 0)}`);
}

/**
 * `Checked 4 trajectories; 12 findings in 3 trajectories (repeated-call: 3 findings in 1
 * trajectory, …).` Units on every number: a finding count and a trajectory count (what the
 * Finding filter counts) are never side by side unlabelled. `byKind: false` leaves the kinds out.
 */
export function checkSummaryText(counts: FindingCounts, options: { byKind?: boolean } = {}): string {
  const kinds = options.byKind === false ? [] : findingKinds(counts);
  return (
    `Checked ${trajectoriesCount(counts.checked)}${counts.cancelled ? ' (cancelled: the rest keep their findings)' : ''}; ` +
    findingsIn(counts.findingCount, counts.withFindings) +
    `${kinds.length ? ` (${kinds.join(', ')})` : ''}.`
  );
}
