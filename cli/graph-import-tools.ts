import fs from 'node:fs';
import path from 'node:path';
import { ToolFileFormat } from '../shared/contract/tools';
import type { Environment, GraphEdge, Tool } from '../shared/domain';
import { TrellisError } from '../shared/errors';
import { detectToolFormat, TOOL_FORMATS } from '../shared/formats/tools';
import { pasteTools, type GraphContent } from '../shared/graph';
import { openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

type Backend = ReturnType<typeof openBackend>;

const list = (value: unknown): string[] =>
  [value ?? []]
    .flat()
    .flatMap((v) => String(v).split(','))
    .map((v) => v.trim())
    .filter(Boolean);

/** New tools in a grid right of the graph's, as the editor places an import. */
function placeBeside(existing: Tool[], tools: Tool[]): Tool[] {
  const right = existing.reduce((max, t) => Math.max(max, t.position.x + 280), 0);
  const top = existing.reduce((min, t) => Math.min(min, t.position.y), Infinity);
  const y0 = Number.isFinite(top) ? top : 0;
  const perColumn = Math.max(1, Math.ceil(Math.sqrt(tools.length)));
  return tools.map((tool, i) => ({
    ...tool,
    position: { x: right + 60 + Math.floor(i / perColumn) * 300, y: y0 + (i % perColumn) * 200 },
  }));
}

/** Only the operations asked for by tag or by name (operationId or tool name); all when neither is. */
function chosen(
  parsed: { tools: Tool[]; operations?: { tool: string; tags: string[] }[] },
  tags: string[],
  names: string[],
): Tool[] {
  if (!tags.length && !names.length) return parsed.tools;
  const tagsOf = new Map((parsed.operations ?? []).map((o) => [o.tool, o.tags]));
  const picked = parsed.tools.filter(
    (tool) => names.includes(tool.name) || (tagsOf.get(tool.name) ?? []).some((tag) => tags.includes(tag)),
  );
  if (!picked.length) {
    const known = [...new Set([...tagsOf.values()].flat())];
    throw new TrellisError(
      'E1002',
      `No operation has ${[...tags.map((t) => `the tag "${t}"`), ...names.map((n) => `the name "${n}"`)].join(' or ')}.`,
      known.length ? `Its tags: ${known.slice(0, 30).join(', ')}.` : 'Name operations by their operationId.',
    );
  }
  return picked;
}

function readToolFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new TrellisError(
      'E3001',
      `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`,
      'Check the path of the file to import.',
    );
  }
}

/** The format --format names, else the one told from the content; an unknown or unrecognised one is refused. */
function formatOf(named: unknown, text: string, file: string): ToolFileFormat {
  if (named !== undefined) {
    const parsed = ToolFileFormat.safeParse(named);
    if (!parsed.success)
      throw new TrellisError(
        'E1002',
        `"${String(named)}" is not a tools format.`,
        `Name one of ${ToolFileFormat.options.join(', ')}.`,
      );
    return parsed.data;
  }
  const guessed = detectToolFormat(text)?.format;
  if (!guessed)
    throw new TrellisError(
      'E4001',
      `${path.basename(file)} is not in a tools format Trellis recognizes.`,
      `If it is one, name it with --format (${ToolFileFormat.options.join(', ')}).`,
    );
  return guessed;
}

/**
 * Pastes the tools beside a graph's (made when no graph has the name), renaming those whose names
 * are taken; the file's environment comes with them into a graph that has none.
 */
async function addToGraph(
  backend: Backend,
  name: string,
  tools: Tool[],
  edges: GraphEdge[],
  environment: Environment | undefined,
) {
  const graphs = await backend.registry.invoke('graphs.list', {});
  const existing = graphs.find((g) => g.name === name);
  const id = existing?.id ?? (await backend.registry.invoke('graphs.create', { name })).id;
  const graph = await backend.registry.invoke('graphs.get', { id });
  const content: GraphContent = { tools: graph.tools, edges: graph.edges };
  const pasted = pasteTools(content, { tools: placeBeside(graph.tools, tools), edges }, { x: 0, y: 0 });
  const environmentAdded = Boolean(environment && !graph.environment);
  const saved = await backend.registry.invoke('graphs.save', {
    id,
    ...pasted.graph,
    dismissedSuggestions: graph.dismissedSuggestions,
    ...(environmentAdded ? { environment } : {}),
    baseUpdatedAt: graph.updatedAt,
  });
  if (saved.stale)
    throw new TrellisError('E3003', `The graph "${name}" changed while the tools were added; run it again.`);
  const came: 'added' | 'kept' | null = environment ? (environmentAdded ? 'added' : 'kept') : null;
  return { created: !existing, pasted, environment: came };
}

/** What an import did, as lines for the terminal: the tools added (and renamed), warnings, secrets to set. */
function reportLines(
  report: {
    file: string;
    format: ToolFileFormat;
    graph: string;
    created: boolean;
    added: number;
    renamed: string[][];
    unset: string[];
    environment: 'added' | 'kept' | null;
  },
  parsed: { tools: unknown[]; warnings: string[] },
): string[] {
  const { added, renamed, unset } = report;
  const names = renamed
    .map(([a, b]) => `${a} → ${b}`)
    .slice(0, 5)
    .join(', ');
  const lines = [
    `Added ${added}${added < parsed.tools.length ? ` of ${parsed.tools.length}` : ''} tools from ` +
      `${path.basename(report.file)} (${TOOL_FORMATS[report.format].name}) to ${report.created ? 'the new' : 'the'} graph "${report.graph}"` +
      `${renamed.length ? `, ${renamed.length} renamed as their names were taken (${names})` : ''}.`,
  ];
  if (report.environment === 'added') lines.push('Its environment came with it: the world its tools share.');
  if (report.environment === 'kept')
    lines.push('  ! The graph has an environment already: it was kept, and the file’s was not used.');
  for (const warning of parsed.warnings.slice(0, 20)) lines.push(`  ! ${warning}`);
  if (parsed.warnings.length > 20) lines.push(`  ! …and ${parsed.warnings.length - 20} more.`);
  if (unset.length)
    lines.push(
      `Its tools send ${unset.length === 1 ? 'a secret' : 'secrets'} not set on this machine: ` +
        `${unset.join(', ')}. Set each once with: trellis graph secret NAME`,
    );
  return lines;
}

export const graphImportToolsVerb: Verb = {
  name: 'graph import-tools',
  summary:
    'Add the tools of a file to a graph (made when no graph has that name): an OpenAPI 3 or Swagger 2 description ' +
    '(JSON or YAML; each operation a tool that calls the API), OpenAI tools, BFCL functions or a Trellis graph; the ' +
    'format is told from the content unless --format names it. Tools whose names are taken are added renamed.',
  usage:
    'trellis graph import-tools FILE --graph NAME [--format F] [--source URL] [--tag T…] [--operation ID…]\n' +
    '                           [--workspace FILE] [--json]',
  positional: 'file',
  options: {
    file: { type: 'string', description: 'The file to read' },
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()}; made if missing)` },
    graph: { type: 'string', description: 'Graph to add to; a new one when no graph has this name' },
    format: { type: 'string', description: `${ToolFileFormat.options.join(', ')} (default: told from the content)` },
    source: {
      type: 'string',
      description: 'Where the description was downloaded from (a URL): a relative server is resolved against it',
    },
    tag: { type: 'string', multiple: true, description: 'Only operations with this tag (repeat, or comma-separate)' },
    operation: { type: 'string', multiple: true, description: 'Only this operation (operationId; repeat for more)' },
  },
  async run(values, io) {
    if (typeof values.file !== 'string')
      throw new TrellisError('E1002', 'No file given.', 'trellis graph import-tools FILE --graph NAME');
    if (typeof values.graph !== 'string' || !values.graph.trim())
      throw new TrellisError('E1002', '--graph is required.', 'Name the graph to add the tools to (made if missing).');
    const file = path.resolve(values.file);
    const text = readToolFile(file);
    const format = formatOf(values.format, text, file);
    const backend = openBackend(values, { create: true });
    try {
      const started = performance.now();
      const parsed = await backend.registry.invoke('tools.parse', {
        format,
        text,
        ...(typeof values.source === 'string' ? { source: values.source } : {}),
      });
      const readMs = Math.round(performance.now() - started);
      const tools = chosen(parsed, list(values.tag), list(values.operation));
      const kept = new Set(tools.map((t) => t.name));
      const edges = parsed.edges.filter((e) =>
        e.kind === 'dependency' ? kept.has(e.fromTool) && kept.has(e.toTool) : kept.has(e.toolA) && kept.has(e.toolB),
      );
      const { created, pasted, environment } = await addToGraph(
        backend,
        values.graph,
        tools,
        edges,
        parsed.environment,
      );
      const secretNames = [
        ...new Set(
          pasted.graph.tools
            .flatMap((t) => (t.runtime?.kind === 'http' ? (t.runtime.auth ?? []) : []))
            .map((a) => a.secret),
        ),
      ];
      const { set } = await backend.registry.invoke('tools.secretsSet', { names: secretNames });
      const renamed = tools.flatMap((t, i) => (pasted.names[i] !== t.name ? [[t.name, pasted.names[i]!]] : []));
      if (io.json) {
        io.out(
          JSON.stringify({
            ok: true,
            graph: values.graph,
            created,
            format,
            tools: pasted.names,
            renamed: Object.fromEntries(renamed),
            of: parsed.tools.length,
            secrets: secretNames.map((name) => ({ name, set: set.includes(name) })),
            warnings: parsed.warnings,
            environment,
            readMs,
          }),
        );
        return 0;
      }
      const unset = secretNames.filter((name) => !set.includes(name));
      const report = { file, format, graph: values.graph, created, added: tools.length, renamed, unset, environment };
      for (const line of reportLines(report, parsed)) io.out(line);
      return 0;
    } finally {
      backend.close();
    }
  },
};
