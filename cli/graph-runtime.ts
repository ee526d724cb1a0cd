import fs from 'node:fs';
import path from 'node:path';
import { ToolRuntime } from '../shared/domain';
import { TrellisError } from '../shared/errors';
import { splitCommandLine } from '../shared/runtimes';
import { graphIdFor, openBackend } from './backend-helpers';
import type { Verb } from './verb';
import { defaultWorkspacePath } from './workspace-path';

const KINDS = ['mock', 'fixed', 'http', 'mcp', 'simulated', 'none'] as const;

function readArgumentFile(flag: string, file: string): string {
  try {
    return fs.readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new TrellisError('E1002', `--${flag} names a file that cannot be read: ${(error as Error).message}.`);
  }
}

/** The fixed responses of a file: `[{match, result}…]` or `{responses: [...], default: …}`. */
function fixedRuntime(text: string): ToolRuntime {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TrellisError('E1002', `--fixed file is not JSON: ${(error as Error).message}.`);
  }
  const parsed = ToolRuntime.safeParse(
    Array.isArray(value) ? { kind: 'fixed', responses: value } : { ...(value as object), kind: 'fixed' },
  );
  if (!parsed.success)
    throw new TrellisError(
      'E1002',
      `--fixed file does not hold fixed responses: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'file'} ${i.message}`).join('; ')}.`,
      'Write [{"match": {"room_id": "r1"}, "result": {…}}, …] or {"responses": […], "default": {…}}.',
    );
  return parsed.data;
}

function headersFrom(values: unknown): Record<string, string> | undefined {
  const list = [values ?? []].flat().map(String);
  if (!list.length) return undefined;
  return Object.fromEntries(
    list.map((header) => {
      const at = header.indexOf(':');
      if (at < 1) throw new TrellisError('E1002', `--header takes "Name: value", not "${header}".`);
      return [header.slice(0, at).trim(), header.slice(at + 1).trim()];
    }),
  );
}

/** The runtime the flags describe; exactly one kind must be named. */
function runtimeFromFlags(values: Record<string, unknown>, tool: string): ToolRuntime | null {
  const given = KINDS.filter((k) => values[k] !== undefined && values[k] !== false);
  if (given.length !== 1)
    throw new TrellisError(
      'E1002',
      given.length ? `Give one runtime, not ${given.map((k) => `--${k}`).join(' and ')}.` : 'No runtime given.',
      'Name one of --mock FILE, --fixed FILE, --http URL, --mcp COMMAND, --simulated or --none.',
    );
  const value = values[given[0]!];
  switch (given[0]!) {
    case 'mock':
      return { kind: 'mock', code: readArgumentFile('mock', String(value)) };
    case 'fixed':
      return fixedRuntime(readArgumentFile('fixed', String(value)));
    case 'http': {
      const url = String(value);
      if (!/^https?:\/\//.test(url)) throw new TrellisError('E1002', `--http takes an http(s) URL, not "${url}".`);
      const headers = headersFrom(values.header);
      return {
        kind: 'http',
        method: typeof values.method === 'string' ? values.method.toUpperCase() : 'GET',
        url,
        ...(headers ? { headers } : {}),
      };
    }
    case 'mcp': {
      const words = splitCommandLine(String(value));
      if (!words) throw new TrellisError('E1002', '--mcp has an unclosed quote.');
      const [command, ...args] = words;
      if (!command) throw new TrellisError('E1002', '--mcp takes the command line that starts the server.');
      return { kind: 'mcp', server: { command, args }, tool: String(values['mcp-tool'] ?? tool) };
    }
    case 'simulated':
      return {
        kind: 'llm-simulated',
        ...(typeof values.instructions === 'string' ? { instructions: values.instructions } : {}),
      };
    default:
      return null;
  }
}

export const graphRuntimeVerb: Verb = {
  name: 'graph runtime',
  summary:
    'Give tools of a graph a runtime: JavaScript mock code, fixed responses, an HTTP endpoint, an MCP\n' +
    "server's tool, the loaded model (simulated), or none. Saved with the graph and in its exported JSON.",
  usage:
    "trellis graph runtime --graph NAME --tool T[,T…] (--mock FILE.js | --fixed FILE.json | --http URL [--method M] [--header 'K: V']…\n" +
    "                      | --mcp 'COMMAND' [--mcp-tool NAME] | --simulated [--instructions TEXT] | --none) [--workspace FILE] [--json]",
  options: {
    workspace: { type: 'string', description: `Workspace file (default ${defaultWorkspacePath()})` },
    graph: { type: 'string', description: 'Tool graph name (optional when the workspace has one)' },
    tool: { type: 'string', multiple: true, description: 'Tool to set (repeat, or comma-separate, for several)' },
    mock: {
      type: 'string',
      description: 'File with the body of a JavaScript function of args that returns the result',
    },
    fixed: {
      type: 'string',
      description: 'JSON file: [{"match": {…}, "result": …}] or {"responses": […], "default": …}',
    },
    http: { type: 'string', description: 'URL template; {name} is filled from the argument of that name' },
    method: { type: 'string', description: 'HTTP method for --http (default GET)' },
    header: { type: 'string', multiple: true, description: 'HTTP header for --http, "Name: value" (repeatable)' },
    mcp: { type: 'string', description: 'Command line that starts the MCP server (stdio)' },
    'mcp-tool': { type: 'string', description: "The server's tool to call (default: the tool's own name)" },
    simulated: { type: 'boolean', description: 'Let the loaded model play the tool' },
    instructions: { type: 'string', description: 'What the model should know when it plays the tool (--simulated)' },
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
