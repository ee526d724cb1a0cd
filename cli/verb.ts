import { parseArgs } from 'node:util';
import { formatError } from '../shared/errors';
import { toTrellisError } from '../backend';

export interface VerbOption {
  type: 'string' | 'boolean';
  short?: string;
  /** May be given more than once; the verb then gets an array of strings. */
  multiple?: boolean;
  description: string;
}
type Options = Record<string, VerbOption>;

export interface Verb {
  name: string;
  summary: string;
  usage: string;
  options: Options;
  /** A string option that may also be given bare, as the first argument (`trellis import FILE`). */
  positional?: string;
  /** The usage for one value of the positional (`trellis eval bfcl --help`); `usage` where it gives none. */
  usageFor?: (positional: string) => string | undefined;
  /** Returns the exit code; prints its own results. */
  run(values: Record<string, string | string[] | boolean | undefined>, io: VerbIO): Promise<number>;
}

export interface VerbIO {
  json: boolean;
  out(text: string): void;
  err(text: string): void;
}

const COMMON: Options = {
  help: { type: 'boolean', short: 'h', description: 'Show this help' },
  json: { type: 'boolean', description: 'Print a JSON summary' },
};

export async function runVerb(verb: Verb, argv: string[], io: Omit<VerbIO, 'json'>): Promise<number> {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    const parsed = parseArgs({
      args: argv,
      options: parseOptions({ ...COMMON, ...verb.options }),
      strict: true,
      allowPositionals: true,
    });
    values = parsed.values as Record<string, string | string[] | boolean | undefined>;
    if (parsed.positionals.length > (verb.positional ? 1 : 0))
      throw new Error(`Unexpected argument "${parsed.positionals.at(-1)}"`);
    if (verb.positional && parsed.positionals[0] !== undefined) values[verb.positional] ??= parsed.positionals[0];
  } catch (error) {
    io.err(`trellis ${verb.name}: ${(error as Error).message}\n\n${helpText(verb)}`);
    return 2;
  }
  if (values.help) {
    const positional = verb.positional ? values[verb.positional] : undefined;
    io.out(helpText(verb, typeof positional === 'string' ? positional : undefined));
    return 0;
  }
  const json = values.json === true;
  try {
    return await verb.run(values, { ...io, json });
  } catch (error) {
    const data = toTrellisError(error).toData();
    if (json) io.out(JSON.stringify({ ok: false, error: data }));
    else io.err(`trellis ${verb.name}: ${formatError(data)}`);
    // Invalid arguments are a usage error (2), like an unknown flag; anything else failed (1).
    return data.code === 'E1002' ? 2 : 1;
  }
}

export function helpText(verb: Verb, positional?: string): string {
  const flags = Object.entries({ ...verb.options, ...COMMON }).map(
    ([name, option]) => [`--${name}${option.type === 'string' ? ' <value>' : ''}`, option.description] as const,
  );
  // One column for the descriptions, at least two spaces after the longest flag.
  const width = Math.max(26, ...flags.map(([flag]) => flag.length + 2));
  const lines = flags.map(([flag, description]) => `  ${flag.padEnd(width)}${description}`);
  const usage = (positional !== undefined && verb.usageFor?.(positional)) || verb.usage;
  return `Usage: ${usage}\n\n${verb.summary}\n\nOptions:\n${lines.join('\n')}`;
}

function parseOptions(
  options: Options,
): Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> {
  return Object.fromEntries(
    Object.entries(options).map(([name, { type, short, multiple }]) => [
      name,
      { type, ...(short ? { short } : {}), ...(multiple ? { multiple } : {}) },
    ]),
  );
}
