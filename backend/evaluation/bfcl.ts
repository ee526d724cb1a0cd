import type { BfclItemScore } from '../../shared/contract/evaluation';
import {
  bfclCategory,
  bfclChecker,
  decodeBfclResult,
  judgeBfclResult,
  prepareBfclDecoding,
  type BfclEntryOptions,
  type BfclExpected,
} from '../../shared/metrics/bfcl-ast';
import { resetBfclProcessState } from '../../shared/metrics/bfcl-multi-turn/apis';
import { scoreMultiTurnEntry } from '../../shared/metrics/bfcl-multi-turn/checker';
import type { Job } from '../jobs/job';
import { readBfclAnswers, readBfclEntries, readBfclResults, type BfclEntry } from './files';

export interface BfclFiles {
  pred: string;
  answers: string;
  entries: string;
  fc: boolean;
  matching: BfclEntryOptions['matching'];
}

/**
 * The leaderboard's verdict on every entry of a result file: the AST check for single-turn
 * categories; for multi-turn ones the calls run in the entry's API classes and the state and
 * responses compared. Every test entry is an item (irrelevance ones have no possible answer), then
 * stray answers; cancelled, the items scored so far.
 */
export async function scoreBfclFiles(files: BfclFiles, job: Job) {
  const results = readBfclResults(files.pred);
  await prepareBfclDecoding(textsOf(results.values()));
  const tests = readBfclEntries(files.entries);
  const possible = readBfclAnswers(files.answers);
  const byCategory: Record<string, { total: number; valid: number }> = {};
  const ids = [...new Set([...tests.keys(), ...possible.keys()])];
  const items: BfclItemScore[] = [];
  // The leaderboard scores a file in one fresh process, its classes' module-level state carried from entry to entry.
  resetBfclProcessState();
  for (const id of ids) {
    if (job.signal.aborted) break;
    const category = bfclCategory(id);
    const verdict = judgeEntry(id, tests.get(id), results, possible.get(id), files);
    const bucket = (byCategory[category] ??= { total: 0, valid: 0 });
    bucket.total++;
    if (verdict.valid) bucket.valid++;
    items.push({ id, category, ...verdict });
    if (await job.yield()) job.progress(items.length, ids.length);
  }
  job.progress(items.length, ids.length);
  return { items, byCategory, cancelled: job.signal.aborted };
}

type Verdict = Omit<BfclItemScore, 'id' | 'category'>;

function judgeEntry(
  id: string,
  entry: BfclEntry | undefined,
  results: Map<string, unknown>,
  groundTruth: unknown[] | undefined,
  { fc, matching }: BfclFiles,
): Verdict {
  const needsAnswer = !['irrelevance', 'relevance'].includes(bfclChecker(bfclCategory(id)));
  if (!entry) return { valid: false, error: 'no test entry with this id' };
  if (!results.has(id)) return { valid: false, error: 'no prediction' };
  if (needsAnswer && !groundTruth) return { valid: false, error: 'no possible answer with this id' };
  const result = results.get(id);
  if (entry.multiTurn) {
    const verdict = scoreMultiTurnEntry(entry.multiTurn, groundTruth as string[][], result, fc ? 'fc' : 'prompt');
    // What ran and what differed is kept for a failure, where someone will want to read it.
    return verdict.valid
      ? { valid: true }
      : { valid: false, error: verdict.errorMessage, errorType: verdict.errorType, details: verdict.details };
  }
  return judgeBfclResult(
    id,
    decodeBfclResult(result, fc ? 'fc' : 'prompt'),
    entry.functions,
    (groundTruth ?? []) as BfclExpected[],
    { fc, matching },
  );
}

/** Every text a result holds, to the depth of a multi-turn result's steps (where `\N{…}` may hide). */
function* textsOf(results: Iterable<unknown>): Generator<string> {
  for (const result of results) {
    if (typeof result === 'string') yield result;
    else if (Array.isArray(result)) yield* textsOf(result);
  }
}
