import { sameJsonValue } from '../json';
import type { ToolCall, Turn } from '../domain';
import { pairCalls } from '../compare/parallel-calls';
import { alignTurns, type AlignedPair } from '../compare/turn-alignment';

/** One call of the prediction set against the gold call it stands beside (null: none there). */
export interface AccuracyStep {
  gold: ToolCall | null;
  pred: ToolCall | null;
  name: boolean;
  args: boolean;
}

export interface StepAccuracy {
  steps: AccuracyStep[];
  /** Steps with the gold tool's name, over all steps, so extra and missing calls count against. */
  toolNameAccuracy: number;
  /** Steps with the right tool and the same arguments (the same JSON value), over the same count. */
  argumentAccuracy: number;
}

/**
 * Tool-name and argument accuracy of a predicted trajectory against a gold one, step by step
 * along the content alignment the diff shows (`alignTurns`): the calls of two turns in one row
 * are steps beside each other (paired by id, then tool and arguments: `pairCalls`), the calls of a turn beside a gap are
 * steps the other side lacks. So a call the prediction added before the rest costs one step, not
 * every later one, and the numbers say what the rows show.
 */
export function stepAccuracy(
  pred: readonly Turn[],
  gold: readonly Turn[],
  rows: readonly AlignedPair[] = alignTurns(pred, gold),
): StepAccuracy {
  const steps: AccuracyStep[] = [];
  for (const row of rows) {
    const p = row.a === null ? [] : (pred[row.a]!.toolCalls ?? []);
    const g = row.b === null ? [] : (gold[row.b]!.toolCalls ?? []);
    for (const pair of pairCalls(p, g)) {
      const pred = pair.a === null ? null : p[pair.a]!;
      const gold = pair.b === null ? null : g[pair.b]!;
      const name = Boolean(pred && gold && pred.name === gold.name);
      steps.push({ gold, pred, name, args: name && sameJsonValue(pred!.args, gold!.args) });
    }
  }
  const share = (n: number) => (steps.length ? n / steps.length : 1);
  return {
    steps,
    toolNameAccuracy: share(steps.filter((s) => s.name).length),
    argumentAccuracy: share(steps.filter((s) => s.args).length),
  };
}
