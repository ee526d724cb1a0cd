import { z } from 'zod';
import { Label, ReviewStatus, TrajectoryFilter, TrajectoryId } from '../domain';
import { method } from './define';

/** A trajectory's review status at one moment; null: never reviewed. */
const StatusOf = z.object({ trajectoryId: TrajectoryId, status: ReviewStatus.nullable() });

export const labelsMethods = {
  'labels.get': method({
    summary: "A trajectory's review label (status, rating, tags, note), or null.",
    args: z.object({ trajectoryId: TrajectoryId }),
    result: Label.nullable(),
  }),
  'labels.set': method({ summary: 'Saves a review label.', args: Label, result: Label }),
  'labels.bulk': method({
    summary:
      "Sets the review status of every trajectory a filter selects; returns each one's status before, for labels.restoreStatuses.",
    args: z.object({ filter: TrajectoryFilter, status: ReviewStatus.nullable() }),
    result: z.object({ updated: z.number().int(), previous: z.array(StatusOf) }),
  }),
  'labels.restoreStatuses': method({
    summary: 'Puts review statuses back as labels.bulk reported them (the undo of a bulk action).',
    args: z.object({ statuses: z.array(StatusOf) }),
    result: z.object({ restored: z.number().int() }),
  }),
};
