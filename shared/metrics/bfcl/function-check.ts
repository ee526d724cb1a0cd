import type { BfclCall } from './calls';
import { checkDict, checkList, checkListOfDicts, checkString } from './compare';
import { checkType, pythonType } from './types';
import { getOwn, hasOwn, isDict, pyIn, PyFloat, pyRepr, PyTuple, pyType } from './values';

/** A BFCL function definition (`parameters.type` is `dict`, types are Python-ish names). */
export interface BfclFunction {
  name: string;
  parameters: {
    type?: string;
    properties?: Record<string, { type?: string; items?: { type?: string } }>;
    required?: string[];
  };
}

/** Possible answer for one call: each parameter lists its acceptable values; `""` means it may be omitted. */
export type BfclExpected = Record<string, Record<string, unknown[]>>;

export interface BfclVerdict {
  valid: boolean;
  /** Why the call failed, in Trellis's words. */
  error?: string;
  /** The leaderboard's error type for the same failure (`type_error:simple`, `value_error:string`…). */
  errorType?: string;
}

export interface BfclCheckOptions {
  /** Function-calling mode: expected names have `.` replaced by `_`, as the leaderboard does for FC models. */
  fc?: boolean;
}

const fail = (errorType: string, error: string): BfclVerdict => ({ valid: false, error, errorType });
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : [v]);
/** Python's `"" in options`: membership for a list, a substring test (always true) for a string. */
const omissible = (options: unknown) => typeof options === 'string' || pyIn('', asList(options));

/** The leaderboard's check of one call against its function definition and possible answer. */
export function checkBfclCall(
  call: BfclCall,
  fn: BfclFunction,
  expected: BfclExpected,
  options: BfclCheckOptions = {},
): BfclVerdict {
  const first = Object.values(expected)[0];
  const answer: Record<string, unknown> = isDict(first) ? first : {};
  const name = options.fc ? fn.name.replace(/\./g, '_') : fn.name;
  if (call.name !== name)
    return fail('simple_function_checker:wrong_func_name', `wrong function: ${call.name}, expected ${name}`);
  const parameters = isDict(fn.parameters) ? fn.parameters : {};
  const properties: Record<string, unknown> = isDict(parameters.properties) ? parameters.properties : {};
  const required = Array.isArray(parameters.required) ? parameters.required : [];
  for (const param of required)
    if (!hasOwn(call.args, String(param)))
      return fail('simple_function_checker:missing_required', `missing required parameter "${param}"`);
  for (const [param, given] of Object.entries(call.args)) {
    if (!hasOwn(properties, param))
      return fail('simple_function_checker:unexpected_param', `unexpected parameter "${param}"`);
    if (!hasOwn(answer, param))
      return fail('simple_function_checker:unexpected_param', `parameter "${param}" is not in the possible answer`);
    const verdict = checkParameter(param, given, getOwn(properties, param), asList(answer[param]));
    if (!verdict.valid) return verdict;
  }
  for (const [param, acceptable] of Object.entries(answer))
    if (!hasOwn(call.args, param) && !omissible(acceptable))
      return fail(
        'simple_function_checker:missing_optional',
        `optional parameter "${param}" is missing and has no default in the answer`,
      );
  return { valid: true };
}

function checkParameter(param: string, given: unknown, details: unknown, possible: unknown[]): BfclVerdict {
  const schemaType = isDict(details) && typeof details.type === 'string' ? details.type : undefined;
  const expected = pythonType(schemaType);
  let value = given;
  if (expected !== undefined) {
    const items = isDict(details) && isDict(details.items) ? details.items : undefined;
    const itemType =
      schemaType === 'array' || schemaType === 'tuple'
        ? (pythonType(typeof items?.type === 'string' ? items.type : undefined) ?? null)
        : null;
    // A tuple given for a tuple parameter counts as a list (answers come from JSON); an int for a float is promoted.
    if (schemaType === 'tuple' && value instanceof PyTuple) value = value.items;
    if (schemaType === 'float' && pyType(value) === 'int') value = new PyFloat(value as number);
    const type = checkType(param, value, possible, schemaType!, expected, itemType);
    if (!type.valid) return { valid: false, error: type.error, errorType: type.errorType };
    if (!type.isVariable) {
      if (expected === 'dict') return checkDict(param, value as Record<string, unknown>, possible);
      if (expected === 'list' && itemType === 'dict') return checkListOfDicts(param, value as unknown[], possible);
      if (expected === 'str') return checkString(param, value as string, possible);
      if (expected === 'list') return checkList(param, value as unknown[], possible);
    }
  }
  return pyIn(value, possible)
    ? { valid: true }
    : fail('value_error:others', `parameter "${param}" has value ${pyRepr(value)}, not an acceptable one`);
}
