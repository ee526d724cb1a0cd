import fs from 'node:fs';
import path from 'node:path';
import { TrellisError } from '../../shared/errors';
import { EXPORT_CODES, type ExportCode } from '../../shared/checks/export';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/formats/export-formats';

/**
 * The refusal of an export that would write no record: what was asked, why nothing passes (the
 * report's reasons, counted) and what to do. No file is written or replaced.
 */
export function nothingToExport(
  subject: string,
  format: ExportFormat,
  items: number,
  reasons: Readonly<Record<string, number>>,
): TrellisError {
  if (!items)
    return new TrellisError(
      'E3004',
      `Nothing to export: ${subject} has no trajectories. Change the filter so it selects some.`,
    );
  const labelled = (reasons['label:rejected'] ?? 0) + (reasons['label:needs-fix'] ?? 0);
  const rules = Object.entries(reasons)
    .filter(([reason]) => !reason.startsWith('label:'))
    .map(([rule, n]) => `${rule} ${n}`);
  const why = [
    labelled && `${labelled} labelled rejected or needs-fix`,
    rules.length && `breaking the ${EXPORT_FORMATS[format].name} format's rules: ${rules.join(', ')}`,
  ].filter(Boolean);
  // Media only ShareGPT carries: the way out is the other format, not the review queue.
  const media = reasons['media-not-carried']
    ? 'Export as LLaMA-Factory ShareGPT to keep their images, videos and audios; '
    : '';
  // What the rules ask, in words: "no-workflow" alone tells a person nothing.
  const asked = Object.keys(reasons)
    .filter((reason) => !reason.startsWith('label:') && reason !== 'media-not-carried')
    .map((rule) => `${rule}: ${EXPORT_CODES[rule as ExportCode]?.description ?? 'see the report'}`);
  const way = labelled
    ? 'Accept some trajectories in the review queue or change the filter'
    : `Change the filter or choose a format these records fit${asked.length ? ` (${asked.join(' ')})` : ''}`;
  const ticks = [
    labelled && '"Include rejected / needs-fix"',
    rules.length && '"Include records that break the format\'s rules"',
  ].filter(Boolean);
  const flags = [labelled && '--include-rejected', rules.length && '--include-invalid'].filter(Boolean);
  return new TrellisError(
    'E3004',
    `Nothing to export: ${subject} has 0 records that pass the export's checks ` +
      `(of its ${items}: ${why.join('; ')}). ${media}${way}; ` +
      `to write them anyway, tick ${ticks.join(' or ')} under Export (on the command line: ${flags.join(', ')}).`,
  );
}

/**
 * Removes the folders `mkdirSync(dir, { recursive: true })` created (`created`: the first of
 * them) when nothing was written into them after all; a folder with anything in it stays.
 */
export function removeCreatedFolders(dir: string, created: string | undefined): void {
  if (!created) return;
  for (let at = path.resolve(dir); at.startsWith(path.resolve(created)); at = path.dirname(at)) {
    try {
      fs.rmdirSync(at);
    } catch {
      return;
    }
    if (at === path.resolve(created)) return;
  }
}
