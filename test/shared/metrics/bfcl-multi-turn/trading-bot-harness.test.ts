import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { parseExactJson } from '../../../../shared/metrics/bfcl/exact-json';
import { sortedStateJson } from './sorted-state-json';

/**
 * Compares Trellis's TradingBot with the leaderboard's, call for call, on what a harness recorded by
 * running the leaderboard's class: every BFCL multi-turn entry's ground truth, and seeded wrong
 * calls. The recording stays outside the project; point BFCL_HARNESS at its expected.json.
 */

interface RecordedTurn {
  calls: string[];
  results: string[];
  state: string;
}
interface RecordedRun {
  id: string;
  kind: string;
  initial_config: Record<string, unknown>;
  long_context: boolean;
  turns: RecordedTurn[];
}

const harness = process.env.BFCL_HARNESS;

describe.skipIf(!harness)(
  'TradingBot against the leaderboard (runs only with BFCL_HARNESS=…/TradingBot/expected.json)',
  () => {
    it('answers every recorded call and ends every turn in the state the leaderboard did', () => {
      const { runs } = parseExactJson(readFileSync(harness!, 'utf8')) as { runs: RecordedRun[] };
      const counts: Record<string, { calls: number; matched: number; states: number; statesMatched: number }> = {};
      const mismatches: string[] = [];
      for (const run of runs) {
        const count = (counts[run.kind] ??= { calls: 0, matched: 0, states: 0, statesMatched: 0 });
        const world = new BfclWorld(['TradingBot'], run.initial_config, run.long_context);
        run.turns.forEach((turn, t) => {
          const results = world.execute(turn.calls);
          turn.calls.forEach((call, i) => {
            count.calls++;
            if (results[i] === turn.results[i]) count.matched++;
            else
              mismatches.push(
                `${run.id} turn ${t}: ${call}\n  leaderboard: ${turn.results[i]!.slice(0, 300)}\n  trellis:     ${results[i]!.slice(0, 300)}`,
              );
          });
          count.states++;
          const state = sortedStateJson(world.instances.get('TradingBot')!.publicState());
          if (state === turn.state) count.statesMatched++;
          else
            mismatches.push(
              `${run.id} turn ${t}: state\n  leaderboard: ${turn.state.slice(0, 600)}\n  trellis:     ${state.slice(0, 600)}`,
            );
        });
      }
      console.log(JSON.stringify(counts));
      expect(mismatches.slice(0, 12)).toEqual([]);
    });
  },
);
