import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { BfclApi, BfclApiClass } from '../../../../shared/metrics/bfcl-multi-turn/api';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { PyFloat, pyEquals, pyRepr, PyTuple, setOwn } from '../../../../shared/metrics/bfcl/values';

/**
 * Where the recording of the leaderboard's own class lies: BFCL_HARNESS_DIR names the folder a
 * Python harness outside the project wrote (`/work/bfcl-official/harness`), one `<folder>/expected.json`
 * per class. Undefined without it, and the test that needs it is skipped.
 */
export function harnessFile(folder: string): string | undefined {
  const dir = process.env.BFCL_HARNESS_DIR;
  return dir ? path.join(dir, folder, 'expected.json') : undefined;
}

/** The title of a harness test: what it checks, and what it needs to run. */
export const harnessTitle = (what: string, ...folders: string[]) =>
  `${what} (needs BFCL_HARNESS_DIR with ${folders.map((f) => `${f}/expected.json`).join(', ')}; skipped without it)`;

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
 * Replays the calls a harness recorded from the leaderboard's class (the `file` that `harnessFile`
 * gives) through Trellis's class, counting results and states that match.
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

/** The test that replays a class's recording (in tagged JSON, `$float` `$tuple` `$dict`) and expects no mismatch. */
export function describeReplay<T extends BfclApi>(api: BfclApiClass<T>, folder: string) {
  const harness = harnessFile(folder);
  describe.skipIf(!harness)(harnessTitle(`${api.name} against the leaderboard`, folder), () => {
    it('gives every recorded call the result and every turn the state the leaderboard gave', () => {
      const tally = replayHarness(api, harness!);
      console.log(JSON.stringify({ ...tally, mismatches: tally.mismatches.length }));
      console.log(tally.mismatches.slice(0, 30).join('\n'));
      expect(tally.mismatches.length).toBe(0);
    }, 300_000);
  });
}
