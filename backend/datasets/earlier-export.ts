import fs from 'node:fs';
import path from 'node:path';
import { TrellisError } from '../../shared/errors';

/**
 * Refuses an export whose files would replace files already in its folder (an earlier export,
 * of this format or another: they share names), naming them; `replace` says to replace them.
 * ShareGPT's dataset_info.json is merged, never replaced, so it is not asked about.
 */
export function refuseToReplace(targets: readonly string[], dir: string): void {
  const there = targets.filter((file) => fs.lstatSync(file, { throwIfNoEntry: false }));
  if (!there.length) return;
  const names = there.map((file) => path.basename(file));
  const listed = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}` : names[0]!;
  throw new TrellisError(
    'E3005',
    `${listed} ${names.length > 1 ? 'are' : 'is'} already in ${dir}, from an earlier export; nothing was written.`,
  );
}
