import type { z } from 'zod';
import type { ExportReport } from '../../shared/contract/datasets';
import type { Trajectory } from '../../shared/domain';

/** How many flagged items a report lists by name; the counts cover all of them. */
export const REPORT_EXAMPLES = 20;

/** Counts each reason of one item once. */
function countOnce(into: Record<string, number>, reasons: readonly string[]): void {
  for (const reason of new Set(reasons)) into[reason] = (into[reason] ?? 0) + 1;
}

/** Collects what an export left out (or wrote though flagged) and why, as it goes. */
export class ExportReporter {
  private leftOut = 0;
  private flagged = 0;
  private readonly reasons: Record<string, number> = {};
  private readonly leftOutReasons: Record<string, number> = {};
  private readonly writtenReasons: Record<string, number> = {};
  private readonly examples: z.infer<typeof ExportReport>['examples'] = [];
  private readonly withoutPlace = { outcome: 0, metadata: 0 };

  /** A trajectory written to a format with no place for its outcome and metadata: counted, to be said. */
  notCarried(trajectory: Pick<Trajectory, 'outcome' | 'metadata'>): void {
    if (trajectory.outcome) this.withoutPlace.outcome++;
    if (trajectory.metadata && Object.keys(trajectory.metadata).length) this.withoutPlace.metadata++;
  }

  /**
   * One flagged item, with its title to name it by: each reason is a code to count by and a
   * message to show, and `leavesOut` when it is why the item was left out (a reason the export
   * was asked to write anyway does not).
   */
  flag(
    item: { trajectoryId: string; title: string },
    split: string,
    flags: { reason: string; message: string; leavesOut: boolean }[],
  ): void {
    const leftOut = flags.some((f) => f.leavesOut);
    this.flagged++;
    if (leftOut) this.leftOut++;
    const reasons = flags.map((f) => f.reason);
    countOnce(this.reasons, reasons);
    if (leftOut)
      countOnce(
        this.leftOutReasons,
        flags.filter((f) => f.leavesOut).map((f) => f.reason),
      );
    else countOnce(this.writtenReasons, reasons);
    if (this.examples.length < REPORT_EXAMPLES)
      this.examples.push({ ...item, split, leftOut, reasons: flags.map((f) => f.message) });
  }

  /**
   * `format`: the export's format when it has no place for outcome and metadata (they are said to
   * be left out); `emptySplits`: the splits none of whose records passed (no file written).
   */
  report(
    written: number,
    replacedLinks: string[],
    format: string | null = null,
    emptySplits: z.infer<typeof ExportReport>['emptySplits'] = [],
  ): z.infer<typeof ExportReport> {
    const { outcome, metadata } = this.withoutPlace;
    return {
      notWritten:
        format && (outcome || metadata)
          ? {
              outcomes: outcome,
              metadata,
              message: `${format} records have no place for a run's outcome or metadata: ${outcome} outcomes and the metadata of ${metadata} trajectories are not in the files (ShareGPT keeps them).`,
            }
          : null,
      written,
      leftOut: this.leftOut,
      flagged: this.flagged,
      reasons: { ...this.reasons },
      leftOutReasons: { ...this.leftOutReasons },
      writtenReasons: { ...this.writtenReasons },
      examples: [...this.examples],
      replacedLinks,
      emptySplits,
    };
  }
}
