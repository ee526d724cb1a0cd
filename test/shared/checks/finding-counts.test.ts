import { describe, expect, it } from 'vitest';
import { checkSummaryText, findingKinds } from '../../../shared/checks/finding-counts';

const counts = {
  checked: 8,
  withFindings: 5,
  findingCount: 12,
  byKind: { 'repeated-call': 3, 'tool-error': 8, 'no-final-answer': 1 },
  trajectoriesByKind: { 'repeated-call': 1, 'tool-error': 4, 'no-final-answer': 1 },
};

describe('check summaries', () => {
  it('label every number with its unit: findings counted one by one, trajectories once each', () => {
    expect(checkSummaryText(counts)).toBe(
      'Checked 8 trajectories; 12 findings in 5 trajectories (tool-error: 8 findings in 4 trajectories, ' +
        'repeated-call: 3 findings in 1 trajectory, no-final-answer: 1 finding in 1 trajectory).',
    );
    expect(checkSummaryText(counts, { byKind: false })).toBe('Checked 8 trajectories; 12 findings in 5 trajectories.');
  });

  it('say when the checks were cancelled, and read right with nothing found', () => {
    const none = { checked: 1, withFindings: 0, findingCount: 0, byKind: {}, trajectoriesByKind: {} };
    expect(checkSummaryText(none)).toBe('Checked 1 trajectory; no findings.');
    expect(checkSummaryText({ ...none, cancelled: true })).toBe(
      'Checked 1 trajectory (cancelled: the rest keep their findings); no findings.',
    );
    expect(findingKinds(none)).toEqual([]);
  });
});
