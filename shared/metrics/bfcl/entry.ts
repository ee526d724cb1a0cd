import { bfclCategory } from '../../formats/trajectories/bfcl';
import type { BfclCall, DecodedResult } from './calls';
import {
  checkBfclCall,
  type BfclCheckOptions,
  type BfclExpected,
  type BfclFunction,
  type BfclVerdict,
} from './function-check';

export interface BfclEntryOptions extends BfclCheckOptions {
  /**
   * How parallel calls are paired with answers. `official` (default): the leaderboard's greedy pass,
   * each answer taking the first unused call that matches, so a correct set of calls can fail.
   * `backtracking`: Trellis's search for any one-to-one pairing (not the leaderboard's verdict).
   */
  matching?: 'official' | 'backtracking';
}

/** Which of the leaderboard's checkers a category uses (by the same substring tests). */
export function bfclChecker(category: string) {
  if (category.includes('irrelevance')) return 'irrelevance';
  if (category.includes('relevance')) return 'relevance';
  if (category.includes('parallel')) return 'parallel';
  if (category.includes('multiple')) return 'multiple';
  return 'simple';
}

const fail = (errorType: string, error: string): BfclVerdict => ({ valid: false, error, errorType });
const callsWord = (n: number) => (n === 1 ? 'one call' : `${n} calls`);

/**
 * The leaderboard's verdict on one decoded result. Irrelevance categories pass when no call is
 * made (nothing decodes, or the list is empty); relevance ones when one is; the others need a
 * decodable, well-formed result that passes the AST check.
 */
export function judgeBfclResult(
  id: string,
  decoded: DecodedResult,
  functions: BfclFunction[],
  groundTruth: BfclExpected[],
  options: BfclEntryOptions = {},
): BfclVerdict {
  const checker = bfclChecker(bfclCategory(id));
  const madeCall = decoded.ok && decoded.wellFormed && decoded.calls.length > 0;
  if (checker === 'irrelevance')
    return madeCall
      ? fail('irrelevance_error:decoder_success', 'a call was made where none should be')
      : { valid: true };
  if (checker === 'relevance')
    return madeCall ? { valid: true } : fail('relevance_error:decoder_failed', 'no call was made where one should be');
  if (!decoded.ok) return fail('ast_decoder:decoder_failed', `the result could not be decoded: ${decoded.error}`);
  if (!decoded.wellFormed)
    return fail('ast_decoder:decoder_wrong_output_format', 'the result is not a list of {name: {arguments}} calls');
  return checkBfclEntry(id, decoded.calls, functions, groundTruth, options);
}

/**
 * The leaderboard's AST check of one entry's calls. Simple: exactly one call, checked against the
 * entry's first function. Multiple: as many calls as answers, the first checked. Parallel: as many
 * calls as answers, paired greedily in order (or by search under `matching: 'backtracking'`).
 */
export function checkBfclEntry(
  id: string,
  calls: BfclCall[],
  functions: BfclFunction[],
  groundTruth: BfclExpected[],
  options: BfclEntryOptions = {},
): BfclVerdict {
  const describe = (expected: BfclExpected | undefined) => {
    const name = Object.keys(expected ?? {})[0];
    return functions.find((f) => f.name === name);
  };
  const check = (call: BfclCall, expected: BfclExpected | undefined, fn = describe(expected)): BfclVerdict =>
    fn && expected
      ? checkBfclCall(call, fn, expected, options)
      : fail('trellis:unknown_function', 'the possible answer names no function of the entry');
  const checker = bfclChecker(bfclCategory(id));
  if (checker === 'simple' || checker === 'relevance' || checker === 'irrelevance') {
    if (calls.length !== 1)
      return fail('simple_function_checker:wrong_count', `expected one call, got ${calls.length}`);
    return check(calls[0]!, groundTruth[0], functions[0]);
  }
  if (calls.length !== groundTruth.length) {
    const prefix = checker === 'multiple' ? 'multiple_function_checker' : 'parallel_function_checker_no_order';
    return fail(`${prefix}:wrong_count`, `expected ${callsWord(groundTruth.length)}, got ${calls.length}`);
  }
  if (checker === 'multiple') return check(calls[0]!, groundTruth[0]);
  return options.matching === 'backtracking'
    ? pairBySearch(calls, groundTruth, check)
    : pairGreedily(calls, groundTruth, check);
}

type Check = (call: BfclCall, expected: BfclExpected) => BfclVerdict;

/** Each answer in turn takes the first unused call that matches it; no going back. */
function pairGreedily(calls: BfclCall[], groundTruth: BfclExpected[], check: Check): BfclVerdict {
  const used = new Set<number>();
  for (let k = 0; k < groundTruth.length; k++) {
    const index = calls.findIndex((call, c) => !used.has(c) && check(call, groundTruth[k]!).valid);
    if (index < 0)
      return fail(
        'parallel_function_checker_no_order:cannot_find_match',
        `no remaining call matches answer ${k + 1} (calls are paired in order, as the leaderboard does)`,
      );
    used.add(index);
  }
  return { valid: true };
}

/** Any one-to-one pairing of calls and answers (a search; small n). */
function pairBySearch(calls: BfclCall[], groundTruth: BfclExpected[], check: Check): BfclVerdict {
  const used = new Set<number>();
  const assign = (k: number): boolean => {
    if (k === groundTruth.length) return true;
    for (let c = 0; c < calls.length; c++) {
      if (used.has(c) || !check(calls[c]!, groundTruth[k]!).valid) continue;
      used.add(c);
      if (assign(k + 1)) return true;
      used.delete(c);
    }
    return false;
  };
  return assign(0)
    ? { valid: true }
    : fail(
        'parallel_function_checker_no_order:cannot_find_match',
        'no one-to-one match between the calls and the answers',
      );
}
