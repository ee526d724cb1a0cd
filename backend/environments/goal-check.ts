import type { Environment, Outcome, Turn } from '../../shared/domain';
import { environmentCalls, goalOutcome, worldState } from '../../shared/runs';
import type { MockRunner } from '../executor/runtimes/mock-runner';
import { checkGoal } from './world';

/**
 * A run's goal check: the environment's goal on the state the turns left and their calls, run
 * once for the same turns (judged again when they change, by an edit or a turn added). A goal
 * that throws gives an unknown outcome saying why; no goal, no outcome.
 */
export class RunGoalCheck {
  private judged: { turns: string; outcome: Outcome | null } | null = null;

  constructor(
    private readonly environment: Pick<Environment, 'code' | 'initialState'>,
    private readonly mocks: MockRunner,
  ) {}

  async judge(turns: readonly Turn[]): Promise<void> {
    const key = JSON.stringify(turns);
    if (this.judged?.turns === key) return;
    let outcome: Outcome | null;
    try {
      const verdict = await checkGoal(this.mocks, this.environment.code, {
        state: worldState(turns, this.environment.initialState),
        calls: environmentCalls(turns),
      });
      outcome = verdict && goalOutcome(verdict);
    } catch (error) {
      outcome = goalOutcome({ error: (error as Error).message });
    }
    this.judged = { turns: key, outcome };
  }

  /** The outcome of these turns when they are the ones judged; null otherwise. */
  outcome(turns: readonly Turn[]): Outcome | null {
    return this.judged?.turns === JSON.stringify(turns) ? this.judged.outcome : null;
  }
}
