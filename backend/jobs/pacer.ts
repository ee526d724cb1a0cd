/**
 * The one yield policy of long jobs: a job hands the event loop back once {@link YIELD_AFTER_MS}
 * have passed or {@link YIELD_AFTER_ITEMS} items have been processed since its last yield,
 * whichever comes first. The time bound keeps every other request (and a cancel) answered within
 * about a frame however slow an item is; the item bound keeps that true on a machine whose clock
 * reads are coarse, and makes batches of fast items give way at a predictable rate.
 */
export const YIELD_AFTER_MS = 10;
export const YIELD_AFTER_ITEMS = 250;

/** Lets the event loop run timers, I/O and other requests before the job goes on. */
const toEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface Pacer {
  /** Counts `items` as processed and yields to the event loop when the policy says so; true when it did. */
  pace(items?: number): Promise<boolean>;
}

export function createPacer(now: () => number = () => performance.now()): Pacer {
  let items = 0;
  let since = now();
  return {
    async pace(processed = 1) {
      items += processed;
      if (items < YIELD_AFTER_ITEMS && now() - since < YIELD_AFTER_MS) return false;
      await toEventLoop();
      items = 0;
      since = now();
      return true;
    },
  };
}
