import { describe, expect, it } from 'vitest';
import { mathApi } from '../../../../shared/metrics/bfcl-multi-turn/apis/math-api';
import { harnessFile, harnessTitle, replayHarness } from './harness-check';

const harness = harnessFile('MathAPI');

describe.skipIf(!harness)(harnessTitle('MathAPI against the leaderboard', 'MathAPI'), () => {
  it('gives every recorded call the result and every turn the state the leaderboard gave', () => {
    const tally = replayHarness(mathApi, harness!);
    console.log(JSON.stringify({ ...tally, mismatches: tally.mismatches.length }));
    console.log(tally.mismatches.slice(0, 30).join('\n'));
    expect(tally.mismatches.length).toBe(0);
  }, 300_000);
});
