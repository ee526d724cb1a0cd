import { describeToolVariants } from '../shared/formats/tool-variants';
import path from 'node:path';
import { TrajectoryFormat } from '../shared/contract/trajectories';
import { describeAddedTools, describeImport } from '../shared/formats/trajectories/import-report';
import { countOf } from '../shared/text';
import { formatIdsText, TRAJECTORY_FORMATS } from '../shared/formats/trajectories/registry';
import { formatError, TrellisError } from '../shared/errors';
import { graphIdFor, openBackend } from './backend-helpers';
import type { Result } from '../shared/contract';
import type { Verb, VerbIO } from './verb';
import { defaultWorkspacePath } from './workspace-path';
import { proposeMappingTo, readMappingOption } from './mapping-flags';

export const importVerb: Verb = {
  name: 'import',
  summary:
    'Import trajectories from JSONL, a JSON array, one JSON object or Parquet, gzip-compressed or not,\n' +
    'or an inspect_ai .eval archive. Formats:\n' +
    TRAJECTORY_FORMATS.map((f) => `  ${f.id.padEnd(10)} ${f.label}: ${f.recognisedBy}`).join('\n') +
    '\nEach record keeps the tools it declares, its outcome (reward, score) and its metadata. Strict by\n' +
    'default: one bad or half-understood record and nothing is written; --lenient skips bad records and\n' +
    'keeps fields it does not understand as metadata. Every rejected record is reported with its line\n' +
    '(and record) number; an import that imports nothing fails.\n' +
    'A file no reader claims: --propose-mapping OUT.yaml writes where Trellis thinks its runs, turns,\n' +
    'roles, calls and outcome are (nothing is imported); edit it, then import with --mapping OUT.yaml\n' +
    '(or the name of a mapping saved in the workspace). A mapping without "messages" adds its outcome,\n' +
    'model and task id to what a reader makes of each record.',
  usage:
    `trellis import FILE [--workspace FILE] [--format ${formatIdsText('|')}]\n` +
    '                    [--strict|--lenient] [--graph NAME | --new-graph NAME] [--with-examples] [--json]\n' +
    '                    [--mapping FILE|NAME | --propose-mapping OUT.json|OUT.yaml]',
  positional: 'file',
  options: {
    file: { type: 'string', description: 'File to import (or give it as the first argument)' },
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    format: { type: 'string', description: `${formatIdsText(', ')} (default: detected)` },
    strict: { type: 'boolean', description: 'Refuse the whole file when any record is bad (the default)' },
    lenient: { type: 'boolean', description: 'Skip bad records instead of refusing the file' },
    graph: { type: 'string', description: 'Attach to this tool graph and merge the tools the file declares into it' },
    'new-graph': { type: 'string', description: 'Create a tool graph of this name from the tools the file declares' },
    'with-examples': { type: 'boolean', description: 'Seed a new workspace with the example graph and trajectories' },
    mapping: {
      type: 'string',
      description: 'Find the runs with this mapping: a .json or .yaml file, or the name of one saved in the workspace',
    },
    'propose-mapping': {
      type: 'string',
      description: 'Write the mapping Trellis proposes for the file to this .json or .yaml file; import nothing',
    },
  },
  async run(values, io) {
    if (typeof values.file !== 'string')
      throw new TrellisError('E1002', 'No file given.', 'Pass the JSONL file to import: trellis import FILE.');
    if (values.strict && values.lenient) throw new TrellisError('E1002', 'Choose --strict or --lenient, not both.');
    const parsedFormat = TrajectoryFormat.optional().safeParse(values.format);
    if (!parsedFormat.success) {
      throw new TrellisError(
        'E1002',
        `--format must be one of ${TrajectoryFormat.options.join(', ')}, not "${String(values.format)}".`,
      );
    }
    const format = parsedFormat.data;
    const newGraph = values['new-graph'];
    if (typeof newGraph === 'string' && !newGraph.trim())
      throw new TrellisError(
        'E1002',
        '--new-graph needs a name: the tools the file declares go into a new graph of that name.',
        'Name the graph (--new-graph "Smart home"), or leave the flag out to import without one.',
      );
    if (typeof values['propose-mapping'] === 'string') {
      if (values.mapping !== undefined)
        throw new TrellisError('E1002', 'Choose --mapping or --propose-mapping, not both.');
      return proposeMappingTo(values, path.resolve(values.file), values['propose-mapping'], io);
    }
    const mapping = readMappingOption(values.mapping);
    const backend = openBackend(values, { create: true });
    try {
      const graphId = typeof values.graph === 'string' ? await graphIdFor(backend, values.graph) : null;
      const report = await backend.registry.invoke('trajectories.import', {
        path: path.resolve(values.file),
        mode: values.lenient ? 'lenient' : 'strict',
        graphId,
        ...(format ? { format } : {}),
        ...(typeof newGraph === 'string' ? { newGraphName: newGraph } : {}),
        ...(mapping ? { mapping } : {}),
      });
      if (io.json) io.out(JSON.stringify({ ok: report.committed, ...report }));
      else printReport(values.file, report, values.lenient ? 'lenient' : 'strict', io);
      return report.committed ? 0 : 1;
    } finally {
      backend.close();
    }
  },
};

function printReport(file: string, report: Result<'trajectories.import'>, mode: 'strict' | 'lenient', io: VerbIO) {
  for (const r of report.rejected) {
    const where = r.record === undefined ? `${file}:${r.line}` : `${file} record ${r.record} (line ${r.line}`;
    io.err(
      `${where}${r.record === undefined ? ' (' : ', '}byte ${r.offset}): ${r.reason}${r.snippet ? `\n    ${r.snippet}` : ''}`,
    );
  }
  // Records no reader claims are counted in the one line that lists the first of them.
  const countedInLine = report.rejected.length === 1 && report.rejected[0]!.reason.includes('no reader claims it');
  if (report.rejectedCount > report.rejected.length && !countedInLine)
    io.err(`… and ${report.rejectedCount - report.rejected.length} more rejected records.`);
  if (!report.committed) {
    io.out(
      formatError(
        new TrellisError(
          'E4003',
          report.cancelled
            ? 'The import was cancelled; nothing was imported.'
            : report.nothingImported
              ? `Nothing was imported: ${report.nothingImported.replace(/; nothing was imported\.$/, '.')}`
              : `${countOf(report.rejectedCount, 'bad record')}; nothing was imported.`,
          refusalHint(file, report, mode),
        ).toData(),
      ),
    );
    return;
  }
  io.out(describeImport(report));
  for (const n of report.notUnderstood)
    io.out(`  kept as metadata: ${n.field} in ${n.records} records (first: record ${n.firstRecord})`);
  for (const n of report.notes) io.out(`  note: ${n.note} (${countOf(n.records, 'record')})`);
  const tools = report.tools;
  if (!tools) return;
  io.out(describeAddedTools(tools, 'count'));
  for (const c of tools.conflicts)
    io.out(
      `  ${c.name}: ${c.variants.length} different definitions (${describeToolVariants(c.variants)}); each record keeps its own`,
    );
}

/** What to do next, never what was already done: --lenient is not advised to an import that had it. */
function refusalHint(file: string, report: Result<'trajectories.import'>, mode: 'strict' | 'lenient'): string {
  if (report.cancelled) return '';
  if (report.rejected.some((r) => r.reason.includes('no reader claims it')))
    return `Map its fields: trellis import ${file} --propose-mapping mapping.yaml, edit mapping.yaml, then import with --mapping mapping.yaml (or use Map fields… in the Import form).`;
  if (mode === 'strict' && report.rejected.some((r) => r.reason.includes('not understood')))
    return 'Import with --lenient to keep the fields Trellis does not understand as metadata.';
  return mode === 'strict'
    ? 'Fix the lines listed, or import with --lenient to skip them.'
    : 'Fix the lines listed and import again.';
}
