import type { z } from 'zod';
import type { ExportReport } from '../contract/datasets';
import { countOf } from '../text';

type Report = z.infer<typeof ExportReport>;

/** "5 label:rejected, 2 no-final-answer": reasons counted, the most frequent first. */
const counted = (reasons: Readonly<Record<string, number>>): string =>
  Object.entries(reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ');

/**
 * What an export's report says, in the words both the Datasets workspace and `trellis export`
 * show: what it left out and why (only the reasons that left records out), what it wrote though
 * flagged because the export was asked to (include rejected, include invalid), and each split
 * that got no file because none of its records passed.
 */
export function exportSummary(report: Report): {
  leftOut: string | null;
  written: string | null;
  emptySplits: string[];
} {
  const writtenFlagged = report.flagged - report.leftOut;
  return {
    leftOut: report.leftOut
      ? `Left out ${report.leftOut} of ${report.leftOut + report.written}: ${counted(report.leftOutReasons)}`
      : null,
    written: writtenFlagged
      ? `Wrote ${countOf(writtenFlagged, 'flagged record')} as asked: ${counted(report.writtenReasons)}`
      : null,
    emptySplits: report.emptySplits.map(
      (e) =>
        `No record of the ${e.split} split passed its checks: no file was written for it` +
        (e.earlierKept ? ` (an earlier export's ${e.path} is still there).` : '.'),
    ),
  };
}
