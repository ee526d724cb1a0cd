import type { ToolCall, Turn } from '../domain';
import { answeredWithError } from './results';
import type { Breakpoint } from './types';

/** Whether an argument's value matches a breakpoint's pattern (as plain text when it is no valid pattern). */
function matchesPattern(value: unknown, pattern: string): boolean {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return new RegExp(pattern).test(text);
  } catch {
    return text.includes(pattern);
  }
}

/** Why the run pauses before executing `call`, or null when no breakpoint holds it. */
export function breakpointBefore(breakpoints: readonly Breakpoint[], call: ToolCall): string | null {
  for (const b of breakpoints) {
    if (b.kind === 'tool' && b.tool === call.name) return `Paused before ${call.name} (breakpoint on the tool).`;
    if (b.kind === 'argument') {
      const value = (call.args as Record<string, unknown> | null)?.[b.param];
      if (value !== undefined && matchesPattern(value, b.pattern))
        return `Paused before ${call.name}: ${b.param} matches ${b.pattern}.`;
    }
  }
  return null;
}

/** Why the run pauses after adding `turn` (an observation with an error), or null. */
export function breakpointAfter(breakpoints: readonly Breakpoint[], turn: Turn): string | null {
  if (!answeredWithError(turn)) return null;
  return breakpoints.some((b) => b.kind === 'error') ? `Paused: ${turn.toolCallId} returned an error.` : null;
}
