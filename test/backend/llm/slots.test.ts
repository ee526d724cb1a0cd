import { describe, expect, it } from 'vitest';
import { Slots } from '../../../backend/llm/slots';

describe('Slots: at most N holders, the rest wait in order', () => {
  it('lets N in at once and the next waiter in as each leaves, first come first served', async () => {
    const slots = new Slots(2);
    const order: string[] = [];
    const a = await slots.acquire();
    const b = await slots.acquire();
    const c = slots.acquire().then((release) => (order.push('c'), release));
    const d = slots.acquire().then((release) => (order.push('d'), release));
    await Promise.resolve();
    expect(slots.load).toEqual({ held: 2, waiting: 2 });
    a();
    a(); // a second release of the same slot frees nothing more
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    expect(slots.load).toEqual({ held: 0, waiting: 0 });
  });

  it('takes a cancelled waiter out of the queue and rejects it with the signal’s reason', async () => {
    const slots = new Slots(1);
    const held = await slots.acquire();
    const abort = new AbortController();
    const waiting = slots.acquire(abort.signal);
    abort.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(slots.load).toEqual({ held: 1, waiting: 0 });
    held();
    expect(slots.load.held).toBe(0);
  });

  it('lets waiters in when it grows', async () => {
    const slots = new Slots(1);
    await slots.acquire();
    const next = slots.acquire();
    slots.resize(2);
    await expect(next).resolves.toBeTypeOf('function');
    expect(slots.load).toEqual({ held: 2, waiting: 0 });
  });
});
