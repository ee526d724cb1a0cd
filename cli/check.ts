import { checkSummaryText, findingKinds } from '../shared/checks/finding-counts';
import { formatProblem } from '../shared/checks/format';
import { sourceLabel } from '../shared/formats/otlp/groups';
import { openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

export const checkVerb: Verb = {
  name: 'check',
  summary: 'Run the trajectory checks on every trajectory of a workspace and store the findings.',
  usage: 'trellis check [--workspace FILE] [--json]',
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
  },
  async run(values, io) {
    const backend = openBackend(values);
    try {
      const summary = await backend.registry.invoke('trajectories.checkAll', { listFindings: true });
      if (io.json) io.out(JSON.stringify({ ok: true, ...summary }));
      else {
        for (const f of summary.findings ?? []) io.out(`${sourceLabel(f.source)} ${formatProblem(f)}`);
        io.out(checkSummaryText(summary, { byKind: false }));
        const { graph, ownTools, both, none } = summary.against;
        io.out(
          `  against: their tool graph ${graph}, the tools their record declares ${ownTools}, ` +
            `their record's tools then their graph's ${both}, no tool definitions ${none}` +
            (none ? ' (calls not checked against any schema)' : ''),
        );
        for (const line of findingKinds(summary)) io.out(`  ${line}`);
      }
      return 0;
    } finally {
      backend.close();
    }
  },
};
