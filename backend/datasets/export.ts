import fs from 'node:fs';
import path from 'node:path';
import type { Dataset, Tool } from '../../shared/domain';
import { TrellisError } from '../../shared/errors';
import { unattendedJob, type Job } from '../jobs/job';
import type { WorkspaceStore } from '../store/workspace-store';
import {
  EXPORTERS,
  shareGPTDatasetInfo,
  type ExportFormat,
  type ExportItem,
} from '../../shared/formats/export-records';

const CHUNK = 500;

/** Weights per turn: 0 on every assistant turn of a low-rated trajectory and on turns with an error finding. */
function weightsOf(rating: number | undefined, bad: Set<number> | undefined, turns: number): (0 | 1)[] {
  const low = rating !== undefined && rating <= 2;
  return Array.from({ length: turns }, (_, i) => (low || bad?.has(i) ? 0 : 1));
}

/**
 * Writes a dataset in an SFT format, one file per split (`<name>.<split>.jsonl`; WorfBench: a
 * JSON array per split, as its gold files are), streaming a chunk at a time. ShareGPT exports
 * also write the `dataset_info.json` entry LLaMA-Factory needs. A cancelled job stops after the
 * chunk it is writing: each file is closed well-formed and listed with what it holds.
 */
export async function exportDataset(
  store: WorkspaceStore,
  dataset: Dataset,
  format: ExportFormat,
  dir: string,
  job: Job = unattendedJob('datasets.export'),
) {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new TrellisError('E2005', `Cannot write to ${dir}: ${(error as Error).message}`);
  }
  const graphs = new Map<string, Tool[]>();
  const toolsOf = (graphId: string | null) => {
    if (!graphId) return [];
    if (!graphs.has(graphId)) graphs.set(graphId, store.graphs.get(graphId).tools);
    return graphs.get(graphId)!;
  };
  const safeName = dataset.name.replace(/[^\w.-]+/g, '_');
  const splits = [...new Set(dataset.items.map((i) => i.split ?? 'all'))];
  let done = 0;
  const files = [];
  for (const split of splits) {
    if (job.signal.aborted) break;
    const ids = dataset.items.filter((i) => (i.split ?? 'all') === split).map((i) => i.trajectoryId);
    const json = format === 'worfbench';
    const file = path.join(dir, `${safeName}.${split}.${json ? 'json' : 'jsonl'}`);
    const fd = fs.openSync(file, 'w');
    let written = 0;
    try {
      if (json) fs.writeSync(fd, '[\n');
      for (let at = 0; at < ids.length && !job.signal.aborted; at += CHUNK) {
        const chunk = ids.slice(at, at + CHUNK);
        // One read of the store per chunk: its labels and findings in two queries, not two per
        // trajectory, and every row of the chunk from the same state of the workspace.
        const lines = store.transaction(() => {
          const ratings = store.labels.ratings(chunk);
          const errors = store.findings.errorTurns(chunk);
          return chunk.map((id) => {
            const t = store.trajectories.get(id);
            const item: ExportItem = {
              id,
              turns: t.turns,
              tools: toolsOf(t.graphId),
              weights: weightsOf(ratings.get(id), errors.get(id), t.turns.length),
              plan: t.planId ? store.plans.get(t.planId).steps : null,
            };
            return JSON.stringify(EXPORTERS[format](item));
          });
        });
        const sep = json ? ',\n' : '\n';
        fs.writeSync(fd, (json && at ? ',\n' : '') + lines.join(sep) + (json ? '' : '\n'));
        written += lines.length;
        done += lines.length;
        job.progress(done, dataset.items.length);
        await job.yield(lines.length);
      }
      if (json) fs.writeSync(fd, '\n]\n');
    } finally {
      fs.closeSync(fd);
    }
    files.push({ split, path: file, count: written });
  }
  if (format === 'sharegpt') {
    const info = Object.assign(
      {},
      ...files.map((f) => shareGPTDatasetInfo(`${safeName}_${f.split}`, path.basename(f.path))),
    );
    fs.writeFileSync(path.join(dir, 'dataset_info.json'), `${JSON.stringify(info, null, 2)}\n`);
  }
  return { files, cancelled: done < dataset.items.length };
}
