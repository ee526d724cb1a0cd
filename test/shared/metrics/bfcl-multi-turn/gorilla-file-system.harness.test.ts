import { describe, expect, it } from 'vitest';
import { gorillaFileSystemApi } from '../../../../shared/metrics/bfcl-multi-turn/apis/gorilla-file-system';
import { harnessFile, harnessTitle, replayHarness } from './harness-check';

const harness = harnessFile('GorillaFileSystem');

describe.skipIf(!harness)(harnessTitle('GorillaFileSystem against the leaderboard', 'GorillaFileSystem'), () => {
  it('gives every recorded call the result and every turn the state the leaderboard gave', () => {
    const tally = replayHarness(gorillaFileSystemApi, harness!);
    console.log(JSON.stringify({ ...tally, mismatches: tally.mismatches.length }));
    console.log(tally.mismatches.slice(0, 30).join('\n'));
    expect(tally.mismatches.length).toBe(0);
  }, 300_000);
});
