import { bfclCategory, checkBfclEntry } from '../../../shared/analysis/bfcl-ast';
import { embeddingSimilarity, lexicalSimilarity } from '../../../shared/analysis/node-matching';
import { scoreWorkflow } from '../../../shared/analysis/worfbench';
import { parseWorkflow } from '../../../shared/analysis/workflow-text';
import type { WorkflowItemScore } from '../../../shared/contract/evaluation';
import { readBfclAnswers, readBfclEntries, readBfclPredictions, readWorkflowTexts } from '../../io/eval-files';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Benchmarks' metrics over files of predictions and gold answers. */
export function evaluationHandlers({ models }: BackendContext): HandlerMap {
  return {
    'eval.worfbench': async ({ pred, gold, compat, matcher }) => {
      const predictions = new Map(readWorkflowTexts(pred).map((p) => [p.id, p.text]));
      const items: WorkflowItemScore[] = [];
      for (const g of readWorkflowTexts(gold)) {
        const text = predictions.get(g.id);
        if (text === undefined) {
          items.push({
            id: g.id,
            f1Chain: 0,
            f1Graph: 0,
            precisionChain: 0,
            recallChain: 0,
            matchedNodes: 0,
            error: 'no prediction',
          });
          continue;
        }
        const p = parseWorkflow(text);
        const w = parseWorkflow(g.text);
        let similarity;
        if (matcher === 'model') {
          const vectors = await models().embed([...p.nodes, ...w.nodes]);
          similarity = embeddingSimilarity(vectors.slice(0, p.nodes.length), vectors.slice(p.nodes.length));
        } else similarity = lexicalSimilarity(p.nodes, w.nodes);
        items.push({ id: g.id, ...scoreWorkflow(p, w, similarity, { compat }) });
      }
      return {
        matcher: matcher === 'model' ? 'embedding' : 'lexical',
        compat,
        items,
        mean: {
          f1Chain: mean(items.map((i) => i.f1Chain)),
          // An item the reference cannot score counts as 0, as a failed item would.
          f1Graph: mean(items.map((i) => i.f1Graph ?? 0)),
        },
      };
    },
    'eval.bfcl': ({ pred, answers, entries }) => {
      const calls = readBfclPredictions(pred);
      const tests = readBfclEntries(entries);
      const byCategory: Record<string, { total: number; valid: number }> = {};
      const items = [...readBfclAnswers(answers)].map(([id, groundTruth]) => {
        const category = bfclCategory(id);
        const entry = tests.get(id);
        const predicted = calls.get(id);
        const verdict = !entry
          ? { valid: false, error: 'no test entry with this id' }
          : !predicted
            ? { valid: false, error: 'no prediction' }
            : checkBfclEntry(id, predicted, entry.functions, groundTruth);
        const bucket = (byCategory[category] ??= { total: 0, valid: 0 });
        bucket.total++;
        if (verdict.valid) bucket.valid++;
        return { id, category, ...verdict };
      });
      return { items, accuracy: mean(items.map((i) => (i.valid ? 1 : 0))), byCategory };
    },
  };
}
