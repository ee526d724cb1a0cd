import type { TrajectoryFormatDescriptor } from '../../shared/formats/trajectories/registry';

/** What an import does with a record's fields besides its turns. */
export interface RecordFields {
  /** The descriptor's `kept` fields the record has, as they are. */
  kept: Record<string, unknown>;
  /** Fields no part of the format understands, by their path: kept as metadata by a lenient import. */
  leftOver: Record<string, unknown>;
  /** Their paths (top-level names first, then what the parser could not place). */
  notUnderstood: string[];
}

/**
 * Sorts a record's fields: those the turns hold, those kept as metadata, and the rest — top-level
 * keys the descriptor does not name, and the paths its parser reported (`messages[3].audio`) —
 * which a strict import refuses and a lenient one keeps under their paths.
 */
export function recordFields(
  descriptor: Pick<TrajectoryFormatDescriptor, 'turnFields' | 'kept'>,
  record: Record<string, unknown>,
  ignored: readonly string[],
): RecordFields {
  const kept: Record<string, unknown> = {};
  const leftOver: Record<string, unknown> = {};
  const notUnderstood: string[] = [];
  const keptNames = new Set(descriptor.kept ?? []);
  const turnNames = new Set(descriptor.turnFields);
  for (const [key, value] of Object.entries(record)) {
    if (turnNames.has(key) || value === undefined) continue;
    if (keptNames.has(key)) kept[key] = value;
    else if (value !== null) {
      leftOver[key] = value;
      notUnderstood.push(key);
    }
  }
  for (const path of ignored) {
    notUnderstood.push(path);
    const value = valueAt(record, path);
    if (value !== undefined) leftOver[path] = value;
  }
  return { kept, leftOver, notUnderstood };
}

/** The value at `messages[3].audio` (a path as parsers report them; text after a space is a remark). */
export function valueAt(record: unknown, path: string): unknown {
  const segments = path.split(' ')[0]!.match(/[^.[\]]+/g) ?? [];
  let value = record;
  for (const segment of segments) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}
