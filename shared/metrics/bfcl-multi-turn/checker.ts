/**
 * The leaderboard's verdict on one multi-turn entry (eval_runner.py `_evaluate_single_multi_turn_entry`
 * and multi_turn_checker.py): the result's shape, each step decoded (failed or empty steps skipped),
 * then turn by turn the model's calls and the ground truth's run in their own instances, and
 * compared: an empty model turn, the instances' public state, the ground truth's responses among
 * the model's of all turns so far.
 */
import type { BfclResultMode } from '../bfcl/calls';
import { isDict, pyEquals, pyRepr } from '../bfcl/values';
import type { BfclApiClass } from './api';
import { BFCL_API_CLASSES } from './apis';
import { decodeExecuteStep, StepNotDecoded } from './decode';
import { BfclWorld } from './execute';

/** What the checker reads from a test entry (`initial_config`, `involved_classes`). */
export interface MultiTurnEntry {
  id: string;
  involvedClasses: string[];
  initialConfig: Record<string, unknown>;
}

/** One turn as it was run: each decoded step's calls and results, the steps skipped, the ground truth. */
export interface MultiTurnTurnRecord {
  steps: { calls: string[]; results: string[] }[];
  /** Steps that gave no calls (the leaderboard skips them): their position in the turn and why. */
  skipped: { step: number; reason: string }[];
  groundTruth: string[];
  groundTruthResults: string[];
}

/** An attribute of an instance whose value differs from the ground truth's (values as Python's repr). */
export interface StateDifference {
  attribute: string;
  model: string;
  groundTruth: string;
  /** Inside a nested value, where it first differs (`root['contents']['temp']`) and the two values there. */
  at?: { path: string; model: string; groundTruth: string };
}

export interface MultiTurnDetails {
  /** The turns run, up to the one the verdict is about. */
  turns: MultiTurnTurnRecord[];
  /** The turn that failed, counted from 0 as the leaderboard's messages count. */
  turn?: number;
  /** `instance_state_mismatch`: the class whose state differs, and how. */
  state?: { className: string; differences: StateDifference[] };
  /** `execution_response_mismatch`: the ground truth's results the model's do not contain. */
  missing?: string[];
}

export interface MultiTurnVerdict {
  valid: boolean;
  /** The leaderboard's error type: `multi_turn:instance_state_mismatch`, … */
  errorType?: string;
  /** The leaderboard's error message, word for word. */
  errorMessage?: string;
  details: MultiTurnDetails;
}

export interface MultiTurnOptions {
  /** The API classes by name (the eight of the leaderboard unless a test gives its own). */
  classes?: Readonly<Record<string, BfclApiClass>>;
}

/** The API classes an entry needs that Trellis does not have. */
export function missingApiClasses(involvedClasses: readonly string[], classes = BFCL_API_CLASSES): string[] {
  return involvedClasses.filter((name) => !Object.hasOwn(classes, name));
}

const failed = (errorType: string, errorMessage: string, details: MultiTurnDetails): MultiTurnVerdict => ({
  valid: false,
  errorType,
  errorMessage,
  details,
});

/** The leaderboard's verdict on one entry's `result` against its `ground_truth` (a list of call strings per turn). */
export function scoreMultiTurnEntry(
  entry: MultiTurnEntry,
  groundTruth: string[][],
  modelResult: unknown,
  mode: BfclResultMode,
  options: MultiTurnOptions = {},
): MultiTurnVerdict {
  if (!Array.isArray(modelResult))
    return failed(
      'multi_turn:inference_error',
      'Error during inference phase. Model did not output a list of model responses.',
      { turns: [] },
    );
  // Fewer or more turns than asked: the model was stopped (or ran on) during inference.
  if (modelResult.length !== groundTruth.length)
    return failed(
      'multi_turn:force_terminated',
      `Model was force-terminated during inference phase. The length of the model result turns (${modelResult.length}) does not match the length of the ground truth turns (${groundTruth.length}).`,
      { turns: [] },
    );
  const classes = options.classes ?? BFCL_API_CLASSES;
  const missing = missingApiClasses(entry.involvedClasses, classes);
  if (missing.length)
    return failed('trellis:unknown_api_class', `Trellis has no API class named ${missing.join(', ')}.`, {
      turns: [],
    });
  const decoded = modelResult.map((turn) => decodeTurn(turn, mode));
  return checkTurns(entry, decoded, groundTruth, classes);
}

/**
 * `multi_turn_checker` alone: the model's call strings already decoded (per turn, per step),
 * against the ground truth's.
 */
export function checkMultiTurnCalls(
  entry: MultiTurnEntry,
  modelCalls: string[][][],
  groundTruth: string[][],
  options: MultiTurnOptions = {},
): MultiTurnVerdict {
  const turns = modelCalls.map((steps) => ({ steps: steps.filter((calls) => calls.length), skipped: [] }));
  return checkTurns(entry, turns, groundTruth, options.classes ?? BFCL_API_CLASSES);
}

interface DecodedTurn {
  steps: string[][];
  skipped: { step: number; reason: string }[];
}

/** A turn's steps as Python iterates them (a list; text by character, a dict by key), each decoded. */
function decodeTurn(turn: unknown, mode: BfclResultMode): DecodedTurn {
  // Anything else stops the leaderboard with a TypeError; here it is a turn without steps.
  const items =
    typeof turn === 'string'
      ? [...turn]
      : Array.isArray(turn)
        ? turn
        : turn && typeof turn === 'object'
          ? Object.keys(turn)
          : [];
  const decoded: DecodedTurn = { steps: [], skipped: [] };
  items.forEach((item, step) => {
    try {
      const calls = decodeExecuteStep(item, mode);
      if (calls.length) decoded.steps.push(calls);
      else decoded.skipped.push({ step, reason: 'no calls' });
    } catch (error) {
      if (!(error instanceof StepNotDecoded)) throw error;
      decoded.skipped.push({ step, reason: `not decoded: ${error.message}` });
    }
  });
  return decoded;
}

/** `multi_turn_checker`: run both sides turn by turn, stop at the first turn that fails. */
function checkTurns(
  entry: MultiTurnEntry,
  decoded: DecodedTurn[],
  groundTruth: string[][],
  classes: Readonly<Record<string, BfclApiClass>>,
): MultiTurnVerdict {
  const category = entry.id.replace(/_[^_]*$/, '');
  const longContext = category.includes('long_context') || category.includes('composite');
  const model = new BfclWorld(entry.involvedClasses, entry.initialConfig, longContext, classes);
  const truth = new BfclWorld(entry.involvedClasses, entry.initialConfig, longContext, classes);
  const details: MultiTurnDetails = { turns: [] };
  const modelResultsSoFar: string[] = [];
  for (const [turn, expected] of groundTruth.entries()) {
    const { steps, skipped } = decoded[turn]!;
    const record: MultiTurnTurnRecord = {
      steps: steps.map((calls) => ({ calls, results: model.execute(calls) })),
      skipped,
      groundTruth: expected,
      groundTruthResults: truth.execute(expected),
    };
    details.turns.push(record);
    modelResultsSoFar.push(...record.steps.flatMap((s) => s.results));
    // A turn whose ground truth is empty is where the model should decline: its calls still ran
    // (so later states compare fairly), but nothing is checked here.
    if (!expected.length) continue;
    details.turn = turn;
    if (!steps.length)
      return failed('multi_turn:empty_turn_model_response', `Model response list is empty for turn ${turn}`, details);
    const state = compareStates(model, truth);
    if (state) {
      details.state = state;
      return failed(
        'multi_turn:instance_state_mismatch',
        `Model instance for ${state.className} does not match the state with ground truth instance.`,
        details,
      );
    }
    const absent = missingResponses(record.groundTruthResults, modelResultsSoFar);
    if (absent.length) {
      details.missing = absent;
      return failed(
        'multi_turn:execution_response_mismatch',
        `Model response execution results so far does not contain all the ground truth response execution results for turn ${turn}.`,
        details,
      );
    }
  }
  delete details.turn;
  return { valid: true, details };
}

/** `state_checker`: the first class whose public attributes differ from the ground truth's (Python's `!=`). */
function compareStates(model: BfclWorld, truth: BfclWorld): MultiTurnDetails['state'] | undefined {
  for (const [className, expected] of truth.instances) {
    const expectedState = expected.publicState();
    const modelState = model.instances.get(className)!.publicState();
    const differences = Object.keys(expectedState)
      .filter((attribute) => !pyEquals(modelState[attribute], expectedState[attribute]))
      .map((attribute): StateDifference => {
        const at = firstDifference(modelState[attribute], expectedState[attribute], attribute);
        return {
          attribute,
          model: pyRepr(modelState[attribute]),
          groundTruth: pyRepr(expectedState[attribute]),
          ...(at.path !== attribute ? { at } : {}),
        };
      });
    if (differences.length) return { className, differences };
  }
  return undefined;
}

const ABSENT = '(absent)';

/**
 * Where two unequal values first differ: into dicts key by key (the ground truth's keys first) and
 * into lists of the same length item by item; a key only one side has is the difference itself.
 */
export function firstDifference(model: unknown, truth: unknown, path: string): NonNullable<StateDifference['at']> {
  const here = { path, model: pyRepr(model), groundTruth: pyRepr(truth) };
  if (isDict(model) && isDict(truth)) {
    for (const key of new Set([...Object.keys(truth), ...Object.keys(model)])) {
      const inModel = Object.hasOwn(model, key);
      const inTruth = Object.hasOwn(truth, key);
      const keyPath = `${path}[${pyRepr(key)}]`;
      if (!inModel || !inTruth)
        return {
          path: keyPath,
          model: inModel ? pyRepr(model[key]) : ABSENT,
          groundTruth: inTruth ? pyRepr(truth[key]) : ABSENT,
        };
      if (!pyEquals(model[key], truth[key])) return firstDifference(model[key], truth[key], keyPath);
    }
  }
  if (Array.isArray(model) && Array.isArray(truth) && model.length === truth.length) {
    const index = model.findIndex((item, i) => !pyEquals(item, truth[i]));
    if (index >= 0) return firstDifference(model[index], truth[index], `${path}[${index}]`);
  }
  return here;
}

/** `_is_subsequence_unordered`: each expected result takes one equal result of the model's, in any order. */
export function missingResponses(expected: readonly string[], actual: readonly string[]): string[] {
  const left = [...actual];
  return expected.filter((result) => {
    const at = left.indexOf(result);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}
