import { hasOwn, isDict, pyIn, pyRepr, PyTuple } from './values';

export interface ValueVerdict {
  valid: boolean;
  error?: string;
  errorType?: string;
}

const OK: ValueVerdict = { valid: true };

/**
 * BFCL's string standardisation: drop spaces and `,./-_*^`, lower-case, `'` → `"`. Tabs,
 * newlines and other whitespace stay (so `"units\t"` is not `"units"`).
 */
export const standardizeString = (s: string) =>
  s
    .replace(/[ ,./\-_*^]/g, '')
    .toLowerCase()
    .replace(/'/g, '"');

const standardized = (v: unknown) => (typeof v === 'string' ? standardizeString(v) : v);

/** Python's `list(x)` over an acceptable value: a string gives its characters, anything else nothing. */
const asSequence = (v: unknown): unknown[] =>
  Array.isArray(v) ? v : v instanceof PyTuple ? v.items : typeof v === 'string' ? [...v] : [];

const rejected = (param: string, value: unknown, errorType: string): ValueVerdict => ({
  valid: false,
  errorType,
  error: `parameter "${param}" has value ${pyRepr(value)}, not an acceptable one`,
});

/** A string matches when its standardised form equals one standardised acceptable string. */
export function checkString(param: string, value: string, possible: readonly unknown[]): ValueVerdict {
  const accepted = possible.filter((p): p is string => typeof p === 'string').map(standardizeString);
  return accepted.includes(standardizeString(value)) ? OK : rejected(param, value, 'value_error:string');
}

/**
 * A list matches one acceptable list in order; its top-level strings are standardised, nested
 * ones are not. An acceptable `""` counts as the empty list.
 */
export function checkList(param: string, value: unknown[], possible: readonly unknown[]): ValueVerdict {
  const mine = value.map(standardized);
  const accepted = possible.map((p) => asSequence(p).map(standardized));
  return pyIn(mine, accepted) ? OK : rejected(param, value, 'value_error:list/tuple');
}

/**
 * A dict matches one acceptable dict key by key: every key it has must be in the answer with an
 * acceptable value (strings standardised at this level only), and every answer key it lacks must
 * accept `""`. Like the reference, the last failure found is the one reported.
 */
export function checkDict(param: string, value: Record<string, unknown>, possible: readonly unknown[]): ValueVerdict {
  let result: ValueVerdict = {
    valid: false,
    errorType: 'dict_checker:unclear',
    error: `parameter "${param}": no acceptable dict`,
  };
  for (const acceptable of possible) {
    if (acceptable === '') continue;
    result = { valid: false, errorType: 'dict_checker:unclear', error: `parameter "${param}": no acceptable dict` };
    let ok = true;
    const answer = isDict(acceptable) ? acceptable : {};
    for (const [key, v] of Object.entries(value)) {
      if (!hasOwn(answer, key)) {
        result = {
          valid: false,
          errorType: 'value_error:dict_key',
          error: `parameter "${param}" has an unexpected key "${key}"`,
        };
        ok = false;
        break;
      }
      if (!pyIn(standardized(v), asSequence(answer[key]).map(standardized))) {
        result = {
          valid: false,
          errorType: 'value_error:dict_value',
          error: `parameter "${param}" has ${pyRepr(v)} for key "${key}", not an acceptable one`,
        };
        ok = false;
        break;
      }
    }
    for (const [key, options] of Object.entries(answer)) {
      // `"" in options`: for a string answer that is a substring test, always true.
      const omissible = typeof options === 'string' || pyIn('', asSequence(options));
      if (!hasOwn(value, key) && !omissible) {
        result = {
          valid: false,
          errorType: 'value_error:dict_key',
          error: `parameter "${param}" lacks the key "${key}"`,
        };
        ok = false;
        break;
      }
    }
    if (ok) return OK;
  }
  return result;
}

/** A list of dicts matches an acceptable list of the same length, dict by dict in order. */
export function checkListOfDicts(param: string, value: unknown[], possible: readonly unknown[]): ValueVerdict {
  let result: ValueVerdict = {
    valid: false,
    errorType: 'list_dict_checker:unclear',
    error: `parameter "${param}": no acceptable list`,
  };
  for (const acceptable of possible) {
    const dicts = acceptable === '' ? [] : Array.isArray(acceptable) ? acceptable : undefined;
    if (!dicts || dicts.length !== value.length) {
      result = {
        valid: false,
        errorType: 'value_error:list_dict_count',
        error: `parameter "${param}" has ${value.length} dicts, the answer ${dicts?.length ?? 'none'}`,
      };
      continue;
    }
    let ok = true;
    for (let i = 0; i < value.length && ok; i++) {
      const item = value[i];
      result = isDict(item)
        ? checkDict(param, item, [dicts[i]])
        : {
            valid: false,
            errorType: 'dict_checker:unclear',
            error: `parameter "${param}" item ${i + 1} is not a dict`,
          };
      ok = result.valid;
    }
    if (ok) return OK;
  }
  return result;
}
