import { readFileSync } from 'node:fs';
import type { BfclApi, BfclApiClass } from '../../../../shared/metrics/bfcl-multi-turn/api';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { PyFloat, pyEquals, pyRepr, PyTuple, setOwn } from '../../../../shared/metrics/bfcl/values';

/** One turn the leaderboard's class ran: each call with its result text, and the state after. */
interface HarnessTurn {
  kind: 'gt' | 'perturbed';
  calls: { call: string; result: string; mine: boolean }[];
  state: unknown;
}

interface HarnessEntry {
  id: string;
  long_context: boolean;
  initial_config: unknown;
  ground_truth: HarnessTurn[];
  perturbed: HarnessTurn[];
}

export interface HarnessTally {
  groundTruth: { matched: number; total: number };
  perturbed: { matched: number; total: number };
  replayed: { matched: number; total: number };
  states: { matched: number; total: number };
  mismatches: string[];
}

/**
 * Replays the calls a harness recorded from the leaderboard's class (BFCL_HARNESS names its
 * JSON) through Trellis's class, counting results and states that match.
 */
export function replayHarness<T extends BfclApi>(api: BfclApiClass<T>, file: string): HarnessTally {
  const entries = JSON.parse(readFileSync(file, 'utf8')) as HarnessEntry[];
  const tally: HarnessTally = {
    groundTruth: { matched: 0, total: 0 },
    perturbed: { matched: 0, total: 0 },
    replayed: { matched: 0, total: 0 },
    states: { matched: 0, total: 0 },
    mismatches: [],
  };
  for (const entry of entries) {
    for (const pass of ['ground_truth', 'perturbed'] as const) {
      const config = { [api.name]: decodeTagged(entry.initial_config) };
      const world = new BfclWorld([api.name], config, entry.long_context, {
        [api.name]: api as unknown as BfclApiClass,
      });
      const instance = world.instances.get(api.name)!;
      entry[pass].forEach((turn, t) => {
        for (const { call, result, mine } of turn.calls) {
          if (!mine) continue;
          // The perturbed pass replays the ground truth between its own turns; those calls count once, in the first pass.
          const counter =
            turn.kind === 'gt' ? (pass === 'ground_truth' ? tally.groundTruth : tally.replayed) : tally.perturbed;
          counter.total++;
          let actual: string;
          try {
            actual = world.execute([call])[0]!;
          } catch (error) {
            actual = `(threw ${String(error)})`;
          }
          if (actual === result) counter.matched++;
          else
            tally.mismatches.push(
              `${entry.id} ${pass} turn ${t}: ${call}\n  python: ${result.slice(0, 300)}\n  trellis: ${actual.slice(0, 300)}`,
            );
        }
        if (turn.state === null) return;
        tally.states.total++;
        const expected = decodeTagged(turn.state);
        if (pyEquals(instance.publicState(), expected)) tally.states.matched++;
        else
          tally.mismatches.push(
            `${entry.id} ${pass} turn ${t}: state differs\n  python: ${pyRepr(expected).slice(0, 300)}\n  trellis: ${pyRepr(instance.publicState()).slice(0, 300)}`,
          );
      });
    }
  }
  return tally;
}

/** A value the harness wrote as tagged JSON (floats, tuples, dicts in order) back as values.ts's. */
export function decodeTagged(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(decodeTagged);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if ('$float' in o) return new PyFloat(Number((o.$float as string).replace(/^(-?)inf$/, '$1Infinity')));
  if ('$tuple' in o) return new PyTuple((o.$tuple as unknown[]).map(decodeTagged));
  if ('$dict' in o) {
    const dict: Record<string, unknown> = {};
    for (const [k, x] of o.$dict as [unknown, unknown][]) setOwn(dict, String(decodeTagged(k)), decodeTagged(x));
    return dict;
  }
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(o)) setOwn(out, k, decodeTagged(x));
  return out;
}
