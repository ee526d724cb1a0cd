import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../shared/domain';
import { testBackend } from '../../helpers/backend';

const DAY = 86_400_000;
const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);

/** The arguments of every call a trajectory made, as run (references resolved). */
const calls = (turns: Turn[]) =>
  turns.flatMap((t) => t.toolCalls ?? []).map((c) => ({ name: c.name, args: c.args as Record<string, unknown> }));

describe('synthesised trajectories of the example graph', () => {
  it('ask in words, without tool names, and book one trip: events end after they start, check-out after check-in', async () => {
    const b = testBackend();
    const [graph] = await b.registry.invoke('graphs.list', {});
    const toolNames = (await b.registry.invoke('graphs.get', { id: graph!.id })).tools.map((t) => t.name);
    let events = 0;
    for (const seed of [1, 8, 21]) {
      const result = await b.registry.invoke('synth.start', { graphId: graph!.id, count: 18, seed });
      expect(result.created.length).toBeGreaterThanOrEqual(12);
      for (const id of result.created) {
        const { turns } = await b.registry.invoke('trajectories.get', { id });
        const intent = turns[0]!.content!;
        for (const name of toolNames) expect(intent).not.toContain(name);
        const made = calls(turns);
        const days = made.flatMap((c) => Object.values(c.args).filter(isDate)).map((d) => Date.parse(d.slice(0, 10)));
        if (days.length) expect(Math.max(...days) - Math.min(...days), intent).toBeLessThanOrEqual(7 * DAY);
        for (const { name, args } of made) {
          if (isDate(args.check_in) && isDate(args.check_out))
            expect(Date.parse(args.check_out), `${name} in: ${intent}`).toBeGreaterThan(Date.parse(args.check_in));
          if (isDate(args.start) && isDate(args.end)) {
            events++;
            // A time without a zone (a flight's departure) is the traveller's clock, read as UTC here.
            const at = (t: string) => Date.parse(/Z|[+-]\d\d:\d\d$/.test(t) ? t : `${t}Z`);
            expect(at(args.end), `${name} in: ${intent}`).toBeGreaterThan(at(args.start));
          }
        }
      }
    }
    expect(events).toBeGreaterThan(0);
  }, 120_000);
});
