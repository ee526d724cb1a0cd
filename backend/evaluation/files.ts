import { parseExactJson, type BfclExpected, type BfclFunction } from '../../shared/metrics/bfcl-ast';
import type { MultiTurnEntry } from '../../shared/metrics/bfcl-multi-turn/checker';
import { TrellisError } from '../../shared/errors';
import { isObject } from '../../shared/json';
import { readInputText } from '../files/input-file';

/** The largest predictions or gold file read: each is parsed whole. */
export const MAX_EVALUATION_FILE_BYTES = 256 * 2 ** 20;

/**
 * Records of a JSON array file or a JSON Lines file (gzip-compressed or not), with where each came
 * from for errors.
 * `parse` may keep more than `JSON.parse` does (BFCL files: `10.0` stays a float).
 */
export function readRecords(
  file: string,
  parse: (text: string) => unknown = JSON.parse,
): { record: unknown; where: string }[] {
  const text = readInputText(file, {
    what: 'predictions or gold file',
    maxBytes: MAX_EVALUATION_FILE_BYTES,
    gzip: true,
  }).replace(/^\uFEFF/, '');
  if (text.trimStart().startsWith('[')) {
    try {
      return (parse(text) as unknown[]).map((record, i) => ({ record, where: `${file} item ${i + 1}` }));
    } catch (error) {
      throw new TrellisError('E4004', `${file} is not valid JSON: ${(error as Error).message}`);
    }
  }
  return text.split(/\r?\n/).flatMap((line, i) => {
    if (!line.trim()) return [];
    try {
      return [{ record: parse(line), where: `${file}:${i + 1}` }];
    } catch (error) {
      throw new TrellisError('E4004', `${file}:${i + 1} is not valid JSON: ${(error as Error).message}`);
    }
  });
}

export interface BfclEntry {
  id: string;
  functions: BfclFunction[];
  /** A multi-turn entry's API classes and their starting state (it has no function list). */
  multiTurn?: MultiTurnEntry;
}

/**
 * BFCL test entries: `{id, question, function: [...]}`, or multi-turn ones with `involved_classes`
 * and `initial_config` (read with numbers as written: a `10.0` in a starting state stays a float).
 */
export function readBfclEntries(file: string): Map<string, BfclEntry> {
  return new Map(
    readRecords(file, parseExactJson).map(({ record, where }) => {
      if (isObject(record) && typeof record.id === 'string' && Array.isArray(record.involved_classes))
        return [record.id, { id: record.id, functions: [], multiTurn: multiTurnEntry(record.id, record, where) }];
      if (!isObject(record) || typeof record.id !== 'string' || !Array.isArray(record.function))
        throw new TrellisError(
          'E4004',
          `${where}: a BFCL entry needs "id" and a "function" list (or "involved_classes" for a multi-turn one).`,
        );
      return [record.id, { id: record.id, functions: record.function as BfclFunction[] }];
    }),
  );
}

function multiTurnEntry(id: string, record: Record<string, unknown>, where: string): MultiTurnEntry {
  const classes = record.involved_classes as unknown[];
  const config = record.initial_config ?? {};
  if (!classes.every((c) => typeof c === 'string') || !isObject(config))
    throw new TrellisError(
      'E4004',
      `${where}: a multi-turn entry's "involved_classes" is a list of class names and its "initial_config" an object.`,
    );
  return { id, involvedClasses: classes as string[], initialConfig: config };
}

/** BFCL possible answers: `{id, ground_truth: [{name: {param: [acceptable…]}}]}`, numbers as written. */
export function readBfclAnswers(file: string): Map<string, BfclExpected[]> {
  return new Map(
    readRecords(file, parseExactJson).map(({ record, where }) => {
      if (!isObject(record) || typeof record.id !== 'string' || !Array.isArray(record.ground_truth))
        throw new TrellisError('E4004', `${where}: a possible answer needs "id" and a "ground_truth" list.`);
      return [record.id, record.ground_truth as BfclExpected[]];
    }),
  );
}

/**
 * Model results as the leaderboard writes them, `{id, result, …}` per line, by id; numbers keep
 * their written form. Decoding (prompt text or function-calling list) is the checker's.
 */
export function readBfclResults(file: string): Map<string, unknown> {
  return new Map(
    readRecords(file, parseExactJson).map(({ record, where }) => {
      if (!isObject(record) || typeof record.id !== 'string' || !('result' in record))
        throw new TrellisError('E4004', `${where}: a prediction needs "id" and "result".`);
      return [record.id, record.result];
    }),
  );
}
