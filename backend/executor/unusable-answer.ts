import type { Turn } from '../../shared/domain';

/**
 * A model's answer Trellis cannot use (arguments that are not JSON, a tool the run does not have,
 * an answer cut off, empty or too deep): the run ends with the reason. The reason is Trellis's
 * own words, so it is never stored as the model's; `kept` is what the model did write, kept as
 * its turn where it is a call (the checks flag it: malformed-call, unknown-tool), for the person
 * to correct in the debugger.
 */
export class UnusableAnswer extends Error {
  constructor(
    reason: string,
    readonly kept: Turn | null = null,
  ) {
    super(reason);
    this.name = 'UnusableAnswer';
  }
}

/** The turn limit an agent reached without answering: the run ends there, nothing written in the model's name. */
export class TurnLimitReached extends Error {
  constructor(assistantTurns: number) {
    super(`Stopped after ${assistantTurns} assistant turns without an answer.`);
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
