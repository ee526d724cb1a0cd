import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { PyFloat, pyEquals, pyRepr, PyTuple, setOwn } from '../../../../shared/metrics/bfcl/values';

/**
 * Compares TravelAPI with the leaderboard's class call by call: the file that BFCL_HARNESS names
 * holds, for every multi-turn entry that involves TravelAPI, the ground-truth calls and seeded
 * perturbed calls, each with the result string and the instance's public state the leaderboard's
 * own executor gave (tagged JSON: `$float`, `$tuple`, `$dict` keep Python's types and order).
 */
const HARNESS = process.env.BFCL_HARNESS;

interface Turn {
  calls: string[];
  results: string[];
  state: unknown;
}
interface Entry {
  id: string;
  long_context: boolean;
  config: unknown;
  runs: { kind: string; turns: Turn[] }[];
}

const FLOATS: Record<string, number> = { inf: Infinity, '-inf': -Infinity, nan: NaN };

/** A tagged value back into Python's values; dicts also report their key order. */
function decode(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(decode);
  if (v === null || typeof v !== 'object') return v;
  const tagged = v as Record<string, unknown>;
  if ('$float' in tagged) {
    const text = tagged.$float as string;
    return new PyFloat(text in FLOATS ? FLOATS[text]! : Number(text));
  }
  if ('$tuple' in tagged) return new PyTuple((tagged.$tuple as unknown[]).map(decode));
  if ('$dict' in tagged) {
    const dict: Record<string, unknown> = {};
    for (const [k, x] of tagged.$dict as [unknown, unknown][]) setOwn(dict, String(k), decode(x));
    return dict;
  }
  throw new Error(`unknown tag in ${JSON.stringify(v)}`);
}

/** The key order of the state's two collections, as Python held them. */
function collectionOrder(v: unknown): string[][] {
  const pairs = (v as { $dict: [string, unknown][] }).$dict;
  return ['credit_card_list', 'booking_record'].map((name) =>
    ((pairs.find(([k]) => k === name)?.[1] as { $dict: [string][] } | undefined)?.$dict ?? []).map(([k]) => k),
  );
}

describe.skipIf(!HARNESS)(
  'TravelAPI against the leaderboard (needs BFCL_HARNESS=<expected.json>; skipped without)',
  () => {
    it('gives every call the leaderboard result and leaves every state as the leaderboard leaves it', () => {
      const entries = JSON.parse(readFileSync(HARNESS!, 'utf8')) as Entry[];
      const tally: Record<'ground_truth' | 'perturbed' | 'states', [number, number]> = {
        ground_truth: [0, 0],
        perturbed: [0, 0],
        states: [0, 0],
      };
      const mismatches: string[] = [];
      for (const entry of entries) {
        const config = decode(entry.config) as Record<string, unknown>;
        for (const run of entry.runs) {
          const world = new BfclWorld(['TravelAPI'], { TravelAPI: config }, entry.long_context);
          const count = tally[run.kind as 'ground_truth' | 'perturbed'];
          run.turns.forEach((turn, t) => {
            const results = world.execute(turn.calls);
            turn.calls.forEach((call, i) => {
              count[1]++;
              if (results[i] === turn.results[i]) count[0]++;
              else
                mismatches.push(
                  `${entry.id} ${run.kind} turn ${t}: ${call}\n  python: ${turn.results[i]}\n  trellis: ${results[i]}`,
                );
            });
            const state = world.instances.get('TravelAPI')!.publicState();
            const expected = decode(turn.state) as Record<string, unknown>;
            const order = [Object.keys(state.credit_card_list as object), Object.keys(state.booking_record as object)];
            tally.states[1]++;
            if (pyEquals(state, expected) && JSON.stringify(order) === JSON.stringify(collectionOrder(turn.state)))
              tally.states[0]++;
            else
              mismatches.push(
                `${entry.id} ${run.kind} turn ${t} state\n  python: ${pyRepr(expected)}\n  trellis: ${pyRepr(state)}`,
              );
          });
        }
      }
      console.log(
        `TravelAPI harness: ground-truth calls ${tally.ground_truth.join('/')}, perturbed calls ${tally.perturbed.join('/')}, states ${tally.states.join('/')}`,
      );
      expect(mismatches.slice(0, 20)).toEqual([]);
    });
  },
);
