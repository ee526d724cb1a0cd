import { randomFillSync } from 'node:crypto';

/** Random bits for this many ids are drawn at once (a call into the system per id cost more than the id). */
const POOL_IDS = 256;
const pool = Buffer.alloc(POOL_IDS * 16);
let poolAt = POOL_IDS;
let lastMs = 0;
let counter = 0;

/**
 * A UUID version 7 (RFC 9562): the time in milliseconds, a counter that keeps ids made in the
 * same millisecond in order (its method 1), then random bits. Rows keyed by such ids (a
 * trajectory's turns) are appended at the end of their index instead of written at random
 * places in it: a bulk import touches a few pages per batch, not one per row.
 */
export function orderedId(now = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    // 4,096 ids in one millisecond: borrow the next one, so order still holds.
    lastMs++;
    counter = 0;
  }
  if (poolAt === POOL_IDS) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const bytes = pool.subarray(poolAt * 16, ++poolAt * 16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
