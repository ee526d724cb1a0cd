/**
 * A model's step of a multi-turn result turned into the call strings the executor runs, as the
 * leaderboard's handlers do it (`decode_execute`): prompt-mode text through the same decoder as the
 * AST check, then written back as `name(k=v, …)`; a function-calling model's `[{name: arguments}]`
 * written as `name(k=repr(v),…)`. Either throws where the handler's decoding raises.
 */
import type { BfclResultMode } from '../bfcl/calls';
import { parseExactJson } from '../bfcl/exact-json';
import { decodePythonCalls } from '../bfcl/python-decode';
import { UnicodeNamesNotLoaded } from '../bfcl/unicode-names';
import { isDict, pyRepr } from '../bfcl/values';

/** Why a step gives no calls to run: the leaderboard skips such a step without a word. */
export class StepNotDecoded extends Error {}

/** The call strings of one step (`decode_execute`), or `StepNotDecoded` where the handler raises. */
export function decodeExecuteStep(step: unknown, mode: BfclResultMode): string[] {
  return mode === 'fc' ? functionCallStrings(step) : promptCallStrings(step);
}

/** `default_decode_execute_prompting`: decode as the AST check does, then write each call back. */
function promptCallStrings(step: unknown): string[] {
  if (typeof step !== 'string') throw new StepNotDecoded('a prompt-mode step is text, not ' + typeName(step));
  let calls;
  try {
    calls = decodePythonCalls(step);
  } catch (error) {
    if (error instanceof UnicodeNamesNotLoaded) throw error;
    throw new StepNotDecoded((error as Error).message);
  }
  return calls.map(({ name, args }) => `${name}(${keywordText(args, nestedValueText)})`);
}

const keywordText = (args: Record<string, unknown>, write: (v: unknown) => string, separator = ', ') =>
  Object.entries(args)
    .map(([k, v]) => `${k}=${write(v)}`)
    .join(separator);

/**
 * `parse_nested_value`: a dict whose values are all dicts is written as a call (a decoded nested
 * call is `{name: {args}}`, but so is any such dict, and an empty one raises); another dict with its
 * keys quoted as they are; anything else as `repr`.
 */
function nestedValueText(value: unknown): string {
  if (!isDict(value)) return pyRepr(value);
  const entries = Object.entries(value);
  if (entries.every(([, v]) => isDict(v))) {
    if (!entries.length) throw new StepNotDecoded('list index out of range (an empty dict argument)');
    const [name, args] = entries[0]!;
    return `${name}(${keywordText(args as Record<string, unknown>, nestedValueText)})`;
  }
  return `{${entries.map(([k, v]) => `'${k}': ${nestedValueText(v)}`).join(', ')}}`;
}

/** `convert_to_function_call`: every key of every item is a call, its arguments JSON text or a dict. */
function functionCallStrings(step: unknown): string[] {
  // Python iterates whatever it is given: a dict is wrapped in a list, text yields its characters
  // (none of which has `.items()`), so only "" gets through, as no calls.
  const items = isDict(step) ? [step] : step === '' ? [] : step;
  if (!Array.isArray(items))
    throw new StepNotDecoded(`a function-calling step is a list of calls, not ${typeName(step)}`);
  return items.flatMap((item) => {
    if (!isDict(item)) throw new StepNotDecoded(`a call is {name: arguments}, not ${typeName(item)}`);
    return Object.entries(item).map(([name, raw]) => {
      let args: unknown = raw;
      if (typeof raw === 'string') {
        try {
          args = parseExactJson(raw);
        } catch (error) {
          throw new StepNotDecoded(`the arguments of ${name} are not JSON: ${(error as Error).message}`);
        }
      }
      if (!isDict(args)) throw new StepNotDecoded(`the arguments of ${name} are not an object`);
      return `${name}(${keywordText(args, pyRepr, ',')})`;
    });
  });
}

const typeName = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'a list' : isDict(value) ? 'an object' : typeof value;
