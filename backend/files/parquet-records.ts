import { TrellisError } from '../../shared/errors';
import type { RecordSource } from './records';

/** Rows read from a Parquet file at a time: its row groups can be far larger than memory allows. */
const PARQUET_ROWS = 1000;

/** Parquet rows as JSON text; 64-bit integers become numbers (or strings past 2^53, as written). */
export async function parquetRecords(file: string): Promise<RecordSource> {
  const { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } = await import('hyparquet');
  const { compressors } = await import('hyparquet-compressors');
  let metadata;
  const buffer = await asyncBufferFromFile(file);
  try {
    metadata = await parquetMetadataAsync(buffer);
  } catch (error) {
    throw new TrellisError('E1002', `${file} is not a readable Parquet file: ${(error as Error).message}`);
  }
  const rows = Number(metadata.num_rows);
  let read = 0;
  const records = (async function* () {
    for (let rowStart = 0; rowStart < rows; rowStart += PARQUET_ROWS) {
      const objects = await parquetReadObjects({
        file: buffer,
        metadata,
        compressors,
        rowStart,
        rowEnd: Math.min(rows, rowStart + PARQUET_ROWS),
      });
      for (const [i, row] of objects.entries()) {
        const index = rowStart + i;
        read = Math.round(((index + 1) / rows) * buffer.byteLength);
        yield { record: index + 1, line: index + 1, offset: index, text: JSON.stringify(row, plainValues) };
      }
    }
  })();
  return { shape: 'parquet', gzip: false, records, bytesRead: () => read };
}

function plainValues(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  return value;
}
