import { PyFloat, PyOther, PyTuple, isDict, pyType, setOwn } from '../../bfcl/values';
import { PyError } from '../api';

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

/** The identity Python's hash and `==` give a key; throws Python's TypeError for an unhashable one. */
function hashKey(key: unknown): string {
  if (typeof key === 'string') return `s${key}`;
  if (typeof key === 'number') return `n${key}`;
  if (typeof key === 'boolean') return `n${key ? 1 : 0}`;
  if (key instanceof PyFloat) return `n${key.value}`;
  if (key === null || key === undefined) return 'None';
  if (key instanceof PyTuple) return `t${JSON.stringify(key.items.map(hashKey))}`;
  if (key instanceof PyOther && key.typeName !== 'set') return `o${key.typeName}${key.repr}`;
  const type = key instanceof PyOther ? key.typeName : Array.isArray(key) ? 'list' : isDict(key) ? 'dict' : pyType(key);
  throw new PyError(`unhashable type: '${type}'`, 'TypeError');
}
