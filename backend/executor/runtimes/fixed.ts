import { isObject } from '../../../shared/json';
import type { RuntimeCall } from './types';

/** Deep equality of JSON values, for fixed-response matching. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => sameJson(a[k], b[k]));
  }
  return a === b;
}

/** The first response whose pattern the arguments match, else the default, else an error. */
export const fixedCall: RuntimeCall<'fixed'> = {
  call: (tool, runtime, args) => {
    const hit = runtime.responses.find(
      (r) => isObject(args) && Object.entries(r.match).every(([k, v]) => sameJson(args[k], v)),
    );
    if (hit) return { ok: true, result: hit.result };
    if (runtime.default !== undefined) return { ok: true, result: runtime.default, note: 'fixed: default response' };
    return { ok: false, error: `no fixed response of ${tool.name} matches ${JSON.stringify(args)}` };
  },
  result: { what: 'its fixed response', fix: 'Edit the response in the tool inspector.' },
};
