import { isDict, PyTuple } from '../../bfcl/values';

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
  return dict;
}

/** Python's `copy.deepcopy` of dicts, lists and tuples, with every dict's key order kept. */
export function deepCopyOrdered<T>(value: T): T {
  if (Array.isArray(value)) return value.map(deepCopyOrdered) as T;
  if (value instanceof PyTuple) return new PyTuple(value.items.map(deepCopyOrdered)) as T;
  if (isDict(value)) return orderedDict(Object.entries(value).map(([k, v]) => [k, deepCopyOrdered(v)] as const)) as T;
  return value;
}
