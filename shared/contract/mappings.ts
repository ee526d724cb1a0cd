import { z } from 'zod';
import { DeclaredTool, Outcome, TrajectoryMetadata, Turn } from '../domain';
import { TrajectoryMapping } from '../formats/mapping/schema';
import { FILE_SHAPES } from '../formats/trajectories/file-shapes';
import { method } from './define';

const Scalar = z.union([z.string(), z.number(), z.boolean()]);

/** A file's first records as a mapping sees them: how many were read, and what could not be. */
const Sample = z.object({
  shape: z.enum(FILE_SHAPES).nullable(),
  records: z.number().int(),
  problems: z.array(z.string()),
});

const MessageArray = z.object({
  runs: z.string(),
  messages: z.string(),
  count: z.number().int(),
  roleFields: z.array(
    z.object({ field: z.string(), values: z.array(z.object({ value: z.string(), count: z.number().int() })) }),
  ),
  contentFields: z.array(z.object({ field: z.string(), example: z.string() })),
  fields: z.array(z.string()),
  examples: z.array(z.unknown()),
});

export const MappingPreview = z.object({
  trajectories: z.array(
    z.object({
      where: z.string(),
      parsed: z.object({
        turns: z.array(Turn),
        tools: z.array(DeclaredTool),
        ignored: z.array(z.string()).optional(),
        outcome: Outcome.optional(),
        metadata: TrajectoryMetadata.optional(),
        notes: z.array(z.string()).optional(),
      }),
    }),
  ),
  problems: z.array(z.object({ where: z.string(), reason: z.string() })),
  runs: z.number().int(),
});
export type MappingPreview = z.infer<typeof MappingPreview>;

export const SavedMapping = z.object({
  name: z.string(),
  updatedAt: z.string(),
  /** Null when what the workspace holds under this name is not a valid mapping; `problems` say why. */
  mapping: TrajectoryMapping.nullable(),
  problems: z.array(z.string()).optional(),
});

/** A mapping given by the name it is saved under, or written out. */
export const MappingRef = z.union([z.string().trim().min(1), TrajectoryMapping]);

export const mappingsMethods = {
  'mappings.propose': method({
    summary:
      'Where the conversation probably is in a file’s first records: every array of message-like objects found (role and text fields, examples), and the mapping the best one makes.',
    args: z.object({ path: z.string().trim().min(1), name: z.string().trim().min(1).default('my mapping') }),
    result: z.object({
      sample: Sample,
      mapping: TrajectoryMapping.nullable(),
      found: z.array(MessageArray),
      runFields: z.array(z.object({ path: z.string(), examples: z.array(Scalar) })),
      reason: z.string().optional(),
      /** The reader that claims the first record, when one does (a mapping then only adds outcome, model, task id). */
      claimedBy: z.string().nullable(),
    }),
  }),
  'mappings.preview': method({
    summary: 'What a mapping makes of a file’s first records: the first trajectories, and every problem with where.',
    args: z.object({
      path: z.string().trim().min(1),
      mapping: MappingRef,
      limit: z.number().int().min(1).max(50).default(5),
    }),
    result: MappingPreview.extend({ sample: Sample }),
  }),
  'mappings.list': method({
    summary: 'The trajectory mappings saved in this workspace, by name.',
    args: z.object({}),
    result: z.array(SavedMapping),
  }),
  'mappings.save': method({
    summary: 'Saves a mapping under its name (replacing one of the same name).',
    args: z.object({ mapping: TrajectoryMapping }),
    result: z.object({ name: z.string() }),
  }),
  'mappings.export': method({
    summary:
      'Writes a mapping to a file (YAML for .yaml or .yml, JSON for .json) that `trellis import --mapping FILE` takes; a file already there is refused (E3006) unless `replace`.',
    args: z.object({ mapping: MappingRef, path: z.string().trim().min(1), replace: z.boolean().default(false) }),
    result: z.object({ path: z.string() }),
  }),
  'mappings.delete': method({
    summary: 'Deletes the mapping saved under a name.',
    args: z.object({ name: z.string().trim().min(1) }),
    result: z.object({ deleted: z.boolean() }),
  }),
};
