import { z } from 'zod';

/**
 * Why stored data changed, per namespace. `external`: another process (the command line, a
 * second window's backend) committed to the same workspace file; what changed is not known.
 */
export const DATA_CHANGE_REASONS = {
  trajectories: ['created', 'imported', 'edited', 'checked', 'discarded', 'external'],
  labels: ['labelled', 'bulk', 'external'],
  datasets: ['created', 'updated', 'deleted', 'external'],
  mappings: ['saved', 'deleted', 'external'],
  graphs: ['created', 'updated', 'deleted', 'external'],
  plans: ['saved', 'deleted', 'external'],
  experiments: ['created', 'ran', 'deleted', 'external'],
} as const;

export type DataNamespace = keyof typeof DATA_CHANGE_REASONS;
export type DataChangeReason<N extends DataNamespace = DataNamespace> = (typeof DATA_CHANGE_REASONS)[N][number];

/**
 * What a `<namespace>.changed` event says: why, and which records (the trajectory ids, the
 * dataset ids) where they are few enough to list. Without `ids` anything may have changed.
 */
const dataChanged = <N extends DataNamespace>(namespace: N) =>
  z.object({
    reason: z.enum(DATA_CHANGE_REASONS[namespace]),
    ids: z.array(z.string()).optional(),
  });

export const dataChangeEvents = {
  /** Pushed once per commit that added, changed or removed trajectories, their turns or findings. */
  'trajectories.changed': dataChanged('trajectories'),
  /** Pushed once per commit that changed review labels; `ids` are the trajectories'. */
  'labels.changed': dataChanged('labels'),
  /** Pushed once per commit that made, changed or deleted datasets. */
  'datasets.changed': dataChanged('datasets'),
  /** Pushed once per commit that saved or deleted trajectory mappings; `ids` are their names. */
  'mappings.changed': dataChanged('mappings'),
  /**
   * Pushed once per commit that made, saved, renamed or deleted graphs. Where one graph changed,
   * `graphId` names it and `updatedAt` says when it was saved, for an editor to tell its own saves
   * from others'.
   */
  'graphs.changed': dataChanged('graphs').extend({
    graphId: z.string().optional(),
    updatedAt: z.string().optional(),
  }),
  /** Pushed once per commit that saved plans or deleted them with their graph; `ids` are the plans'. */
  'plans.changed': dataChanged('plans'),
  /** Pushed once per commit that made, ran (a result kept) or deleted experiments; `ids` are the experiments'. */
  'experiments.changed': dataChanged('experiments'),
};
