import type { z } from 'zod';
import type { ExportReport } from '../../shared/contract/datasets';

/** How many flagged items a report lists by name; the counts cover all of them. */
export const REPORT_EXAMPLES = 20;

/** Collects what an export left out (or wrote though flagged) and why, as it goes. */
export class ExportReporter {
  private leftOut = 0;
  private flagged = 0;
  private readonly reasons: Record<string, number> = {};
  private readonly examples: z.infer<typeof ExportReport>['examples'] = [];

  /** One flagged item, with its title to name it by: each reason is a code to count by and a message to show. */
  flag(
    item: { trajectoryId: string; title: string },
    split: string,
    leftOut: boolean,
    flags: { reason: string; message: string }[],
  ): void {
    this.flagged++;
    if (leftOut) this.leftOut++;
    for (const reason of new Set(flags.map((f) => f.reason))) this.reasons[reason] = (this.reasons[reason] ?? 0) + 1;
    if (this.examples.length < REPORT_EXAMPLES)
      this.examples.push({ ...item, split, leftOut, reasons: flags.map((f) => f.message) });
  }

  report(written: number, replacedLinks: string[]): z.infer<typeof ExportReport> {
    return {
      written,
      leftOut: this.leftOut,
      flagged: this.flagged,
      reasons: { ...this.reasons },
      examples: [...this.examples],
      replacedLinks,
    };
  }
}
