import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TrellisError } from '../shared/errors';
import { createBackend } from '../backend';
import type { Verb } from './verb';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export const evalVerb: Verb = {
  name: 'eval',
  summary: 'Score predictions against gold answers: WorfBench F1 chain/graph, or the BFCL AST check.',
  usage:
    'trellis eval worfbench --pred FILE --gold FILE [--compat] [--json]\n' +
    '       trellis eval bfcl --pred FILE --answers FILE --entries FILE [--fc] [--backtracking] [--json]\n\n' +
    "bfcl gives the leaderboard's AST verdicts (gorilla ast_checker.py) and its error type per item.\n" +
    '--pred is a leaderboard result file ({id, result} per line): prompt-mode text in Python call syntax\n' +
    '(decoded as the leaderboard does; "decode failed" where it fails), or with --fc a function-calling\n' +
    "model's [{name: arguments}] list. Categories come from the ids: simple, multiple, parallel,\n" +
    'parallel_multiple, live_* (same checker), irrelevance/live_irrelevance (pass when no call is made).',
  positional: 'metric',
  options: {
    metric: { type: 'string', description: 'worfbench or bfcl (or give it as the first argument)' },
    pred: { type: 'string', description: 'Predictions (JSON array or JSON Lines)' },
    gold: { type: 'string', description: 'WorfBench gold workflows' },
    compat: { type: 'boolean', description: "Reproduce the WorfBench reference implementation's quirks" },
    answers: { type: 'string', description: 'BFCL possible answers' },
    entries: { type: 'string', description: 'BFCL test entries (the function definitions)' },
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
        else {
          for (const item of result.items)
            io.out(
              `${item.id.padEnd(24)} ${item.valid ? 'ok' : `FAIL  ${item.errorType ?? 'trellis'}  ${item.error ?? ''}`}`,
            );
          // The leaderboard's own line per category, then the counts.
          for (const [category, c] of Object.entries(result.byCategory))
            io.out(
              `✅ Test completed: ${category}. 🎯 Accuracy: ${(100 * (c.valid / c.total)).toFixed(2)}%  (${c.valid}/${c.total})`,
            );
          if (result.matching === 'backtracking')
            io.out("Parallel calls paired by search (--backtracking): these are not the leaderboard's verdicts.");
          io.out(`AST accuracy ${pct(result.accuracy)} over ${result.items.length} entries.`);
        }
      }
      return 0;
    } finally {
      backend.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};
