import { isObject, sameJsonValue } from '../../../shared/json';
import type { RuntimeCall } from './types';

/** The first response whose pattern the arguments match, else the default, else an error. */
export const fixedCall: RuntimeCall<'fixed'> = {
  call: (tool, runtime, args) => {
    const hit = runtime.responses.find(
      (r) => isObject(args) && Object.entries(r.match).every(([k, v]) => sameJsonValue(args[k], v)),
    );
    if (hit) return { ok: true, result: hit.result };
    if (runtime.default !== undefined) return { ok: true, result: runtime.default, note: 'fixed: default response' };
    return { ok: false, error: `no fixed response of ${tool.name} matches ${JSON.stringify(args)}` };
  },
  result: { what: 'its fixed response', fix: 'Edit the response in the tool inspector.' },
};
