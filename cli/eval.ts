import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Result } from '../shared/contract';
import type { BfclMultiTurnDetails } from '../shared/contract/evaluation';
import { TrellisError } from '../shared/errors';
import { countOf } from '../shared/text';
import { createBackend } from '../backend';
import type { Verb } from './verb';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** Per entry its verdict (a failed multi-turn one with where it failed), then the leaderboard's line per category. */
function printBfcl(result: Result<'evaluation.bfcl'>, out: (line: string) => void) {
  for (const item of result.items) {
    const where = item.details ? multiTurnWhere(item.details) : '';
    out(
      `${item.id.padEnd(24)} ${item.valid ? 'ok' : `FAIL  ${item.errorType ?? 'trellis'}  ${item.error ?? ''}${where}`}`,
    );
  }
  for (const [category, c] of Object.entries(result.byCategory))
    out(
      `✅ Test completed: ${category}. 🎯 Accuracy: ${(100 * (c.valid / c.total)).toFixed(2)}%  (${c.valid}/${c.total})`,
    );
  if (result.matching === 'backtracking')
    out("Parallel calls paired by search (--backtracking): these are not the leaderboard's verdicts.");
  const unscored = result.items.filter((i) => i.errorType === 'trellis:unknown_api_class');
  if (unscored.length)
    out(
      `${countOf(unscored.length, 'multi-turn entry', 'multi-turn entries')} counted as failed without being run (the leaderboard runs them): ${[...new Set(unscored.map((i) => i.error))].join(' ')}`,
    );
  const multiTurn = result.items.some((i) => i.category.startsWith('multi_turn'));
  out(`${multiTurn ? 'Accuracy' : 'AST accuracy'} ${pct(result.accuracy)} over ${result.items.length} entries.`);
}

/** The first thing that differed in a failed multi-turn entry, on the same line. */
function multiTurnWhere(details: BfclMultiTurnDetails): string {
  const first = details.state?.differences[0];
  if (first) {
    const at = first.at ?? { path: first.attribute, model: first.model, groundTruth: first.groundTruth };
    return `  (${at.path}: ${clip(at.model)}, expected ${clip(at.groundTruth)})`;
  }
  if (details.missing?.length) return `  (missing: ${details.missing.map(clip).join(' | ')})`;
  return '';
}

const clip = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

const WORFBENCH_USAGE = 'trellis eval worfbench --pred FILE --gold FILE [--compat] [--json]';
const BFCL_USAGE = 'trellis eval bfcl --pred FILE --answers FILE --entries FILE [--fc] [--backtracking] [--json]';
const WORFBENCH_HELP =
  "worfbench gives F1 chain and F1 graph per item and their means. --gold is WorfBench's JSON (the workflow\n" +
  "as the last assistant turn). --pred is WorfBench's generator output (node_eval.py: a JSON array of\n" +
  '{"query": <gold item>, "workflow": TEXT}, or JSON Lines with the text at answer.choices[0].message.content),\n' +
  'paired with the gold by position and checked by query.id; or {id, workflow} records, paired by id.\n' +
  "--compat gives the reference's numbers (zjunlp/WorFBench graph_evaluator.py with networkx), quirks\n" +
  'included. Without it the metric is corrected; each correction, with what --compat does instead:\n' +
  '  - nodes are the numbered lines before the edge list (Edge: or Edges:), edges only those after it\n' +
  '    (compat: the node pattern over the whole text, the edge pattern anywhere);\n' +
  '  - every prediction is scored (compat: one without the word "Node" or without an edge is skipped,\n' +
  '    scoring 0 and 0, and still counts in the mean);\n' +
  "  - nodes are matched once, by the Hungarian method (compat: networkx's blossom matching, again for\n" +
  '    every gold order, its tie-breaking included: a copied chain of two equal steps gets F1 chain 0.5);\n' +
  '  - gold orders are the first 20 topological orders in lexicographic order (compat: the first 20 of\n' +
  "    networkx's all_topological_sorts: 4 parallel steps lose the order 1 2 3 4, so a copy gets 0.75);\n" +
  '  - a gold graph of 10+ nodes is scored over its orders (compat: its raw node list, START and END\n' +
  '    included, so recall is at most n/(n+2));\n' +
  '  - no matched node gives a chain of 0 (compat: the count starts at 1: F1 0.4 for 2 unmatched vs 3);\n' +
  '  - a predicted edge is common when, translated through the node matching, it is a gold edge\n' +
  '    (compat: raw index pairs are compared, so a reversed chain scores 1.0);\n' +
  "  - an input the reference cannot score is still scored (compat: the item names the reference's error,\n" +
  '    e.g. a cycle in the gold graph, no predicted node, nothing matched, and counts as 0).\n\n';
const BFCL_HELP =
  "bfcl gives the leaderboard's AST verdicts (gorilla ast_checker.py) and its error type per item.\n" +
  '--pred is a leaderboard result file ({id, result} per line): prompt-mode text in Python call syntax\n' +
  '(decoded as the leaderboard does; "decode failed" where it fails), or with --fc a function-calling\n' +
  "model's [{name: arguments}] list. Categories come from the ids: simple, multiple, parallel,\n" +
  'parallel_multiple, live_* (same checker), irrelevance/live_irrelevance (pass when no call is made).\n' +
  'multi_turn_base, _miss_func, _miss_param, _long_context: --entries is the question file (involved_classes,\n' +
  'initial_config), --answers the possible answers (ground_truth: call strings per turn), --pred a result per\n' +
  'entry with a list of steps per turn. Each step is decoded as the handlers do (failed or empty steps skipped),\n' +
  "the calls run in Trellis's API classes, and per turn the state, then the responses, are compared with the\n" +
  "ground truth's: the leaderboard's verdicts and error types (multi_turn:instance_state_mismatch, …).";

export const evalVerb: Verb = {
  name: 'eval',
  summary:
    'Score predictions against gold answers: WorfBench F1 chain/graph, or BFCL (the AST check, multi-turn state and responses).',
  usage: `${WORFBENCH_USAGE}\n       ${BFCL_USAGE}\n\n${WORFBENCH_HELP}${BFCL_HELP}`,
  usageFor: (metric) =>
    metric === 'worfbench'
      ? `${WORFBENCH_USAGE}\n\n${WORFBENCH_HELP}`
      : metric === 'bfcl'
        ? `${BFCL_USAGE}\n\n${BFCL_HELP}`
        : undefined,
  positional: 'metric',
  options: {
    metric: { type: 'string', description: 'worfbench or bfcl (or give it as the first argument)' },
    pred: {
      type: 'string',
      description: "Predictions: WorfBench's generator output, {id, workflow} records, or BFCL results",
    },
    gold: { type: 'string', description: 'WorfBench gold workflows' },
    compat: {
      type: 'boolean',
      description: "WorfBench: the reference implementation's numbers, quirks included (see above)",
    },
    answers: { type: 'string', description: 'BFCL possible answers' },
    entries: {
      type: 'string',
      description:
        'BFCL question file: the function definitions (single-turn) or involved_classes and initial_config (multi-turn)',
    },
    fc: {
      type: 'boolean',
      description: "BFCL results of a function-calling model: [{name: arguments}], '.' in names read as '_'",
    },
    backtracking: {
      type: 'boolean',
      description: "Pair parallel calls by search, not the leaderboard's greedy in-order pass (verdicts then differ)",
    },
  },
  async run(values, io) {
    const need = (name: string) => {
      if (typeof values[name] !== 'string') throw new TrellisError('E1002', `--${name} is required.`);
      return path.resolve(values[name] as string);
    };
    if (values.metric !== 'worfbench' && values.metric !== 'bfcl')
      throw new TrellisError('E1002', 'Name the metric: trellis eval worfbench … or trellis eval bfcl …');
    // Scoring needs no workspace data: a throwaway one carries the contract calls.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trellis-eval-'));
    const backend = createBackend({ workspace: path.join(dir, 'eval.trellis'), host: 'cli', seed: false });
    try {
      if (values.metric === 'worfbench') {
        const result = await backend.registry.invoke('evaluation.worfbench', {
          pred: need('pred'),
          gold: need('gold'),
          compat: values.compat === true,
        });
        if (io.json) io.out(JSON.stringify({ ok: true, ...result }));
        else {
          for (const item of result.items)
            io.out(
              `${item.id.padEnd(24)} f1_chain ${item.f1Chain.toFixed(4)}  f1_graph ${item.f1Graph === null ? '  —   ' : item.f1Graph.toFixed(4)}${item.error ? `  (${item.error})` : ''}`,
            );
          io.out(
            `Mean over ${result.items.length}: F1 chain ${result.mean.f1Chain.toFixed(4)}, F1 graph ${result.mean.f1Graph.toFixed(4)}` +
              ` (nodes matched ${result.matcher === 'lexical' ? 'lexically: no embedding model' : 'by embeddings'}${result.compat ? ', compat mode' : ''}).`,
          );
        }
      } else {
        const result = await backend.registry.invoke('evaluation.bfcl', {
          pred: need('pred'),
          answers: need('answers'),
          entries: need('entries'),
          fc: values.fc === true,
          matching: values.backtracking === true ? 'backtracking' : 'official',
        });
        if (io.json) io.out(JSON.stringify({ ok: true, ...result }));
        else printBfcl(result, io.out);
      }
      return 0;
    } finally {
      backend.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
