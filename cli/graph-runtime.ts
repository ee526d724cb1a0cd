import type { ToolRuntime } from '../shared/domain';
import { TrellisError } from '../shared/errors';
import { RUNTIME_KINDS, type RuntimeKind } from '../shared/runtimes';
import { graphIdFor, openBackend } from './backend-helpers';
import { RUNTIME_FLAG_NAMES, RUNTIME_FLAGS, type RuntimeFlag } from './runtime-flags';
import type { Verb, VerbOption } from './verb';
import { defaultWorkspacePath } from './workspace-path';

/** The kinds a flag sets, each with its entry. */
const FLAGGED = (Object.keys(RUNTIME_FLAGS) as RuntimeKind[]).flatMap((kind) => {
  const entry = RUNTIME_FLAGS[kind];
  return 'madeBy' in entry ? [] : [{ kind, entry: entry as RuntimeFlag<RuntimeKind> }];
});

/** `--mock FILE.js` of `--mock FILE.js [--x]`: what names the kind, without what may go with it. */
const headOf = (usage: string) => usage.split(' [')[0]!;

/** Kinds given by other verbs: "Replay of recorded calls: trellis graph replay." */
const MADE_ELSEWHERE = (Object.keys(RUNTIME_FLAGS) as RuntimeKind[])
  .flatMap((kind) => {
    const entry = RUNTIME_FLAGS[kind];
    return 'madeBy' in entry ? [`${RUNTIME_KINDS[kind].label}: ${entry.madeBy}.`] : [];
  })
  .join(' ');

const CHOICES = [...FLAGGED.map(({ entry }) => headOf(entry.usage)), '--none'];

/** The kinds' flags, their aliases and the flags that go with them, in the registry's order. */
const KIND_OPTIONS: Record<string, VerbOption> = Object.fromEntries(
  FLAGGED.flatMap(({ kind, entry }) => [
    [kind, entry.option],
    ...(entry.aliases ?? []).map((alias) => [alias, { ...entry.option, description: `The same as --${kind}` }]),
    ...Object.entries(entry.extra ?? {}),
  ]),
);

/** The runtime the flags describe; exactly one kind must be named. */
function runtimeFromFlags(values: Record<string, unknown>, tool: string): ToolRuntime | null {
  const given = RUNTIME_FLAG_NAMES.filter(({ flag }) => values[flag] !== undefined && values[flag] !== false);
  if (given.length !== 1)
    throw new TrellisError(
      'E1002',
      given.length ? `Give one runtime, not ${given.map((g) => `--${g.flag}`).join(' and ')}.` : 'No runtime given.',
      `Name one of ${CHOICES.slice(0, -1).join(', ')} or ${CHOICES.at(-1)!}.`,
    );
  const [{ flag, kind }] = given as [(typeof given)[number]];
  if (kind === null) return null;
  return (RUNTIME_FLAGS[kind] as RuntimeFlag<RuntimeKind>).runtime(values[flag], values, tool);
}

export const graphRuntimeVerb: Verb = {
  name: 'graph runtime',
  summary:
    `Give tools of a graph a runtime: ${FLAGGED.map(({ kind }) => RUNTIME_KINDS[kind].noun).join(', ')}, or none.\n` +
    `Saved with the graph and in its exported JSON. ${MADE_ELSEWHERE}`,
  usage:
    'trellis graph runtime --graph NAME --tool T[,T…]\n' +
    `                      (${FLAGGED.map(({ entry }) => entry.usage).join('\n                      | ')}\n` +
    '                      | --none) [--workspace FILE] [--json]',
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    graph: { type: 'string', description: 'Tool graph name (optional when the workspace has one)' },
    tool: { type: 'string', multiple: true, description: 'Tool to set (repeat, or comma-separate, for several)' },
    ...KIND_OPTIONS,
    none: { type: 'boolean', description: 'Remove the runtime' },
  },
  async run(values, io) {
    const tools = [values.tool ?? []]
      .flat()
      .flatMap((t) => String(t).split(','))
      .map((t) => t.trim())
      .filter(Boolean);
    if (!tools.length) throw new TrellisError('E1002', '--tool is required.', 'Name the tool (or tools) to set.');
    // One runtime for all, except an MCP tool name that defaults to each tool's own.
    const runtimes = tools.map((tool) => runtimeFromFlags(values, tool));
    const backend = openBackend(values);
    try {
      const id = await graphIdFor(backend, values.graph);
      const groups = new Map<string, { runtime: ToolRuntime | null; tools: string[] }>();
      for (const [i, tool] of tools.entries()) {
        const key = JSON.stringify(runtimes[i]);
        const group = groups.get(key) ?? { runtime: runtimes[i]!, tools: [] };
        group.tools.push(tool);
        groups.set(key, group);
      }
      let updatedAt = '';
      for (const group of groups.values())
        ({ updatedAt } = await backend.registry.invoke('graphs.setRuntime', { id, ...group }));
      const kind = runtimes[0]?.kind ?? 'none';
      if (io.json) io.out(JSON.stringify({ ok: true, tools, runtime: kind, updatedAt }));
      else io.out(`Set the runtime of ${tools.join(', ')} to ${kind === 'none' ? 'none' : kind}.`);
      return 0;
    } finally {
      backend.close();
    }
  },
};
