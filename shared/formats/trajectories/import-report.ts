import type { Result } from '../../contract';
import { describeOutcomeCounts } from '../../domain';
import { countOf, formatCount, trajectoriesCount } from '../../text';
import { describeFileShape } from './file-shapes';
import { formatDescriptor } from './registry';

type ImportReport = Result<'trajectories.import'>;

/** The first line of an import report, as the CLI prints it and the Import form shows it. */
export function describeImport(report: ImportReport): string {
  if (report.cancelled) return 'The import was cancelled; nothing was imported.';
  if (report.nothingImported)
    return `Nothing was imported: ${report.nothingImported.replace(/; nothing was imported\.$/, '.')}`;
  if (!report.committed) return `Nothing was imported: ${countOf(report.rejectedCount, 'bad record')}.`;
  // A mapping found the runs (no reader), or added its fields to a reader's.
  const readBy = [
    report.format && formatDescriptor(report.format).label,
    report.mapping && `mapping "${report.mapping}"`,
  ];
  const format = readBy.filter(Boolean).join(' with ') || 'unknown format';
  const outcomes = describeOutcomeCounts(report.outcomes);
  return (
    `Imported ${trajectoriesCount(report.imported)} (${format}, ${describeFileShape(report.shape, report.gzip)}); ` +
    `${formatCount(report.duplicates)} already present; ${formatCount(report.rejectedCount)} rejected.` +
    // Counted over every record read, the ones already present too: they are the file's outcomes.
    (outcomes ? ` Outcomes in the file: ${outcomes}.` : '') +
    (report.toolSets === 1
      ? ` The records declare one tool set${report.tools ? '' : ', kept with them; no graph was chosen to add its tools to'}.`
      : report.toolSets
        ? ` The records declare ${report.toolSets} distinct tool sets, each kept with its records` +
          (report.tools ? '.' : '; no graph was chosen to add their tools to.')
        : '')
  );
}

/** Names shown in a report line before "and N more". */
const NAMES_SHOWN = 8;

/** The tools an import added to its graph, as one line (the Import form lists the names, the CLI counts them). */
export function describeAddedTools(tools: NonNullable<ImportReport['tools']>, names: 'list' | 'count'): string {
  const added = names === 'list' ? tools.added.join(', ') || 'none' : String(tools.added.length);
  const inferred = tools.inferred.length;
  const undeclared = tools.undeclared;
  const shown = undeclared.slice(0, NAMES_SHOWN).map((u) => `${u.name} (${countOf(u.calls, 'call')})`);
  if (undeclared.length > NAMES_SHOWN) shown.push(`and ${undeclared.length - NAMES_SHOWN} more`);
  return (
    `Tools added to graph "${tools.graphName}": ${added}` +
    (tools.alreadyPresent ? ` (${tools.alreadyPresent} already there).` : '.') +
    (inferred
      ? ` No record declares ${inferred === tools.added.length ? (inferred === 1 ? 'it' : 'them') : tools.inferred.join(', ')}:` +
        ` ${inferred === 1 ? 'its parameters are' : 'their parameters are'} the arguments the calls passed; review ${inferred === 1 ? 'it' : 'them'} in Graph.`
      : '') +
    (undeclared.length
      ? ` Called but declared by no record and not in the graph, so not added: ${shown.join(', ')};` +
        ` the checks report these calls as unknown tools. Add ${undeclared.length === 1 ? 'it' : 'them'} in Graph if ${undeclared.length === 1 ? 'it is' : 'they are'} real.`
      : '')
  );
}
