import fs from 'node:fs';
import path from 'node:path';
import { TrellisError } from '../shared/errors';
import { RUNTIME_KINDS, splitCommandLine, type RuntimeKind, type RuntimeOf } from '../shared/runtimes';
import type { VerbOption } from './verb';

type Values = Record<string, unknown>;

/** How `trellis graph runtime` names one kind: its flag (the kind's own name), what goes with it, the runtime made. */
export interface RuntimeFlag<K extends RuntimeKind> {
  /** Older spellings still accepted, each the same as the flag. */
  aliases?: string[];
  /** `--mock FILE.js`, in the usage line. */
  usage: string;
  /** The kind's flag (its description) and the flags that only go with it. */
  option: VerbOption;
  extra?: Record<string, VerbOption>;
  /** The runtime the flags give `tool`: `value` is the kind's flag's. */
  runtime(value: unknown, values: Values, tool: string): RuntimeOf<K>;
}

/** A kind with no flag of its own, and the verb that gives tools one instead. */
export interface MadeElsewhere {
  madeBy: string;
}

function readArgumentFile(flag: string, file: string): string {
  try {
    return fs.readFileSync(path.resolve(file), 'utf8');
  } catch (error) {
    throw new TrellisError('E1002', `--${flag} names a file that cannot be read: ${(error as Error).message}.`);
  }
}

/** The fixed responses of a file: `[{match, result}…]` or `{responses: [...], default: …}`. */
function fixedRuntime(text: string): RuntimeOf<'fixed'> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TrellisError('E1002', `--fixed file is not JSON: ${(error as Error).message}.`);
  }
  const parsed = RUNTIME_KINDS.fixed.schema.safeParse(
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

/** Every runtime kind's flag, named as the kind is; a kind without one says which verb makes it. */
export const RUNTIME_FLAGS: { [K in RuntimeKind]: RuntimeFlag<K> | MadeElsewhere } = {
  mock: {
    usage: '--mock FILE.js',
    option: {
      type: 'string',
      description: 'File with the body of a JavaScript function of args that returns the result',
    },
    runtime: (value) => ({ kind: 'mock', code: readArgumentFile('mock', String(value)) }),
  },
  fixed: {
    usage: '--fixed FILE.json',
    option: {
      type: 'string',
      description: 'JSON file: [{"match": {…}, "result": …}] or {"responses": […], "default": …}',
    },
    runtime: (value) => fixedRuntime(readArgumentFile('fixed', String(value))),
  },
  'llm-simulated': {
    aliases: ['simulated'],
    usage: '--llm-simulated [--instructions TEXT]',
    option: { type: 'boolean', description: 'Let the loaded model play the tool (also --simulated)' },
    extra: {
      instructions: {
        type: 'string',
        description: 'What the model should know when it plays the tool (--llm-simulated)',
      },
    },
    runtime: (_, values) => ({
      kind: 'llm-simulated',
      ...(typeof values.instructions === 'string' ? { instructions: values.instructions } : {}),
    }),
  },
  mcp: {
    usage: "--mcp 'COMMAND' [--mcp-tool NAME]",
    option: { type: 'string', description: 'Command line that starts the MCP server (stdio)' },
    extra: { 'mcp-tool': { type: 'string', description: "The server's tool to call (default: the tool's own name)" } },
    runtime: (value, values, tool) => {
      const words = splitCommandLine(String(value));
      if (!words) throw new TrellisError('E1002', '--mcp has an unclosed quote.');
      const [command, ...args] = words;
      if (!command) throw new TrellisError('E1002', '--mcp takes the command line that starts the server.');
      return { kind: 'mcp', server: { command, args }, tool: String(values['mcp-tool'] ?? tool) };
    },
  },
  http: {
    usage: "--http URL [--method M] [--header 'K: V']…",
    option: { type: 'string', description: 'URL template; {name} is filled from the argument of that name' },
    extra: {
      method: { type: 'string', description: 'HTTP method for --http (default GET)' },
      header: { type: 'string', multiple: true, description: 'HTTP header for --http, "Name: value" (repeatable)' },
    },
    runtime: (value, values) => {
      const url = String(value);
      if (!/^https?:\/\//.test(url)) throw new TrellisError('E1002', `--http takes an http(s) URL, not "${url}".`);
      const headers = headersFrom(values.header);
      return {
        kind: 'http',
        method: typeof values.method === 'string' ? values.method.toUpperCase() : 'GET',
        url,
        ...(headers ? { headers } : {}),
      };
    },
  },
  replay: { madeBy: 'trellis graph replay' },
  environment: {
    usage: '--environment [--environment-tool NAME]',
    option: { type: 'boolean', description: "Answer from the graph's environment, the world its tools share" },
    extra: {
      'environment-tool': {
        type: 'string',
        description: "The environment's tool that answers (--environment; default: the tool's own name)",
      },
    },
    runtime: (_, values) => ({
      kind: 'environment',
      ...(typeof values['environment-tool'] === 'string' ? { method: values['environment-tool'] } : {}),
    }),
  },
};

/** A flag given on the command line, and the kind it names (null: --none). */
export interface GivenFlag {
  flag: string;
  kind: RuntimeKind | null;
}

/** Every flag that names a runtime (the kinds', their aliases, then --none), in the registry's order. */
export const RUNTIME_FLAG_NAMES: GivenFlag[] = [
  ...(Object.keys(RUNTIME_FLAGS) as RuntimeKind[]).flatMap((kind) => {
    const entry = RUNTIME_FLAGS[kind];
    return 'madeBy' in entry ? [] : [kind, ...(entry.aliases ?? [])].map((flag) => ({ flag, kind }));
  }),
  { flag: 'none', kind: null },
];
