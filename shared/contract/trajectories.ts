import { z } from 'zod';
import {
  DeclaredTool,
  Finding,
  Turn,
  SelectionSummary,
  Trajectory,
  TrajectoryFacets,
  TrajectoryFilter,
  TrajectoryId,
  TrajectorySummary,
} from '../domain';
import { method } from './define';
import { JobId } from './jobs';
import { TRAJECTORY_FORMAT_IDS } from '../formats/trajectories/registry';
import { ImportReport } from '../formats/trajectories/import-report';
import { MappingRef } from './mappings';

/** The formats of the registry (`shared/formats/trajectories/registry.ts`). */
export const TrajectoryFormat = z.enum(TRAJECTORY_FORMAT_IDS);
export type TrajectoryFormat = z.infer<typeof TrajectoryFormat>;

export const trajectoriesMethods = {
  'trajectories.list': method({
    summary: 'One page of the trajectories that match a filter, newest first, with the total.',
    args: z.object({
      filter: TrajectoryFilter.default({}),
      limit: z.number().int().min(1).max(10_000).default(200),
      offset: z.number().int().min(0).default(0),
    }),
    result: z.object({ total: z.number().int(), items: z.array(TrajectorySummary) }),
  }),
  'trajectories.facets': method({
    summary: 'Values the browser filters can take (sources, tools, finding kinds, labels) with counts.',
    args: z.object({}),
    result: TrajectoryFacets,
  }),
  'trajectories.summarize': method({
    summary: 'Counts over the trajectories that match a filter: turns, calls, findings by kind, calls by tool.',
    args: z.object({ filter: TrajectoryFilter.default({}) }),
    result: SelectionSummary,
  }),
  'trajectories.findings': method({
    summary: 'The stored findings of one trajectory, by turn.',
    args: z.object({ id: TrajectoryId }),
    result: z.array(Finding),
  }),
  'trajectories.get': method({
    summary: 'One trajectory with all its turns.',
    args: z.object({ id: TrajectoryId }),
    result: Trajectory,
  }),
  'trajectories.declaredTools': method({
    summary:
      'The tools a trajectory’s record declared (for a run forked from a record, that record’s); null when it declared none.',
    args: z.object({ id: TrajectoryId }),
    result: z.array(DeclaredTool).nullable(),
  }),
  'trajectories.check': method({
    summary: 'Run the deterministic checks on one trajectory and store its findings.',
    args: z.object({ id: TrajectoryId }),
    result: z.array(Finding),
  }),
  'trajectories.checkAll': method({
    summary:
      'Run the checks on every trajectory, as a job; findings are stored, counts returned by kind. Cancelled, the findings stored so far stay.',
    args: z.object({
      jobId: JobId.optional(),
      /** Also return every finding with its trajectory (for the command line and pipelines). */
      listFindings: z.boolean().default(false),
    }),
    result: z.object({
      checked: z.number().int(),
      cancelled: z.boolean(),
      withFindings: z.number().int(),
      /** What each trajectory's calls were checked against: its graph, its record's own tools, or nothing. */
      against: z.object({
        graph: z.number().int(),
        ownTools: z.number().int(),
        /** Their record's own tools, then their graph's for the tools it does not declare. */
        both: z.number().int(),
        none: z.number().int(),
      }),
      /** Findings in all, each counted. */
      findingCount: z.number().int(),
      /** Findings by kind, each counted (a trajectory with 3 repeated calls counts 3). */
      byKind: z.record(z.string(), z.number().int()),
      /** Trajectories with a finding of each kind, each counted once (what the Finding filter counts). */
      trajectoriesByKind: z.record(z.string(), z.number().int()),
      findings: z.array(Finding.extend({ trajectoryId: TrajectoryId, source: z.string() })).optional(),
    }),
  }),
  'trajectories.import': method({
    summary:
      'Import a file of trajectories (JSONL, a JSON array, one JSON object or Parquet, optionally gzip-compressed, or a ZIP of records; any format of the registry in shared/formats/trajectories), strict or lenient, as a job. Each record keeps the tools it declared, its outcome and its metadata. Cancelled, nothing it wrote is kept.',
    args: z.object({
      jobId: JobId.optional(),
      path: z.string().trim().min(1),
      format: TrajectoryFormat.optional(),
      mode: z.enum(['strict', 'lenient']).default('strict'),
      graphId: z.string().nullable().default(null),
      newGraphName: z.string().trim().min(1).optional(),
      /** Where the runs are, for a file no reader claims (or outcome, model, task id on top of a reader's). */
      mapping: MappingRef.optional(),
    }),
    result: ImportReport,
  }),
  // Curated turn edits, kept beside the original turns so each can be reverted.
  'trajectories.editTurn': method({
    summary: 'Replaces one turn of a trajectory; the recorded turn is kept for the diff and revert.',
    args: z.object({ id: TrajectoryId, turnIndex: z.number().int().min(0), turn: Turn }),
    result: z.object({ ok: z.literal(true) }),
  }),
  'trajectories.checkTurn': method({
    summary: 'The findings a turn would have if it replaced the one at turnIndex (live checks while editing).',
    args: z.object({ id: TrajectoryId, turnIndex: z.number().int().min(0), turn: Turn }),
    result: z.array(Finding),
  }),
  'trajectories.revertTurn': method({
    summary: 'Puts an edited turn back as it was recorded.',
    args: z.object({ id: TrajectoryId, turnIndex: z.number().int().min(0) }),
    result: z.object({ ok: z.literal(true) }),
  }),
  'trajectories.edits': method({
    summary: 'The recorded originals of the edited turns of a trajectory.',
    args: z.object({ id: TrajectoryId }),
    result: z.array(z.object({ turnIndex: z.number().int(), original: Turn, editedAt: z.string() })),
  }),
};
