import path from 'node:path';
import { TrellisError } from '../../shared/errors';
import { isObject } from '../../shared/json';
import { shareGPTDatasetInfo } from '../../shared/formats/export-records';
import { readInputText } from '../files/input-file';

/** The largest `dataset_info.json` read (LLaMA-Factory's own, listing every dataset it knows, is tens of KiB). */
export const MAX_DATASET_INFO_BYTES = 16 * 2 ** 20;

/**
 * The `dataset_info.json` already in an export folder ({} when there is none). One that is not
 * a JSON object is refused rather than replaced: it may hold the user's other datasets.
 */
export function readDatasetInfo(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readInputText(file, { what: 'dataset_info.json', maxBytes: MAX_DATASET_INFO_BYTES });
  } catch (error) {
    // None yet: this export writes the first. Anything else there (a pipe, a huge file) is refused.
    if (error instanceof TrellisError && error.code === 'E3001') return {};
    throw error;
  }
  let info: unknown;
  try {
    info = JSON.parse(text);
  } catch {
    info = null;
  }
  if (!isObject(info))
    throw new TrellisError(
      'E3003',
      `${file} is not a JSON object, so this export cannot add its entries to it; fix or move it. Nothing was written.`,
    );
  return info;
}

/**
 * `dataset_info.json` with this export's entries (`<name>_<split>`) put in or replaced, the
 * entries of its `emptySplits` (no file written this time) taken out, every other entry kept as
 * it was.
 */
export function mergeDatasetInfo(
  existing: Record<string, unknown>,
  name: string,
  files: readonly { split: string; path: string; withTools: boolean; media?: ReadonlySet<string> }[],
  emptySplits: readonly string[] = [],
): string {
  const ours = Object.assign(
    {},
    ...files.map((f) =>
      shareGPTDatasetInfo(`${name}_${f.split}`, path.basename(f.path), f.withTools, [...(f.media ?? [])]),
    ),
  ) as Record<string, unknown>;
  const gone = new Set(emptySplits.map((split) => `${name}_${split}`));
  const kept = Object.fromEntries(Object.entries(existing).filter(([key]) => !gone.has(key)));
  return `${JSON.stringify({ ...kept, ...ours }, null, 2)}\n`;
}
