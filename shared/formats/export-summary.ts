import { z } from 'zod';
import { countOf } from '../text';
import { REASONING_MODES } from './export-records';

/** Records an export left out (or, when asked to include them, wrote anyway), and why. */
export const ExportReport = z.object({
  /** Records written to the files. */
  written: z.number().int(),
  leftOut: z.number().int(),
  /** Items that carry a rejected / needs-fix label or whose record breaks a rule, written or not. */
  flagged: z.number().int(),
  /** Flagged items by reason: a rule code (`no-final-answer`, `role-order`, …) or `label:<status>`. */
  reasons: z.record(z.string(), z.number().int()),
  /** Items left out, by the reasons that left them out (a label the export was asked to write is none). */
  leftOutReasons: z.record(z.string(), z.number().int()),
  /** Flagged items written as asked (include rejected, include invalid), by reason. */
  writtenReasons: z.record(z.string(), z.number().int()),
  /** The first flagged items, each named by its title as the trajectory list shows it, with every reason in words. */
  examples: z.array(
    z.object({
      trajectoryId: z.string(),
      title: z.string(),
      split: z.string(),
      leftOut: z.boolean(),
      reasons: z.array(z.string()),
    }),
  ),
  /** Targets that were symbolic links: replaced by the file itself, never written through. */
  replacedLinks: z.array(z.string()),
  /**
   * Splits none of whose records passed: no file is written for them (nor listed in
   * dataset_info.json); `earlierKept` when a file of an earlier export is still at `path`.
   */
  emptySplits: z.array(z.object({ split: z.string(), path: z.string(), earlierKept: z.boolean() })),
  /** Outcomes and metadata the format has no place for (counted over the written records), said in words. */
  notWritten: z.object({ outcomes: z.number().int(), metadata: z.number().int(), message: z.string() }).nullable(),
  /** Written records by where their tools came from: their record's own, none declared, their graph's (made in Trellis). */
  tools: z.object({ own: z.number().int(), none: z.number().int(), graph: z.number().int() }),
  /** Thoughts of the written records' assistant turns, written (in `mode`) or dropped. */
  thoughts: z.object({ written: z.number().int(), dropped: z.number().int(), mode: z.enum(REASONING_MODES) }),
  /** Assistant turns not to train on (rated 1–2, an error finding, a failed call) and their records: written with weight 0 in OpenAI, trained on in formats without weights (said in `notes`). */
  untrained: z.object({ turns: z.number().int(), records: z.number().int() }),
  /** Assistant turns whose text beside their calls was written in the call's thought block (ShareGPT: no other place holds it), and their records. */
  textAsThought: z.object({ turns: z.number().int(), records: z.number().int() }),
  /** What the counts above say, in sentences, for the CLI and the form. */
  notes: z.array(z.string()),
});

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
