import { describe, expect, it } from 'vitest';
import { gorillaFileSystemApi } from '../../../../shared/metrics/bfcl-multi-turn/apis/gorilla-file-system';
import { replayHarness } from './harness-check';

const harness = process.env.BFCL_HARNESS_FS;

describe.skipIf(!harness)(
  'GorillaFileSystem against the leaderboard (needs BFCL_HARNESS_FS, skipped without it)',
  () => {
    it('gives every recorded call the result and every turn the state the leaderboard gave', () => {
      const tally = replayHarness(gorillaFileSystemApi, harness!);
      console.log(JSON.stringify({ ...tally, mismatches: tally.mismatches.length }));
      console.log(tally.mismatches.slice(0, 30).join('\n'));
      expect(tally.mismatches.length).toBe(0);
    }, 300_000);
  },
);
