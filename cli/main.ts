import { checkVerb } from './check';
import { evalVerb } from './eval';
import { dedupVerb, exportVerb } from './export';
import { importVerb } from './import';
import { planVerb, runPlanVerb } from './plan';
import { synthVerb } from './synth';
import { serveVerb } from './serve';
import { helpText, runVerb, type Verb } from './verb';

const VERBS: Verb[] = [
  serveVerb,
  importVerb,
  checkVerb,
  evalVerb,
  planVerb,
  runPlanVerb,
  exportVerb,
  dedupVerb,
  synthVerb,
];

const USAGE = `Usage: trellis <verb> [options]

Trellis — an IDE for agent planning. Verbs:
${VERBS.map((verb) => `  ${verb.name.padEnd(10)}${verb.summary.split('\n')[0]}`).join('\n')}

Run "trellis <verb> --help" for a verb's options.`;

/** Entry of the `trellis` command; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const io = { out: (t: string) => console.log(t), err: (t: string) => console.error(t) };
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(USAGE);
    return name ? 0 : 2;
  }
  const verb = VERBS.find((v) => v.name === name);
  if (!verb) {
    io.err(`trellis: unknown verb "${name}".\n\n${USAGE}`);
    return 2;
  }
  return runVerb(verb, rest, io);
}

export { helpText };
