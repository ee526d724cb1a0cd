import { isObject } from '../json';

/** One difference between two states of an environment, at a path into them (`cart[0].qty`). */
export type StateChange =
  | { path: string; kind: 'added'; after: unknown }
  | { path: string; kind: 'removed'; before: unknown }
  | { path: string; kind: 'changed'; before: unknown; after: unknown };

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `cart` + `items` → `cart.items`; a key that is not a plain name is quoted: `cart["two words"]`. */
function keyPath(parent: string, key: string): string {
  if (!IDENTIFIER.test(key)) return `${parent}[${JSON.stringify(key)}]`;
  return parent ? `${parent}.${key}` : key;
}

/**
 * What changed from `before` to `after`, down to the leaves: a key or an element one side lacks
 * is added or removed as a whole, a value of another type or another scalar is changed. Lists are
 * compared element by element (an element put in front shows as every later one changed, which is
 * what happened to their indexes). The whole state replaced by a scalar is one change at path ''.
 * Paths come in the order of `before`'s keys, then the keys `after` added.
 */
export function diffStates(before: unknown, after: unknown): StateChange[] {
  const changes: StateChange[] = [];
  const walk = (path: string, a: unknown, b: unknown) => {
    if (Array.isArray(a) && Array.isArray(b)) {
      const shared = Math.min(a.length, b.length);
      for (let i = 0; i < shared; i++) walk(`${path}[${i}]`, a[i], b[i]);
      for (let i = shared; i < a.length; i++) changes.push({ path: `${path}[${i}]`, kind: 'removed', before: a[i] });
      for (let i = shared; i < b.length; i++) changes.push({ path: `${path}[${i}]`, kind: 'added', after: b[i] });
      return;
    }
    if (isObject(a) && isObject(b)) {
      for (const key of Object.keys(a)) {
        if (!Object.hasOwn(b, key)) changes.push({ path: keyPath(path, key), kind: 'removed', before: a[key] });
        else walk(keyPath(path, key), a[key], b[key]);
      }
      for (const key of Object.keys(b))
        if (!Object.hasOwn(a, key)) changes.push({ path: keyPath(path, key), kind: 'added', after: b[key] });
      return;
    }
    if (!Object.is(a, b)) changes.push({ path, kind: 'changed', before: a, after: b });
  };
  walk('', before, after);
  return changes;
}

/** "2 changed, 1 added, 1 removed"; "no change" when the states are the same. */
export function describeStateChanges(changes: readonly StateChange[]): string {
  const count = (kind: StateChange['kind']) => changes.filter((c) => c.kind === kind).length;
  const parts = [
    [count('changed'), 'changed'],
    [count('added'), 'added'],
    [count('removed'), 'removed'],
  ] as const;
  const said = parts.filter(([n]) => n > 0).map(([n, what]) => `${n} ${what}`);
  return said.length ? said.join(', ') : 'no change';
}
