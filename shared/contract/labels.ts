import { z } from 'zod';
import { Label, ReviewStatus, TrajectoryFilter, TrajectoryId } from '../domain';
import { method } from './define';

export const labelsMethods = {
  'labels.get': method({
    summary: "A trajectory's review label (status, rating, tags, note), or null.",
    args: z.object({ trajectoryId: TrajectoryId }),
    result: Label.nullable(),
  }),
  'labels.set': method({ summary: 'Saves a review label.', args: Label, result: Label }),
  'labels.bulk': method({
    summary: 'Sets the review status of every trajectory a filter selects.',
    args: z.object({ filter: TrajectoryFilter, status: ReviewStatus.nullable() }),
    result: z.object({ updated: z.number().int() }),
  }),
};
