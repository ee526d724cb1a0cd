import { pyRepr, pyType, type PyTypeName } from './values';

/** Schema type → the Python type the leaderboard expects (`any` is checked as a string). */
const PYTHON_TYPES: Record<string, PyTypeName> = {
  string: 'str',
  integer: 'int',
  float: 'float',
  boolean: 'bool',
  array: 'list',
  tuple: 'list',
  dict: 'dict',
  any: 'str',
  // Not in BFCL's mapping (the leaderboard stops with an error on them); JSON Schema's names.
  number: 'float',
  object: 'dict',
};

/** The Python type for a schema type name, or undefined when the type is unknown (not checked). */
export const pythonType = (schemaType: string | undefined): PyTypeName | undefined =>
  schemaType !== undefined && Object.hasOwn(PYTHON_TYPES, schemaType) ? PYTHON_TYPES[schemaType] : undefined;

export interface TypeVerdict {
  valid: boolean;
  /** The answer's type differs from the schema's: the value is compared as the answer's type. */
  isVariable: boolean;
  error?: string;
  errorType?: string;
}

/** The type of the first acceptable value that is not `""` (the "may be omitted" mark). */
function answerType(possible: readonly unknown[]): PyTypeName | null {
  for (const answer of possible) if (answer !== '') return pyType(answer);
  return null;
}

/**
 * The leaderboard's type check of one value. Where the possible answer's type differs from the
 * schema's (a "variable", e.g. `"data['sales']"` for an array), a value of the answer's type passes.
 * Items of arrays are checked one level deep against each acceptable list; an acceptable value that
 * is not a list (such as `""`) lets any items pass, as in the reference.
 */
export function checkType(
  param: string,
  value: unknown,
  possible: readonly unknown[],
  schemaType: string,
  expected: PyTypeName,
  itemType: PyTypeName | null,
): TypeVerdict {
  const fromAnswer = answerType(possible);
  const isVariable = fromAnswer !== null && fromAnswer !== expected;
  const actual = pyType(value);
  let nestedFailed = false;
  if (actual === expected) {
    if (itemType === null) return { valid: true, isVariable };
    const items = value as unknown[];
    for (const acceptable of possible) {
      const itemsPass =
        !Array.isArray(acceptable) ||
        items.every((item) => checkType(param, item, acceptable, itemType, itemType, null).valid);
      if (itemsPass) return { valid: true, isVariable };
    }
    nestedFailed = true;
  }
  if (fromAnswer !== null && actual === fromAnswer) {
    // The reference returns here with its nested failure, if any, still recorded.
    return nestedFailed
      ? {
          valid: false,
          isVariable: true,
          errorType: 'type_error:nested',
          error: nestedMessage(param, schemaType, itemType, value),
        }
      : { valid: true, isVariable: true };
  }
  return {
    valid: false,
    isVariable,
    errorType: 'type_error:simple',
    error: `parameter "${param}" should be ${schemaType}, got ${actual} ${pyRepr(value)}`,
  };
}

const nestedMessage = (param: string, schemaType: string, itemType: PyTypeName | null, value: unknown) =>
  `parameter "${param}" should be ${schemaType} of ${itemType}, got ${pyRepr(value)}`;
