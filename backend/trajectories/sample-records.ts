import path from 'node:path';
import { openRecords, type FileShape } from '../files/records';
import { archiveLayout, fileRecords } from './record-stream';

/** How many records a proposal or preview reads from the start of a file. */
export const SAMPLE_RECORDS = 50;

export interface RecordSample {
  shape: FileShape | null;
  values: unknown[];
  /** Records that could not be read, as `line 3: not valid JSON: …`. */
  problems: string[];
}

/** The first records of a file, read as an import reads them (any shape, gzip, archive), for a mapping to look at. */
export async function sampleRecords(file: string, limit = SAMPLE_RECORDS): Promise<RecordSample> {
  const problems: string[] = [];
  const source = await openRecords(file, (p) => problems.push(`line ${p.line}: ${p.reason}`), archiveLayout);
  const values: unknown[] = [];
  const reject = (p: { line: number; reason: string }) => problems.push(`line ${p.line}: ${p.reason}`);
  for await (const item of fileRecords(source, path.basename(file), reject)) {
    values.push(item.value);
    if (values.length >= limit) break;
  }
  return { shape: source.shape, values, problems: problems.slice(0, 20) };
}
