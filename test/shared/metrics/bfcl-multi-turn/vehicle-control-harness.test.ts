import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { pyJsonDumps } from '../../../../shared/metrics/bfcl-multi-turn/py-num';
import { parseExactJson } from '../../../../shared/metrics/bfcl/exact-json';
import { isDict, PyTuple, setOwn } from '../../../../shared/metrics/bfcl/values';

/**
 * Compares the class with the leaderboard's own, call by call, on what a Python harness recorded
 * by running the official VehicleControlAPI through the official executor, each call run here through
 * Trellis's executor on the same instance as the calls before it: every ground-truth
 * call of the four multi-turn files, and seeded perturbed calls. The recording is not part of the
 * project; point BFCL_HARNESS at it (/work/bfcl-official/harness/vehicle/expected.json) to run this.
 */

interface Recorded {
  call: string;
  result: string;
  state: string;
}
interface Sequence {
  id: string;
  config: Record<string, unknown>;
  longContext: boolean;
  turns: Recorded[][];
}

const harnessFile = process.env['BFCL_HARNESS'];

/** A state as canonical text: keys sorted, ints and floats kept apart, as json.dumps writes them. */
function canonical(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sorted);
    if (v instanceof PyTuple) return v.items.map(sorted);
    if (isDict(v)) {
      const out: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) setOwn(out, k, sorted(v[k]));
      return out;
    }
    return v;
  };
  return pyJsonDumps(sorted(value));
}

describe.skipIf(!harnessFile)('VehicleControlAPI against the leaderboard’s class (needs BFCL_HARNESS)', () => {
  const recording = harnessFile
    ? (parseExactJson(fs.readFileSync(harnessFile, 'utf8')) as Record<'groundTruth' | 'perturbed', Sequence[]>)
    : { groundTruth: [], perturbed: [] };

  for (const part of ['groundTruth', 'perturbed'] as const) {
    it(`gives the leaderboard's result and state for every ${part} call`, () => {
      const mismatches: string[] = [];
      let calls = 0;
      for (const sequence of recording[part]) {
        const world = new BfclWorld(
          ['VehicleControlAPI'],
          { VehicleControlAPI: sequence.config },
          sequence.longContext,
        );
        const car = world.instances.get('VehicleControlAPI')!;
        for (const [turn, recorded] of sequence.turns.entries())
          for (const { call, result, state } of recorded) {
            calls++;
            const [got] = world.execute([call]);
            const gotState = canonical(car.publicState());
            const wantState = canonical(parseExactJson(state));
            if (got !== result) mismatches.push(`${sequence.id} turn ${turn} ${call}\n  want ${result}\n  got  ${got}`);
            else if (gotState !== wantState)
              mismatches.push(`${sequence.id} turn ${turn} ${call} state\n  want ${wantState}\n  got  ${gotState}`);
          }
      }
      console.log(`${part}: ${calls - mismatches.length} of ${calls} calls matched`);
      if (process.env['BFCL_HARNESS_SHOW']) console.log(mismatches.map((m) => m.split('\n')[0]).join('\n'));
      expect(mismatches.slice(0, 20)).toEqual([]);
    });
  }
});
