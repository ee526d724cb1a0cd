import { describe, expect, it } from 'vitest';
import { resetBfclProcessState } from '../../../../shared/metrics/bfcl-multi-turn/apis';
import {
  missingApiClasses,
  scoreMultiTurnEntry,
  type MultiTurnEntry,
} from '../../../../shared/metrics/bfcl-multi-turn/checker';
import {
  fixtureAnswers,
  fixtureEntries,
  fixturePerturbation,
  fixtureResults,
  officialVerdict,
} from '../../../helpers/bfcl-multi-turn-fixture';

// The fixture's entries, results and the leaderboard's verdicts on them: see the helper.
// Each mode's file is scored whole and in order from a fresh start, as the leaderboard scored it
// (one process per file, module-level state carried from entry to entry).
const scoreFile = (mode: 'prompt' | 'fc') => {
  resetBfclProcessState();
  return new Map(
    fixtureEntries.map((entry) => {
      const verdict = scoreMultiTurnEntry(
        entry,
        fixtureAnswers.get(entry.id)!,
        fixtureResults[mode].get(entry.id),
        mode,
      );
      return [
        entry.id,
        { valid: verdict.valid, errorType: verdict.errorType ?? null, errorMessage: verdict.errorMessage ?? null },
      ];
    }),
  );
};
const scored = { prompt: scoreFile('prompt'), fc: scoreFile('fc') };
const score = (entry: MultiTurnEntry, mode: 'prompt' | 'fc') => scored[mode].get(entry.id);

const byClasses = new Map<string, MultiTurnEntry[]>();
for (const entry of fixtureEntries) {
  const key = entry.involvedClasses.join(' + ');
  byClasses.set(key, [...(byClasses.get(key) ?? []), entry]);
}

for (const [classes, group] of byClasses) {
  const missing = missingApiClasses(group[0]!.involvedClasses);
  describe.skipIf(missing.length > 0)(
    `BFCL multi-turn verdicts over ${classes}, as the leaderboard gave them${missing.length ? ` (skipped: Trellis has no ${missing.join(', ')} yet)` : ''}`,
    () => {
      for (const entry of group)
        for (const mode of ['prompt', 'fc'] as const) {
          const official = officialVerdict(entry.id, mode);
          it(`${entry.id} ${mode} (${fixturePerturbation(entry.id)}): ${official.errorType ?? 'valid'}`, () => {
            expect(score(entry, mode)).toEqual(official);
          });
        }
    },
  );
}

describe('BFCL multi-turn verdicts that need no API class, as the leaderboard gave them', () => {
  it('a result that is not a list, and a wrong number of turns, whatever the classes', () => {
    let checked = 0;
    for (const entry of fixtureEntries)
      for (const mode of ['prompt', 'fc'] as const) {
        const official = officialVerdict(entry.id, mode);
        if (!['multi_turn:inference_error', 'multi_turn:force_terminated'].includes(official.errorType ?? '')) continue;
        checked++;
        expect(score(entry, mode)).toEqual(official);
      }
    expect(checked).toBe(40);
  });
});
