import { hasOwn, isDict, PyFloat, PyOther, pyEquals, pyRepr, PyTuple, pyType, setOwn } from '../../bfcl/values';
import { PyError } from '../api';
import { num } from '../py-num';
import { hashKey, requireHashable } from './operators';
import { codePointLength, noAttribute } from './text';

/**
 * Python's dicts and lists as the BFCL classes use them on whatever a call passed: lookup, `in`,
 * iteration, `copy.deepcopy`, and the two dicts that keep Python's key order where a plain object
 * cannot (`orderedDict` for text keys, `PyDict` for keys of any type).
 */

/** `key in dict` for a dict with text keys (the only dicts a scenario or a call can hold). */
export function dictHas(dict: Record<string, unknown>, key: unknown): boolean {
  requireHashable(key);
  return typeof key === 'string' && hasOwn(dict, key);
}

/** `dict.get(key, fallback)`, with the AttributeError a non-dict gives. */
export function dictGet(dict: unknown, key: unknown, fallback: unknown): unknown {
  if (!isDict(dict)) throw noAttribute(dict, 'get');
  return dictHas(dict, key) ? dict[key as string] : fallback;
}

/** `container[key]` for a dict, list, tuple or text, with Python's KeyError, IndexError and TypeError messages. */
export function getItem(container: unknown, key: unknown): unknown {
  if (isDict(container)) {
    if (dictHas(container, key)) return container[key as string];
    throw new PyError(pyRepr(key), 'KeyError');
  }
  if (typeof container === 'string')
    throw new PyError(`string indices must be integers, not '${pyType(key)}'`, 'TypeError');
  if (Array.isArray(container) || container instanceof PyTuple) {
    const items = Array.isArray(container) ? container : container.items;
    const kind = Array.isArray(container) ? 'list' : 'tuple';
    if (!(typeof key === 'boolean' || (typeof key === 'number' && Number.isInteger(key))))
      throw new PyError(`${kind} indices must be integers or slices, not ${pyType(key)}`, 'TypeError');
    const index = num(key) < 0 ? items.length + num(key) : num(key);
    if (index < 0 || index >= items.length) throw new PyError(`${kind} index out of range`, 'IndexError');
    return items[index];
  }
  throw new PyError(`'${pyType(container)}' object is not subscriptable`, 'TypeError');
}

/** The items `for x in value` visits: a list's or tuple's items, a text's characters, a dict's keys. */
export function iterate(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v instanceof PyTuple) return v.items;
  if (typeof v === 'string') return Array.from(v);
  if (isDict(v)) return Object.keys(v);
  throw new PyError(`'${pyType(v)}' object is not iterable`, 'TypeError');
}

/** Python's `len(value)`. */
export function pyLen(value: unknown): number {
  if (typeof value === 'string') return codePointLength(value);
  if (Array.isArray(value)) return value.length;
  if (value instanceof PyTuple) return value.items.length;
  if (isDict(value)) return Object.keys(value).length;
  throw new PyError(`object of type '${pyType(value)}' has no len()`, 'TypeError');
}

/** Python's `needle in container`: a substring for a text, `==` on each item of a list or tuple, a key of a dict. */
export function contains(container: unknown, needle: unknown): boolean {
  if (typeof container === 'string') {
    if (typeof needle === 'string') return container.includes(needle);
    throw new PyError(`'in <string>' requires string as left operand, not ${pyType(needle)}`, 'TypeError');
  }
  if (Array.isArray(container)) return container.some((item) => pyEquals(item, needle));
  if (container instanceof PyTuple) return container.items.some((item) => pyEquals(item, needle));
  if (isDict(container)) return dictHas(container, needle);
  throw new PyError(`argument of type '${pyType(container)}' is not iterable`, 'TypeError');
}

/** `target.extend(items)`: `target` must be a list. */
export function listExtend(target: unknown, items: unknown) {
  if (!Array.isArray(target)) throw noAttribute(target, 'extend');
  target.push(...iterate(items));
}

/** `list.remove(value)` without its ValueError: drops the first item equal to it, and says whether there was one. */
export function listRemove(list: unknown[], value: unknown): boolean {
  const index = list.findIndex((item) => pyEquals(item, value));
  if (index < 0) return false;
  list.splice(index, 1);
  return true;
}

const orderedDicts = new WeakSet<object>();

/**
 * A dict that keeps Python's insertion order for every key. A plain object puts keys that look
 * like array indices (`"1234567"`, a booking id) before all others, so `json.dumps` of it would
 * list them in the wrong place; this one is still a plain object to `Object.entries`, `isDict`,
 * `pyEquals` and `pyJsonDumps`, only its key order is the one Python keeps.
 */
export function orderedDict<V = unknown>(entries: Iterable<readonly [string, V]> = []): Record<string, V> {
  const order: string[] = [];
  const remember = (target: object, key: string | symbol) => {
    if (typeof key === 'string' && !Object.hasOwn(target, key)) order.push(key);
  };
  const dict = new Proxy({} as Record<string, V>, {
    set(target, key, value) {
      remember(target, key);
      // Defined, not assigned, so a key named `__proto__` is an entry like any other.
      return Reflect.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
    },
    defineProperty(target, key, descriptor) {
      remember(target, key);
      return Reflect.defineProperty(target, key, descriptor);
    },
    deleteProperty(target, key) {
      const at = order.indexOf(key as string);
      if (at >= 0) order.splice(at, 1);
      return Reflect.deleteProperty(target, key);
    },
    ownKeys: () => [...order],
  });
  for (const [key, value] of entries) dict[key] = value;
  orderedDicts.add(dict);
  return dict;
}

/** Whether a dict is a plain one (a scenario's, a call's), not an instance of a class such as `PyDict`. */
function isPlainDict(v: unknown): v is Record<string, unknown> {
  if (!isDict(v)) return false;
  const prototype = Object.getPrototypeOf(v) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * Python's `copy.deepcopy` of dicts, lists and tuples: an ordered dict stays ordered; floats and
 * objects of other classes (`PyDict`, `PyOther`) are kept as they are.
 */
export function pyDeepCopy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(pyDeepCopy) as T;
  if (value instanceof PyTuple) return new PyTuple(value.items.map(pyDeepCopy)) as T;
  if (orderedDicts.has(value as object))
    return orderedDict(Object.entries(value as object).map(([k, v]) => [k, pyDeepCopy(v)] as const)) as T;
  if (isPlainDict(value)) {
    const copy: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) setOwn(copy, k, pyDeepCopy(v));
    return copy as T;
  }
  return value;
}

/** `copy.deepcopy(scenario.get(key, fallback))` as a class's `_load_scenario` reads its scenario. */
export const scenarioValue = (scenario: Record<string, unknown>, key: string, fallback: unknown): unknown =>
  hasOwn(scenario, key) ? pyDeepCopy(scenario[key]) : fallback;

/**
 * A Python dict whose keys need not be strings (tweets by int id, users by any name a call gives),
 * kept apart by Python's hashing: `1`, `1.0` and `True` are one key, `'1'` another, a list none at all.
 */
export class PyDict<V = unknown> {
  private readonly entries = new Map<string, [key: unknown, value: V]>();

  /** A dict of a JSON object's entries (str keys, in order). */
  static fromObject<V>(object: Record<string, V>): PyDict<V> {
    const dict = new PyDict<V>();
    for (const [k, v] of Object.entries(object)) dict.set(k, v);
    return dict;
  }

  get size() {
    return this.entries.size;
  }

  has(key: unknown): boolean {
    return this.entries.has(hashKey(key));
  }

  /** `dict.get(key)`: undefined when absent. */
  get(key: unknown): V | undefined {
    return this.entries.get(hashKey(key))?.[1];
  }

  /** `dict[key] = value`: an existing key keeps its place and its first spelling (`1` stays `1` after `d[1.0]`). */
  set(key: unknown, value: V) {
    const hash = hashKey(key);
    const existing = this.entries.get(hash);
    this.entries.set(hash, [existing ? existing[0] : key, value]);
  }

  keys(): unknown[] {
    return [...this.entries.values()].map(([k]) => k);
  }

  values(): V[] {
    return [...this.entries.values()].map(([, v]) => v);
  }

  items(): [unknown, V][] {
    return [...this.entries.values()];
  }

  /**
   * The dict as a plain object, for state compared with `==`: a key that is not a str is written as its
   * number (`{1: x}` as `{"1": x}`, equal to `{1.0: x}` as in Python), and tagged with its type only where a
   * str key of the same text is there too (`{"1": a, 1: b}` as `{"1": a, "1 (int)": b}`).
   */
  toPlain(mapValue: (v: V) => unknown = (v) => v): Record<string, unknown> {
    const plain: Record<string, unknown> = {};
    const texts = new Set(this.keys().filter((k): k is string => typeof k === 'string'));
    for (const [key, value] of this.items()) {
      let text = typeof key === 'string' ? key : keyText(key);
      if (typeof key !== 'string' && texts.has(text)) text = `${text} (${pyType(key)})`;
      setOwn(plain, text, mapValue(value));
    }
    return plain;
  }
}

const keyText = (key: unknown): string => {
  if (typeof key === 'boolean') return key ? '1' : '0';
  if (key instanceof PyFloat) return String(key.value);
  if (key === null) return 'None';
  if (key instanceof PyTuple) return `(${key.items.map(keyText).join(', ')})`;
  if (key instanceof PyOther) return key.repr;
  return String(key);
};
