import { describe, expect, it } from 'vitest';
import { mathApi } from '../../../../shared/metrics/bfcl-multi-turn/apis/math-api';
import { replayHarness } from './harness-check';

const harness = process.env.BFCL_HARNESS_MATH;

describe.skipIf(!harness)('MathAPI against the leaderboard (needs BFCL_HARNESS_MATH, skipped without it)', () => {
  it('gives every recorded call the result and every turn the state the leaderboard gave', () => {
    const tally = replayHarness(mathApi, harness!);
    console.log(JSON.stringify({ ...tally, mismatches: tally.mismatches.length }));
    console.log(tally.mismatches.slice(0, 30).join('\n'));
    expect(tally.mismatches.length).toBe(0);
  }, 300_000);
});
