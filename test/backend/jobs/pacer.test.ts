import { describe, expect, it } from 'vitest';
import { createPacer, YIELD_AFTER_ITEMS, YIELD_AFTER_MS } from '../../../backend/jobs/pacer';

/** A clock the test moves by hand. */
function clock() {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => void (now += ms) };
}

/** True when a callback queued on the event loop before `pace` ran before `pace` resolved: it yielded. */
async function yielded(pace: () => Promise<boolean>): Promise<boolean> {
  let ran = false;
  setImmediate(() => (ran = true));
  const said = await pace();
  expect(said).toBe(ran);
  return ran;
}

describe('the yield policy of jobs', () => {
  it('keeps going while fewer than the item bound and the time bound have passed', async () => {
    const time = clock();
    const pacer = createPacer(time.now);
    time.advance(YIELD_AFTER_MS - 1);
    expect(await yielded(() => pacer.pace(YIELD_AFTER_ITEMS - 1))).toBe(false);
  });

  it('yields to the event loop once the item bound is reached', async () => {
    const pacer = createPacer(clock().now);
    for (let i = 1; i < YIELD_AFTER_ITEMS; i++) expect(await yielded(() => pacer.pace())).toBe(false);
    expect(await yielded(() => pacer.pace())).toBe(true);
  });

  it('yields once the time bound has passed, however few items', async () => {
    const time = clock();
    const pacer = createPacer(time.now);
    expect(await yielded(() => pacer.pace())).toBe(false);
    time.advance(YIELD_AFTER_MS);
    expect(await yielded(() => pacer.pace())).toBe(true);
  });

  it('counts both bounds again from the last yield', async () => {
    const time = clock();
    const pacer = createPacer(time.now);
    time.advance(YIELD_AFTER_MS);
    expect(await yielded(() => pacer.pace())).toBe(true);
    time.advance(YIELD_AFTER_MS - 1);
    expect(await yielded(() => pacer.pace(YIELD_AFTER_ITEMS - 2))).toBe(false);
    expect(await yielded(() => pacer.pace())).toBe(false);
    expect(await yielded(() => pacer.pace())).toBe(true);
  });
});
