import path from 'node:path';
import { TrajectoryFormat } from '../shared/contract/trajectories';
import { formatError, TrellisError } from '../shared/errors';
import { graphIdFor, openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

export const importVerb: Verb = {
  name: 'import',
  summary:
    'Import trajectories from a JSONL file (OpenAI chat, LLaMA-Factory ShareGPT, Hermes, AgentGym).\nStrict by ' +
    'default: one bad record and nothing is written; --lenient skips bad records. Every rejected\n' +
    'record is reported with its line number.',
  usage:
    'trellis import FILE [--workspace FILE] [--format openai|sharegpt|hermes|agentgym] [--strict|--lenient]\n' +
    '                    [--graph NAME | --new-graph NAME] [--json]',
  positional: 'file',
  options: {
    file: { type: 'string', description: 'JSONL file to import (or give it as the first argument)' },
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    format: { type: 'string', description: 'openai, sharegpt, hermes or agentgym (default: detected)' },
    strict: { type: 'boolean', description: 'Refuse the whole file when any record is bad (the default)' },
    lenient: { type: 'boolean', description: 'Skip bad records instead of refusing the file' },
    graph: { type: 'string', description: 'Attach to this tool graph and merge the tools the file declares into it' },
    'new-graph': { type: 'string', description: 'Create a tool graph of this name from the tools the file declares' },
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
    const backend = openBackend(values);
    try {
      const graphId = typeof values.graph === 'string' ? await graphIdFor(backend, values.graph) : null;
      const newGraph = values['new-graph'];
      const report = await backend.registry.invoke('trajectories.import', {
        path: path.resolve(values.file),
        mode: values.lenient ? 'lenient' : 'strict',
        graphId,
        ...(format ? { format } : {}),
        ...(typeof newGraph === 'string' ? { newGraphName: newGraph } : {}),
      });
      if (io.json) io.out(JSON.stringify({ ok: report.committed, ...report }));
      else {
        for (const r of report.rejected)
          io.err(`${values.file}:${r.line} (byte ${r.offset}): ${r.reason}${r.snippet ? `\n    ${r.snippet}` : ''}`);
        io.out(
          report.committed
            ? `Imported ${report.imported} trajectories (${report.format}); ${report.duplicates} already present; ${report.rejected.length} rejected.` +
                (report.tools
                  ? ` Tools added to the graph: ${report.tools.added.length} (${report.tools.alreadyPresent} already there).`
                  : '')
            : formatError(
                new TrellisError('E4003', `${report.rejected.length} bad records; nothing was imported.`).toData(),
              ),
        );
      }
      return report.committed ? 0 : 1;
    } finally {
      backend.close();
    }
  },
};
