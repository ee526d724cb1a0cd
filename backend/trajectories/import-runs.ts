import { isObject, nestedDeeperThan } from '../../shared/json';
import type { TrajectoryMetadata } from '../../shared/domain';
import { clipAtWord } from '../../shared/text';
import { applyMapping, overlayMapping, type TrajectoryMapping } from '../../shared/formats/mapping';
import { notFormatMessage, RecordError, type formatDescriptor } from '../../shared/formats/trajectories/registry';
import type { ParsedRecord } from '../../shared/formats/trajectories/records';
import type { NewTrajectory } from '../store/repositories/trajectories';
import { recordFields, type RecordFields } from './record-fields';
import { MAX_NESTING, TOO_DEEP, type FileRecord } from './record-stream';

/** One run read from a record, by a format's reader or a mapping, before it is checked and kept. */
export interface ReadRun {
  parsed: ParsedRecord;
  fields: RecordFields;
  where: string;
  /** What read it, for messages: "tau-bench results", `the mapping "homebot"`. */
  label: string;
}

/** A record that yields no text, thought or call anywhere was not understood, whatever its keys. */
const hasContent = (turns: readonly { content?: string; thought?: string; toolCalls?: unknown[] }[]) =>
  turns.some((t) => t.content?.trim() || t.thought?.trim() || t.toolCalls?.length);

/** One record read by its format's reader (and the mapping's outcome, model and task id, when one is given). */
export function describedRun(
  descriptor: ReturnType<typeof formatDescriptor>,
  mapping: TrajectoryMapping | undefined,
  item: Pick<FileRecord, 'value' | 'shared' | 'where'>,
): ReadRun {
  const { value } = item;
  if (!isObject(value) || !descriptor.detect(value)) throw new RecordError(notFormatMessage(value, descriptor.id));
  const read = descriptor.parse(value, item.shared);
  const parsed = mapping ? overlayMapping(mapping, read, value) : read;
  const fields = recordFields(descriptor, value, parsed.ignored ?? []);
  return { parsed, fields, where: item.where, label: descriptor.label };
}

/** The runs a mapping finds in one record; what it does not read is named by its path in the record. */
export function mappedRuns(mapping: TrajectoryMapping, value: unknown, where: string): ReadRun[] {
  const runs = applyMapping(mapping, value);
  const several = runs.length > 1 || mapping.runs !== '$';
  return runs.map((parsed, i) => ({
    parsed,
    // The mapping keeps a run's own fields as metadata: only what it leaves out of turns is not understood.
    fields: isObject(value)
      ? recordFields({ turnFields: Object.keys(value) }, value, parsed.ignored ?? [])
      : { kept: {}, leftOver: {}, notUnderstood: parsed.ignored ?? [] },
    where: several ? `${where} run ${i + 1}` : where,
    label: `the mapping "${mapping.name}"`,
  }));
}

/** Refuses a run that is too deep, empty or (strictly) half understood. */
export function checkRun({ parsed, fields, label }: ReadRun, mode: 'strict' | 'lenient'): void {
  // Tool-call arguments arrive as JSON text: their nesting shows only once parsed.
  if (nestedDeeperThan(parsed.turns, MAX_NESTING)) throw new RecordError(TOO_DEEP);
  if (!hasContent(parsed.turns))
    throw new RecordError(
      `no text and no tool call in any of its ${parsed.turns.length} turns: its shape is not understood as ${label}`,
    );
  if (!fields.notUnderstood.length || mode !== 'strict') return;
  const [first, ...more] = fields.notUnderstood;
  throw new RecordError(
    `field ${first} not understood${more.length ? ` (and ${more.length} more: ${more.slice(0, 3).join(', ')}${more.length > 3 ? ', …' : ''})` : ''}; import leniently to keep such fields as metadata ("Skip bad records", or --lenient)`,
  );
}

/** What a run is stored as: an imported trajectory of the import, with the record's metadata. */
export function trajectoryOfRun(
  { parsed, fields, where }: ReadRun,
  item: Pick<FileRecord, 'shared' | 'entry'>,
  into: {
    graphId: string | null;
    importId: string;
    createdAt: string;
    mode: 'strict' | 'lenient';
    toolsText: string | null;
  },
): NewTrajectory {
  const metadata: TrajectoryMetadata = {
    ...item.shared,
    ...(item.entry ? { archive_entry: item.entry } : {}),
    ...fields.kept,
    ...(into.mode === 'lenient' ? fields.leftOver : {}),
    ...parsed.metadata,
  };
  const firstUser = parsed.turns.find((t) => t.role === 'user')?.content ?? '';
  return {
    kind: 'imported',
    // A session's own title (Claude Code's, a reader's `title`) before its first words, which
    // for coding agents are often an environment preamble.
    title:
      clipAtWord(typeof parsed.metadata?.title === 'string' ? parsed.metadata.title : '') ||
      clipAtWord(firstUser) ||
      where,
    source: where,
    graphId: into.graphId,
    planId: null,
    forkOf: null,
    turns: parsed.turns,
    outcome: parsed.outcome ?? null,
    metadata,
    ...(into.toolsText ? { toolsText: into.toolsText } : {}),
    importId: into.importId,
    createdAt: into.createdAt,
  };
}
