import { embeddingSimilarity, lexicalSimilarity, type SimilarityMatrix } from '../../shared/compare/node-matching';
import { scoreWorkflow } from '../../shared/metrics/worfbench';
import { parseWorkflow, type Workflow } from '../../shared/plans/workflow-text';
import { parseWorkflowAsReference } from '../../shared/plans/workflow-text-reference';
import type { WorkflowItemScore } from '../../shared/contract/evaluation';
import { TrellisError } from '../../shared/errors';
import { readWorkflowPredictions, readWorkflowTexts, type WorkflowPrediction } from './workflow-files';

export interface WorfBenchRun {
  pred: string;
  gold: string;
  compat: boolean;
  /** Embeds node texts (the loaded model); absent: the lexical stand-in. */
  embed?: (texts: string[]) => Promise<number[][]>;
}

const zero = (id: string, error: string, f1Graph: number | null = 0): WorkflowItemScore => ({
  id,
  f1Chain: 0,
  f1Graph,
  precisionChain: 0,
  recallChain: 0,
  matchedNodes: 0,
  error,
});

/** Each gold item's prediction, paired by id or by position as the prediction file asks. */
function pairPredictions(predFile: string, gold: { id: string }[]): (WorkflowPrediction | string)[] {
  const predictions = readWorkflowPredictions(predFile);
  if (predictions.pairing === 'id') return gold.map((g) => predictions.byId.get(g.id) ?? 'no prediction');
  if (predictions.items.length !== gold.length)
    throw new TrellisError(
      'E4004',
      `${predFile} has ${predictions.items.length} predictions for ${gold.length} gold items. Predictions without an "id" (WorfBench's generator output) are paired with the gold file by position, so both must list the same items in the same order.`,
    );
  return gold.map((g, i) => {
    const p = predictions.items[i]!;
    return p.id !== undefined && p.id !== g.id
      ? `${p.where} is for query "${p.id}", not gold item "${g.id}" at the same position`
      : p;
  });
}

/**
 * WorfBench F1 chain and F1 graph of every gold item. In compat mode texts are read and
 * scored by the reference's rules: a prediction it skips (no `Node`, no edge) scores 0 and 0
 * and still counts in the mean, as the reference divides by the number of gold items.
 */
export async function scoreWorfBenchFiles({ pred, gold, compat, embed }: WorfBenchRun): Promise<WorkflowItemScore[]> {
  const golds = readWorkflowTexts(gold);
  const paired = pairPredictions(pred, golds);
  const similarity = async (p: Workflow, g: Workflow): Promise<SimilarityMatrix> => {
    if (!embed) return lexicalSimilarity(p.nodes, g.nodes);
    const vectors = await embed([...p.nodes, ...g.nodes]);
    return embeddingSimilarity(vectors.slice(0, p.nodes.length), vectors.slice(p.nodes.length));
  };
  const items: WorkflowItemScore[] = [];
  for (const [i, g] of golds.entries()) {
    const prediction = paired[i]!;
    if (typeof prediction === 'string') {
      items.push(zero(g.id, prediction));
      continue;
    }
    if (prediction.text === null) {
      items.push(zero(g.id, `no workflow text in ${prediction.where}`));
      continue;
    }
    if (!compat) {
      const p = parseWorkflow(prediction.text);
      const w = parseWorkflow(g.text);
      items.push({ id: g.id, ...scoreWorkflow(p, w, await similarity(p, w)) });
      continue;
    }
    const p = parseWorkflowAsReference(prediction.text);
    if ('skipped' in p) {
      items.push(zero(g.id, `skipped as the reference skips it: ${p.skipped}`));
      continue;
    }
    const w = parseWorkflowAsReference(g.text);
    if ('skipped' in w) {
      items.push(
        zero(g.id, `gold workflow: ${w.skipped} (the reference implementation stops with an error here)`, null),
      );
      continue;
    }
    items.push({ id: g.id, ...scoreWorkflow(p, w, await similarity(p, w), { compat: true }) });
  }
  return items;
}
