import type { Result } from '../../contract';
import { describeOutcomeCounts } from '../../domain';
import { trajectoriesCount } from '../../text';
import { describeFileShape } from './file-shapes';
import { formatDescriptor } from './registry';

type ImportReport = Result<'trajectories.import'>;

/** The first line of an import report, as the CLI prints it and the Import form shows it. */
export function describeImport(report: ImportReport): string {
  if (report.cancelled) return 'The import was cancelled; nothing was imported.';
  if (report.nothingImported)
    return `Nothing was imported: ${report.nothingImported.replace(/; nothing was imported\.$/, '.')}`;
  if (!report.committed) return `Nothing was imported: ${report.rejectedCount} bad records.`;
  const format = report.format ? formatDescriptor(report.format).label : 'unknown format';
  const outcomes = describeOutcomeCounts(report.outcomes);
  return (
    `Imported ${trajectoriesCount(report.imported)} (${format}, ${describeFileShape(report.shape, report.gzip)}); ` +
    `${report.duplicates} already present; ${report.rejectedCount} rejected.` +
    (outcomes ? ` Outcomes: ${outcomes}.` : '') +
    (report.toolSets ? ` ${report.toolSets} distinct tool sets, each kept with its records.` : '')
  );
}
