import fs from 'node:fs';
import path from 'node:path';
import { parseExactJson } from '../../shared/metrics/bfcl/exact-json';
import { missingApiClasses, type MultiTurnEntry } from '../../shared/metrics/bfcl-multi-turn/checker';

/**
 * test/fixtures/eval/bfcl-multi-turn-*.jsonl: entries written for Trellis in BFCL's shape (our own
 * starting states and ground truths over the eight API classes), model results for each (the
 * ground truth, and seeded perturbations: a changed argument, a dropped, extra or duplicated call,
 * swapped calls, an empty turn, a turn too many or too few, an undecodable step, a misnamed
 * argument, calls split over steps or moved a turn early, a result that is not a list), in prompt
 * mode (`pred`) and FC mode (`pred-fc`). The verdicts (`verdicts`) were given by the leaderboard's
 * own eval_runner.py `_evaluate_single_multi_turn_entry` and multi_turn_checker.py on those files.
 */
export const MULTI_TURN_FIXTURES = path.join(__dirname, '..', 'fixtures', 'eval');
export const multiTurnFixture = (name: 'entries' | 'answers' | 'pred' | 'pred-fc' | 'verdicts') =>
  path.join(MULTI_TURN_FIXTURES, `bfcl-multi-turn-${name}.jsonl`);

const read = (name: Parameters<typeof multiTurnFixture>[0]) =>
  fs
    .readFileSync(multiTurnFixture(name), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => parseExactJson(line) as Record<string, unknown>);

export type FixtureMode = 'prompt' | 'fc';

export interface OfficialVerdict {
  valid: boolean;
  errorType: string | null;
  errorMessage: string | null;
}

export const fixtureEntries: MultiTurnEntry[] = read('entries').map((e) => ({
  id: e.id as string,
  involvedClasses: e.involved_classes as string[],
  initialConfig: e.initial_config as Record<string, unknown>,
}));
export const fixtureAnswers = new Map(read('answers').map((a) => [a.id as string, a.ground_truth as string[][]]));
export const fixtureResults: Record<FixtureMode, Map<unknown, unknown>> = {
  prompt: new Map(read('pred').map((r) => [r.id, r.result])),
  fc: new Map(read('pred-fc').map((r) => [r.id, r.result])),
};
const verdicts = new Map(read('verdicts').map((v) => [v.id as string, v]));

/** What perturbation an entry's results carry (`ground_truth` for none). */
export const fixturePerturbation = (id: string) => verdicts.get(id)!.perturbation as string;

/** The leaderboard's verdict on an entry's result in one mode. */
export function officialVerdict(id: string, mode: FixtureMode): OfficialVerdict {
  const v = verdicts.get(id)![mode] as { valid: boolean; error_type: string | null; error_message: string | null };
  return { valid: v.valid, errorType: v.error_type, errorMessage: v.error_message };
}

const NEEDS_NO_CLASS = ['multi_turn:inference_error', 'multi_turn:force_terminated'];

/**
 * The verdict Trellis must give: the leaderboard's, except for an entry whose API classes Trellis
 * does not have yet, which only a result the leaderboard refuses before running anything gets.
 */
export function expectedVerdict(entry: MultiTurnEntry, mode: FixtureMode): OfficialVerdict {
  const official = officialVerdict(entry.id, mode);
  const missing = missingApiClasses(entry.involvedClasses);
  if (!missing.length || NEEDS_NO_CLASS.includes(official.errorType ?? '')) return official;
  return {
    valid: false,
    errorType: 'trellis:unknown_api_class',
    errorMessage: `Trellis has no API class named ${missing.join(', ')}.`,
  };
}
