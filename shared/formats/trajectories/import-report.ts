import { z } from 'zod';
import { describeOutcomeCounts } from '../../domain';
import { countOf, formatCount, trajectoriesCount } from '../../text';
import { describeFileShape, FILE_SHAPES } from './file-shapes';
import { formatDescriptor, TRAJECTORY_FORMAT_IDS } from './registry';

/** What an import did: the result of `trajectories.import`, told in words by describeImport below. */
export const ImportReport = z.object({
  format: z.enum(TRAJECTORY_FORMAT_IDS).nullable(),
  /** The mapping's name, when one found the records. */
  mapping: z.string().nullable(),
  shape: z.enum(FILE_SHAPES).nullable(),
  gzip: z.boolean(),
  imported: z.number().int(),
  duplicates: z.number().int(),
  committed: z.boolean(),
  cancelled: z.boolean(),
  toolSets: z.number().int(),
  tools: z
    .object({
      graphId: z.string(),
      graphName: z.string(),
      added: z.array(z.string()),
      /** Of `added`, tools no record declared, made from the calls that name them. */
      inferred: z.array(z.string()),
      alreadyPresent: z.number().int(),
      /** Tools the records call that no record declares and the graph lacks: not added. */
      undeclared: z.array(z.object({ name: z.string(), calls: z.number().int() })),
      conflicts: z.array(
        z.object({
          name: z.string(),
          variants: z.array(z.object({ records: z.number().int(), firstRecord: z.number().int() })),
        }),
      ),
      warnings: z.array(z.string()),
    })
    .nullable(),
  rejected: z.array(
    z.object({
      line: z.number().int(),
      record: z.number().int().optional(),
      offset: z.number().int(),
      reason: z.string(),
      snippet: z.string(),
    }),
  ),
  rejectedCount: z.number().int(),
  notUnderstood: z.array(z.object({ field: z.string(), records: z.number().int(), firstRecord: z.number().int() })),
  outcomes: z.record(z.enum(['success', 'failure', 'unknown', 'none']), z.number().int()),
  notes: z.array(z.object({ note: z.string(), records: z.number().int() })),
  nothingImported: z.string().nullable(),
});
type ImportReport = z.infer<typeof ImportReport>;

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
