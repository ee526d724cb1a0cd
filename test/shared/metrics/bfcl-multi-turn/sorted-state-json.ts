import { pyJsonDumps } from '../../../../shared/metrics/bfcl-multi-turn/py-num';
import { isDict, PyOther, PyTuple } from '../../../../shared/metrics/bfcl/values';

/**
 * A class's state written as the harness writes the leaderboard's `vars(instance)`:
 * `json.dumps(…, sort_keys=True)`, with objects JSON can't hold (Ellipsis) as `{"$repr": …}`.
 */
export function sortedStateJson(value: unknown): string {
  if (value instanceof PyOther) return sortedStateJson({ $repr: value.repr });
  if (value instanceof PyTuple) return sortedStateJson(value.items);
  if (Array.isArray(value)) return `[${value.map(sortedStateJson).join(', ')}]`;
  if (isDict(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${pyJsonDumps(k)}: ${sortedStateJson(value[k])}`).join(', ')}}`;
  }
  return pyJsonDumps(value);
}
