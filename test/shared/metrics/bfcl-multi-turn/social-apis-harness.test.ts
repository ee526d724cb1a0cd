import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BfclApi } from '../../../../shared/metrics/bfcl-multi-turn/api';
import { PyDict } from '../../../../shared/metrics/bfcl-multi-turn/apis/py-keyed-dict';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { parseExactJson } from '../../../../shared/metrics/bfcl/exact-json';
import { PyFloat, PyOther, PyTuple, floatRepr, pyEquals } from '../../../../shared/metrics/bfcl/values';

/**
 * Replays what the leaderboard's own MessageAPI, TwitterAPI and TicketAPI answered (a Python harness run
 * outside this repository writes expected.json: every ground-truth call of the four multi-turn files, and
 * seeded perturbed calls) and compares every result string and, after every turn, the instance's state.
 * BFCL_HARNESS names one or more expected.json files, comma-separated; without it the check is skipped.
 */
const files = (process.env.BFCL_HARNESS ?? '').split(',').filter(Boolean);

interface HarnessRun {
  id: string;
  kind: 'ground truth' | 'perturbed';
  longContext: boolean;
  config: string;
  turns: { calls: string[]; results: string[]; state: Record<string, unknown> }[];
}

/** A value in the harness's typed JSON: floats, tuples, dicts (with their keys' types) and sets marked. */
function typed(v: unknown): unknown {
  if (v === null || typeof v !== 'object')
    return typeof v === 'number' && !Number.isInteger(v) ? { float: floatRepr(v) } : v;
  if (v instanceof PyFloat) return { float: floatRepr(v.value) };
  if (v instanceof PyTuple) return { tuple: v.items.map(typed) };
  if (Array.isArray(v)) return v.map(typed);
  if (v instanceof PyDict) return { dict: v.items().map(([k, x]) => [typed(k), typed(x)]) };
  if (v instanceof Set)
    return { set: [...v].map(typed).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)) };
  if (v instanceof PyOther) return { repr: v.repr };
  return { dict: Object.entries(v).map(([k, x]) => [k, typed(x)]) };
}

/** The harness's typed JSON back as the plain values `publicState` gives. */
function plain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(plain);
  if (v === null || typeof v !== 'object') return v;
  const o = v as Record<string, unknown>;
  if ('float' in o) return new PyFloat(Number(o.float));
  if ('tuple' in o) return new PyTuple((o.tuple as unknown[]).map(plain));
  if ('set' in o) {
    const items = (o.set as number[]).slice().sort((a, b) => a - b);
    return new PyOther('set', items.length ? `{${items.join(', ')}}` : 'set()');
  }
  const entries = (o.dict as [unknown, unknown][]).map(([k, x]) => [plain(k), plain(x)] as const);
  if (entries.every(([k]) => typeof k === 'string')) return Object.fromEntries(entries);
  const dict = new PyDict();
  for (const [k, x] of entries) dict.set(k, x);
  return dict.toPlain();
}

/** The instance's attributes as Python keeps them (typed keys, sets), for the strict comparison. */
function internalState(api: BfclApi): Record<string, unknown> {
  const fields = Object.entries(api).filter(([k]) => k !== 'random');
  return Object.fromEntries(fields.map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), typed(v)]));
}

/** Python joins the set of unknown fields in hash order, which differs from run to run. */
const sameUpToSetOrder = (a: string, b: string) => {
  const fields = (s: string) => /Invalid fields for update: (.*)"}$/.exec(s)?.[1]?.split(', ').sort().join();
  return fields(a) !== undefined && fields(a) === fields(b);
};

/** Python reports a bad keyword before too many positionals; told apart so a class is not blamed for it. */
const bindingOrder = (want: string, got: string) =>
  want.includes('got an unexpected keyword argument') && got.includes('positional argument');

describe.skipIf(!files.length)(
  'social BFCL classes against the leaderboard (needs BFCL_HARNESS=…/expected.json)',
  () => {
    for (const file of files) {
      it(`answers and keeps state as the leaderboard's class did: ${file}`, () => {
        const { class: className, runs } = JSON.parse(readFileSync(file, 'utf8')) as {
          class: string;
          runs: HarnessRun[];
        };
        const tally = { 'ground truth': { matched: 0, total: 0 }, perturbed: { matched: 0, total: 0 } };
        const mismatches: string[] = [];
        for (const run of runs) {
          // Only this class's calls were kept: the other involved classes are not needed to replay them.
          const world = new BfclWorld([className], { [className]: parseExactJson(run.config) }, run.longContext);
          const api = world.instances.get(className)!;
          run.turns.forEach((turn, t) => {
            world.execute(turn.calls).forEach((got, i) => {
              const call = turn.calls[i]!;
              const want = turn.results[i]!;
              const ok = got === want || sameUpToSetOrder(got, want);
              tally[run.kind].matched += ok ? 1 : 0;
              tally[run.kind].total += 1;
              if (!ok)
                mismatches.push(
                  `${bindingOrder(want, got) ? '[argument binding in execute.ts] ' : ''}${run.id} turn ${t}: ${call}\n  leaderboard: ${want}\n  here:        ${got}`,
                );
            });
            const strict = internalState(api);
            if (
              JSON.stringify(strict) !==
              JSON.stringify(Object.fromEntries(Object.keys(strict).map((k) => [k, turn.state[k]])))
            )
              mismatches.push(
                `${run.id} turn ${t}: state\n  leaderboard: ${JSON.stringify(turn.state)}\n  here:        ${JSON.stringify(strict)}`,
              );
            const expectedPublic = Object.fromEntries(Object.entries(turn.state).map(([k, v]) => [k, plain(v)]));
            if (!pyEquals(api.publicState(), expectedPublic))
              mismatches.push(`${run.id} turn ${t}: publicState differs`);
            expect(Object.keys(strict).sort()).toEqual(Object.keys(turn.state).sort());
          });
        }
        console.log(
          className,
          'calls matched (matched/total):',
          JSON.stringify(tally),
          '\n' + mismatches.slice(0, 50).join('\n'),
        );
        expect(mismatches).toEqual([]);
      });
    }
  },
);
