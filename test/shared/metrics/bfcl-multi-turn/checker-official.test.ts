import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseExactJson } from '../../../../shared/metrics/bfcl/exact-json';
import { BFCL_API_CLASSES, resetBfclProcessState } from '../../../../shared/metrics/bfcl-multi-turn/apis';
import {
  checkMultiTurnCalls,
  missingApiClasses,
  scoreMultiTurnEntry,
  type MultiTurnEntry,
} from '../../../../shared/metrics/bfcl-multi-turn/checker';
import { decodeExecuteStep } from '../../../../shared/metrics/bfcl-multi-turn/decode';

/**
 * Checks against the leaderboard's own data, run by hand where it is:
 * - BFCL_DATA: gorilla's bfcl_eval/data (question files and possible_answer/);
 * - BFCL_MT_VERDICTS: a folder of `<category>.<variant>.result.json` model results with the
 *   leaderboard's verdicts on them (`.verdicts.json`, from eval_runner.py's
 *   `_evaluate_single_multi_turn_entry` and multi_turn_checker.py) and its handlers' decoding of each
 *   step (`.decoded.json`), written by a harness kept outside the project.
 * Entries whose API classes Trellis does not have yet are counted and left out.
 */
const DATA = process.env.BFCL_DATA;
const VERDICTS = process.env.BFCL_MT_VERDICTS;
const CATEGORIES = ['multi_turn_base', 'multi_turn_miss_func', 'multi_turn_miss_param', 'multi_turn_long_context'];

const readLines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => parseExactJson(line) as Record<string, unknown>);

function readCategory(category: string) {
  const entries = readLines(path.join(DATA!, `BFCL_v4_${category}.json`));
  const answers = readLines(path.join(DATA!, 'possible_answer', `BFCL_v4_${category}.json`));
  return entries.map((record, i) => ({
    entry: {
      id: record.id as string,
      involvedClasses: record.involved_classes as string[],
      initialConfig: record.initial_config as Record<string, unknown>,
    } satisfies MultiTurnEntry,
    groundTruth: answers[i]!.ground_truth as string[][],
  }));
}

const harnessFiles = (suffix: string) => (VERDICTS ? fs.readdirSync(VERDICTS).filter((f) => f.endsWith(suffix)) : []);

describe.skipIf(!VERDICTS)(
  'BFCL multi-turn decoding against the handlers’ decode_execute (BFCL_MT_VERDICTS; skipped without it)',
  () => {
    it('gives the same call strings for every step, and fails where the handler raises', () => {
      const mismatches: string[] = [];
      let steps = 0;
      for (const file of harnessFiles('.decoded.json')) {
        const mode = file.includes('-fc.') ? 'fc' : 'prompt';
        const results = new Map(
          readLines(path.join(VERDICTS!, file.replace('.decoded.', '.result.'))).map((r) => [r.id, r.result]),
        );
        for (const { id, turns } of readLines(path.join(VERDICTS!, file)) as {
          id: string;
          turns: (string[] | null)[][] | null;
        }[]) {
          if (!turns) continue;
          const result = results.get(id) as unknown[][];
          turns.forEach((official, t) =>
            official.forEach((expected, s) => {
              steps++;
              let actual: string[] | null;
              try {
                actual = decodeExecuteStep(result[t]![s], mode);
              } catch {
                actual = null;
              }
              if (JSON.stringify(actual) !== JSON.stringify(expected))
                mismatches.push(
                  `${file} ${id} turn ${t} step ${s}: ${JSON.stringify(actual)} ≠ ${JSON.stringify(expected)}`,
                );
            }),
          );
        }
      }
      console.log(`decoded ${steps} steps, ${mismatches.length} differ`);
      expect(mismatches.slice(0, 20)).toEqual([]);
    });
  },
);

describe.skipIf(!DATA || !VERDICTS)(
  'BFCL multi-turn verdicts against the leaderboard’s (BFCL_DATA and BFCL_MT_VERDICTS; skipped without them)',
  () => {
    it('gives the same verdict, error type and message for every entry whose classes Trellis has', () => {
      const mismatches: string[] = [];
      const counts: Record<string, { same: number; total: number; skipped: number }> = {};
      const byClass: Record<string, { same: number; total: number }> = {};
      for (const category of CATEGORIES) {
        const data = new Map(readCategory(category).map((d) => [d.entry.id, d]));
        for (const file of harnessFiles('.verdicts.json').filter((f) => f.startsWith(`${category}.`))) {
          const mode = file.includes('-fc.') ? 'fc' : 'prompt';
          const results = new Map(
            readLines(path.join(VERDICTS!, file.replace('.verdicts.', '.result.'))).map((r) => [r.id, r.result]),
          );
          const bucket = (counts[file.replace('.verdicts.json', '')] ??= { same: 0, total: 0, skipped: 0 });
          resetBfclProcessState(); // one results file per fresh process, as the harness ran the leaderboard
          for (const official of readLines(path.join(VERDICTS!, file))) {
            const { entry, groundTruth } = data.get(official.id as string)!;
            if (missingApiClasses(entry.involvedClasses).length) {
              bucket.skipped++;
              continue;
            }
            bucket.total++;
            const verdict = scoreMultiTurnEntry(entry, groundTruth, results.get(entry.id), mode);
            const same =
              verdict.valid === official.valid &&
              (verdict.errorType ?? null) === official.error_type &&
              (verdict.errorMessage ?? null) === official.error_message;
            for (const name of entry.involvedClasses) {
              const perClass = (byClass[name] ??= { same: 0, total: 0 });
              perClass.total++;
              if (same) perClass.same++;
            }
            if (same) bucket.same++;
            else
              mismatches.push(
                `${file} ${entry.id} (${String(official.perturbation)}): ${verdict.errorType ?? 'valid'} "${verdict.errorMessage ?? ''}" ≠ ${String(official.error_type ?? 'valid')} "${String(official.error_message ?? '')}"`,
              );
          }
        }
      }
      console.log(JSON.stringify({ byFile: counts, byClass }));
      expect(mismatches.slice(0, 20)).toEqual([]);
    }, 600_000);
  },
);

describe.skipIf(!DATA)('BFCL multi-turn ground truth against itself (BFCL_DATA; skipped without it)', () => {
  it('the ground truth run as the model’s calls is valid for every entry whose classes Trellis has', () => {
    const failures: string[] = [];
    let scored = 0;
    for (const category of CATEGORIES)
      for (const { entry, groundTruth } of readCategory(category)) {
        if (missingApiClasses(entry.involvedClasses, BFCL_API_CLASSES).length) continue;
        scored++;
        const verdict = checkMultiTurnCalls(
          entry,
          groundTruth.map((calls) => [calls]),
          groundTruth,
        );
        if (!verdict.valid) failures.push(`${entry.id}: ${verdict.errorType} ${verdict.errorMessage}`);
      }
    console.log(`ground truth scored on ${scored} entries`);
    expect(failures).toEqual([]);
  }, 600_000);
});
