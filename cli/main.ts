import { printable } from '../shared/text';
import { checkVerb } from './check';
import { DATASET_VERBS } from './dataset';
import { evalVerb } from './eval';
import { EXPERIMENT_VERBS } from './experiment';
import { graphExportVerb } from './graph-export';
import { graphInferReturnsVerb, graphReplayVerb } from './graph-recordings';
import { graphRuntimeVerb } from './graph-runtime';
import { graphImportToolsVerb } from './graph-import-tools';
import { graphSecretVerb } from './graph-secret';
import { graphSuggestionsVerb } from './graph-suggestions';
import { dedupVerb, exportVerb } from './export';
import { importVerb } from './import';
import { MODEL_VERBS } from './model';
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

/** Verbs that take a second word (`trellis dataset create`), by their first. */
const GROUPS: Record<string, { summary: string; verbs: Verb[] }> = {
  graph: {
    summary:
      'Tools of a graph: graph import-tools (from a file), graph export (as Trellis JSON), graph runtime (set one), graph replay (from trajectories), graph infer-returns, graph secret (an API key for HTTP tools); graph suggestions (edges to draw).',
    verbs: [
      graphImportToolsVerb,
      graphExportVerb,
      graphRuntimeVerb,
      graphReplayVerb,
      graphInferReturnsVerb,
      graphSecretVerb,
      graphSuggestionsVerb,
    ],
  },
  dataset: {
    summary: 'Make, list and show datasets: dataset create NAME, dataset list, dataset show NAME.',
    verbs: DATASET_VERBS,
  },
  experiment: {
    summary:
      'Re-run recorded trajectories with a candidate model or prompt: experiment run (the filter flags, --server or --model), experiment show ID.',
    verbs: EXPERIMENT_VERBS,
  },
  model: {
    summary: 'The local llama.cpp binding: model build (for this machine), model info (which one runs).',
    verbs: MODEL_VERBS,
  },
};

/** A summary's first sentence on one line: what the list of verbs shows of it. */
const firstSentence = (summary: string) => /^.*?\.(?=\s|$)/.exec(summary.replace(/\s*\n\s*/g, ' '))?.[0] ?? summary;

const VERB_LIST: [string, string][] = [
  ...VERBS.map((verb): [string, string] => [verb.name, verb.summary]),
  ...Object.entries(GROUPS).map(([name, group]): [string, string] => [name, group.summary]),
];
const NAME_WIDTH = Math.max(...VERB_LIST.map(([name]) => name.length)) + 2;

const USAGE = `Usage: trellis <verb> [options]

Trellis — an IDE for agent planning. Verbs:
${VERB_LIST.map(([name, summary]) => `  ${name.padEnd(NAME_WIDTH)}${firstSentence(summary)}`).join('\n')}

Run "trellis <verb> --help" for a verb's options.`;

/** Entry of the `trellis` command; returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  // Titles, names, paths and messages come from imported or shared data: no control character in
  // them (an escape sequence, a carriage return) reaches the terminal as it is.
  const io = { out: (t: string) => console.log(printable(t)), err: (t: string) => console.error(printable(t)) };
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(USAGE);
    return name ? 0 : 2;
  }
  const group = Object.hasOwn(GROUPS, name) ? GROUPS[name] : undefined;
  if (group) return runGroup(name, group.verbs, rest, io);
  const verb = VERBS.find((v) => v.name === name);
  if (!verb) {
    io.err(`trellis: unknown verb "${name}".\n\n${USAGE}`);
    return 2;
  }
  return runVerb(verb, rest, io);
}

function runGroup(
  name: string,
  verbs: Verb[],
  [sub, ...rest]: string[],
  io: { out(t: string): void; err(t: string): void },
): Promise<number> | number {
  const usage = `Usage: trellis ${name} <${verbs.map((v) => v.name.split(' ')[1]).join('|')}> [options]\n\n${verbs
    .map((v) => `  ${v.usage.replace(/^trellis /, '').split('\n')[0]}`)
    .join('\n')}\n\nRun "trellis ${name} <verb> --help" for its options.`;
  if (sub === '--help' || sub === '-h' || sub === 'help') {
    io.out(usage);
    return 0;
  }
  if (!sub || sub.startsWith('-')) {
    io.err(usage);
    return 2;
  }
  const verb = verbs.find((v) => v.name === `${name} ${sub}`);
  if (!verb) {
    io.err(`trellis ${name}: unknown verb "${sub}".\n\n${usage}`);
    return 2;
  }
  return runVerb(verb, rest, io);
}

export { helpText };
