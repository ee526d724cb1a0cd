import path from 'node:path';
import { TrajectoryFormat } from '../../shared/contract/trajectories';
import { formatError, TrellisError } from '../../shared/errors';
import { createBackend } from '../backend/backend';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

export const importVerb: Verb = {
  name: 'import',
  summary:
    'Import trajectories from a JSONL file (OpenAI chat, LLaMA-Factory ShareGPT, Hermes, AgentGym).\nStrict by ' +
    'default: one bad record and nothing is written; --lenient skips bad records. Every rejected\n' +
    'record is reported with its line number.',
  usage:
    'trellis import --file FILE [--workspace FILE] [--format openai|sharegpt|hermes|agentgym] [--lenient] [--json]',
  options: {
    file: { type: 'string', description: 'JSONL file to import' },
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    format: { type: 'string', description: 'openai, sharegpt, hermes or agentgym (default: detected)' },
    lenient: { type: 'boolean', description: 'Skip bad records instead of refusing the file' },
  },
  async run(values, io) {
    if (typeof values.file !== 'string')
      throw new TrellisError('E1002', '--file is required.', 'Pass the JSONL file to import.');
    const parsedFormat = TrajectoryFormat.optional().safeParse(values.format);
    if (!parsedFormat.success) {
      throw new TrellisError(
        'E1002',
        `--format must be one of ${TrajectoryFormat.options.join(', ')}, not "${String(values.format)}".`,
      );
    }
    const format = parsedFormat.data;
    const backend = createBackend({
      workspace: path.resolve(String(values.workspace ?? defaultWorkspacePath())),
      host: 'cli',
    });
    try {
      const report = await backend.registry.invoke('trajectories.import', {
        path: path.resolve(values.file),
        mode: values.lenient ? 'lenient' : 'strict',
        ...(format ? { format } : {}),
      });
      if (io.json) io.out(JSON.stringify({ ok: report.committed, ...report }));
      else {
        for (const r of report.rejected)
          io.err(`${values.file}:${r.line} (byte ${r.offset}): ${r.reason}${r.snippet ? `\n    ${r.snippet}` : ''}`);
        io.out(
          report.committed
            ? `Imported ${report.imported} trajectories (${report.format}); ${report.duplicates} already present; ${report.rejected.length} rejected.`
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
