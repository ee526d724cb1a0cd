import type { ParsedRecord } from './records';

/**
 * One trajectory format: how it is recognised, how one record becomes a trajectory, and which
 * of a record's top-level fields it understands. The registry (`registry.ts`) lists every
 * descriptor; the contract's format enum, the CLI's help, the Import form's choices and the
 * "not a known format" message are all made from it.
 */
export interface TrajectoryFormatDescriptor<Id extends string = string> {
  id: Id;
  /** As the Import form and the reports name it: "tau-bench results". */
  label: string;
  /** What identifies a record, for the message that lists the known formats: `"traj" and "reward"`. */
  recognisedBy: string;
  /** The versions of the producer's format that were read, and where (for the README's table). */
  versions: string;
  /** True when a record (one JSON object) is in this format. Tried in registry order. */
  detect(record: Record<string, unknown>): boolean;
  /** Turns a record this format detected into turns, tools, outcome and metadata. */
  parse(record: Record<string, unknown>, shared?: Record<string, unknown>): ParsedRecord;
  /** Top-level fields that turns or tools hold: read by `parse`, not kept as metadata. */
  turnFields: readonly string[];
  /** Top-level fields understood and kept as metadata as they are (a reward's `info`, a task id). */
  kept?: readonly string[];
  /** Other ways this format's records sit in a file besides one per line or array element. */
  container?: {
    /**
     * A file that holds one JSON object holding many records (an inspect log's `samples`): the
     * records and what they share (kept in each record's metadata), or null when it is not one.
     */
    recordsIn?(document: Record<string, unknown>): { records: unknown[]; shared: Record<string, unknown> } | null;
    /** A ZIP archive of records (inspect's `.eval`): which entries are records, and which one they share. */
    archive?: {
      /** True when the archive's entry names are this format's layout. */
      detect(entries: readonly string[]): boolean;
      isRecord(entry: string): boolean;
      /** Entries (JSON objects) whose `shareOf` every record keeps: the first the archive holds. */
      sharedEntries?: readonly string[];
      shareOf?(document: Record<string, unknown>): Record<string, unknown>;
    };
    /**
     * A JSON array, or JSON Lines, whose elements are the events of one run (an OpenHands
     * trajectory, a coding agent's session log): true when its first element is one, and the
     * record the events make. A JSONL line some format reads as a record is never an event.
     */
    events?: { detect(first: unknown): boolean; record(events: unknown[]): Record<string, unknown> };
    /**
     * Records that each hold parts of many runs (OTLP export requests: spans of several traces,
     * a trace spread over several lines): true for one, and the records the whole file's parts
     * make, one per run, with the position of the first part each came from, and what in which
     * part could not be read (a span without valid ids).
     */
    parts?: {
      detect(record: Record<string, unknown>): boolean;
      group(parts: unknown[]): {
        records: { record: Record<string, unknown>; first: number }[];
        problems: { part: number; reason: string }[];
      };
    };
  };
}

/** Keeps the id a literal type, so the registry's ids make the contract's enum. */
export function defineFormat<const Id extends string>(descriptor: TrajectoryFormatDescriptor<Id>) {
  return descriptor;
}
