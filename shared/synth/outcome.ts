import type { Finding, PlanStep, Turn } from '../domain';
import { asRef } from '../plans/refs';
import { isErrorResult, resultOf } from '../runs/results';

/** The tag a kept sample carries when it still fails Trellis's checks after its last attempt. */
export const FAILED_CHECKS_TAG = 'synth-failed-checks';

/**
 * The finding codes that make a sample be drawn again: every error, and a tool that answered
 * with an error (a warning for recorded data, but in synthesis it means the sampler chose a
 * value the tool refuses, and the steps after it run on nothing).
 */
export function rejectingCodes(findings: readonly Finding[]): string[] {
  return [
    ...new Set(findings.filter((f) => f.severity === 'error' || f.code === 'tool-error').map((f) => f.code)),
  ].sort();
}

/**
 * The literal arguments a tool refused in a run: those whose value its error message names
 * (`Unknown city: Oslo` → city), or, when it names none of the call's values, every literal
 * argument of the call. A value from a reference is never blamed: its producer chose it.
 */
export function refusedValues(
  plan: readonly PlanStep[],
  turns: readonly Turn[],
): { tool: string; param: string; value: unknown }[] {
  const calls = new Map(turns.flatMap((t) => t.toolCalls ?? []).map((c) => [c.id, c]));
  const refused: { tool: string; param: string; value: unknown }[] = [];
  for (const turn of turns) {
    const call = turn.role === 'tool' && turn.toolCallId ? calls.get(turn.toolCallId) : undefined;
    const step = call && plan.find((s) => s.id === call.id);
    const result = resultOf(turn);
    if (!call || !step || !isErrorResult(result)) continue;
    const message = String((result as { error: unknown }).error).toLowerCase();
    const args = Object.entries((call.args ?? {}) as Record<string, unknown>);
    const named = (value: unknown) => typeof value !== 'object' && message.includes(String(value).toLowerCase());
    const literals = args.filter(([param]) => step.args[param] !== undefined && !asRef(step.args[param]));
    const blamed = args.some(([, v]) => named(v)) ? literals.filter(([, v]) => named(v)) : literals;
    for (const [param, value] of blamed) refused.push({ tool: call.name, param, value });
  }
  return refused;
}

/** What the checks said about a synthesis job, for its report. */
export interface SynthCheckReport {
  /** Attempts a sample gets before it is kept marked (or left out). */
  maxAttempts: number;
  /** Attempts drawn in all (one per sample when none is rejected). */
  attempts: number;
  /** Samples drawn more than once. */
  resampled: number;
  /** Attempts rejected, by the finding code that rejected them (an attempt counts once per code). */
  rejectedByCode: Record<string, number>;
  /** Samples still failing after their last attempt, kept with the `synth-failed-checks` tag or left out. */
  stillFailing: number;
  stillFailingByCode: Record<string, number>;
  dropped: number;
  /**
   * Samples left out because a mock call waited too long for a free sandbox on every try: the
   * error was Trellis's own (too many at once), so the sample is not kept with it.
   */
  sandboxBusy: number;
  /** Of the trajectories made: how many have no error finding, and how many have any finding at all. */
  errorFree: number;
  withFindings: number;
  /** Trajectories made, by the finding codes they carry (each code once per trajectory). */
  findingsByCode: Record<string, number>;
}

export function emptyCheckReport(maxAttempts: number): SynthCheckReport {
  return {
    maxAttempts,
    attempts: 0,
    resampled: 0,
    rejectedByCode: {},
    stillFailing: 0,
    stillFailingByCode: {},
    dropped: 0,
    sandboxBusy: 0,
    errorFree: 0,
    withFindings: 0,
    findingsByCode: {},
  };
}

export function countCodes(into: Record<string, number>, codes: Iterable<string>): void {
  for (const code of new Set(codes)) into[code] = (into[code] ?? 0) + 1;
}

/** `schema-violation 2, tool-error 1`: counts by code, largest first. */
export function formatCodes(counts: Record<string, number>): string {
  return (
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([code, n]) => `${code} ${n}`)
      .join(', ') || 'none'
  );
}

/** One line for the CLI and the synthesis panel: what the checks said, and what re-sampling did. */
export function checkReportLine(report: SynthCheckReport, made: number): string {
  const failing = report.stillFailing
    ? `${report.stillFailing} still failing after ${report.maxAttempts} attempt${report.maxAttempts === 1 ? '' : 's'} (${formatCodes(report.stillFailingByCode)})${report.dropped ? `, left out` : `, kept with the tag ${FAILED_CHECKS_TAG}`}`
    : 'none still failing';
  return (
    `Checks: ${report.errorFree} of ${made} with no error finding, ${report.withFindings} with any finding` +
    `${report.withFindings ? ` (${formatCodes(report.findingsByCode)})` : ''}; ` +
    `${report.resampled} re-sampled${report.resampled ? ` (rejected attempts: ${formatCodes(report.rejectedByCode)})` : ''}; ${failing}` +
    (report.sandboxBusy
      ? `; ${report.sandboxBusy} left out because the mock sandbox was too busy to run their calls (use a lower --concurrency).`
      : '.')
  );
}

/**
 * One line for the kinds a graph cannot provide, or null when every kind asked for applies:
 * `Skipped parallel, not applicable to this graph: no tool takes results … Its samples were drawn
 * from serial and isolated.`
 */
export function notApplicableLine(
  notApplicable: readonly { kind: string; reason: string }[],
  kinds: readonly string[],
): string | null {
  if (!notApplicable.length) return null;
  const skipped = new Set(notApplicable.map((n) => n.kind));
  const drawn = kinds.filter((k) => !skipped.has(k));
  const why = notApplicable.map((n) => `${n.kind}: ${n.reason}`).join('; ');
  return (
    `Skipped ${[...skipped].join(' and ')}, not applicable to this graph (${why}). ` +
    (drawn.length ? `Its samples were drawn from ${drawn.join(' and ')}.` : 'No sample was drawn.')
  );
}
