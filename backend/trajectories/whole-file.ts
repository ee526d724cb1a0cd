import type { FileRecord } from './record-stream';

/**
 * A file's records as one record holding them all, in order: a bare list of messages (a JSON
 * array or JSONL of them) is one run, read by a mapping whose runs and messages are both "$".
 */
export async function* asOneRecord(records: AsyncIterable<FileRecord>, name: string): AsyncGenerator<FileRecord> {
  let first: FileRecord | null = null;
  const values: unknown[] = [];
  for await (const item of records) {
    first ??= item;
    values.push(item.value);
  }
  if (first) yield { ...first, at: { ...first.at, record: 1 }, where: name, record: 1, value: values };
}
