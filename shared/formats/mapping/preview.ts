import { RecordError, type ParsedRecord } from '../trajectories/records';
import { applyMapping } from './apply';
import { recordsAreMessages, type TrajectoryMapping } from './schema';

/** One trajectory a mapping found, with where: `record 3`, `record 1, run 4`. */
export interface PreviewTrajectory {
  where: string;
  parsed: ParsedRecord;
}

export interface MappingPreview {
  /** The first trajectories found, in file order. */
  trajectories: PreviewTrajectory[];
  /** Records the mapping cannot read, and fields it leaves unread, with where. */
  problems: { where: string; reason: string }[];
  /** Runs found in the records looked at (more than shown when the limit cut them). */
  runs: number;
}

/** What a mapping makes of the first records of a file: the first `limit` trajectories and every problem. */
export function previewMapping(mapping: TrajectoryMapping, records: readonly unknown[], limit = 5): MappingPreview {
  const preview: MappingPreview = { trajectories: [], problems: [], runs: 0 };
  // A bare list of messages is one run: the records together are its one record.
  const units = recordsAreMessages(mapping) ? [records] : records;
  units.forEach((record, r) => {
    let parsed: ParsedRecord[];
    try {
      parsed = applyMapping(mapping, record);
    } catch (error) {
      if (!(error instanceof RecordError)) throw error;
      preview.problems.push({ where: `record ${r + 1}`, reason: error.message });
      return;
    }
    parsed.forEach((p, i) => {
      const where = parsed.length > 1 || mapping.runs !== '$' ? `record ${r + 1}, run ${i + 1}` : `record ${r + 1}`;
      preview.runs++;
      if (preview.trajectories.length < limit) preview.trajectories.push({ where, parsed: p });
      if (p.ignored?.length)
        preview.problems.push({
          where,
          reason: `not mapped: ${p.ignored.slice(0, 5).join(', ')}${p.ignored.length > 5 ? ` and ${p.ignored.length - 5} more` : ''}`,
        });
    });
  });
  return preview;
}
