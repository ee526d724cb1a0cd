import type { Turn } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';

/**
 * A model's answer Trellis cannot use (arguments that are not JSON, a tool the run does not have,
 * an answer cut off or empty): the run stops with the reason. The reason is Trellis's own words,
 * so it is never stored as the model's; `kept` is what the model did write, kept as its turn
 * where it is a call (the checks flag it: malformed-call, unknown-tool).
 */
export class UnusableAnswer extends TrellisError {
  constructor(
    reason: string,
    readonly kept: Turn | null = null,
  ) {
    super(
      'E5004',
      reason,
      kept
        ? 'The run stops at the call the model made; correct it in the debugger and continue, or try again.'
        : 'Nothing of the answer was kept; try again, or with another model or settings.',
    );
    this.name = 'UnusableAnswer';
  }
}

/** The turn limit an agent reached without answering: the run stops there, with nothing written in the model's name. */
export class TurnLimitReached extends TrellisError {
  constructor(assistantTurns: number) {
    super(
      'E5004',
      `Stopped after ${assistantTurns} assistant turns without an answer.`,
      'Allow more turns, or look at the calls the model repeated.',
    );
    this.name = 'TurnLimitReached';
  }
}

/** Why a call of a tool the run was not given is not used. */
export function unknownToolReason(name: string, toolNames: readonly string[]): string {
  return `The model called ${JSON.stringify(name)}, which is not one of the run's tools (${toolNames.join(', ') || 'none'}).`;
}

/** Why the run ends when `error` is an answer Trellis cannot use or the turn limit (its message); null for any other error. */
export function endingReason(error: unknown): string | null {
  return error instanceof UnusableAnswer || error instanceof TurnLimitReached ? error.message : null;
}
