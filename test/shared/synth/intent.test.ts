import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../../shared/domain';
import {
  fillArguments,
  sampleChain,
  seededRandom,
  templateIntent,
  type SampleKind,
} from '../../../shared/synth/sample';
import { toolPhrase } from '../../../shared/synth/tool-phrases';
import { stepLiterals } from '../../../shared/synth/value-phrases';
import { exampleGraph } from '../../helpers/graphs';

const graph = exampleGraph();
const toolNames = graph.tools.map((t) => t.name);
const KINDS: SampleKind[] = ['serial', 'parallel', 'isolated'];

/** 60 samples of each kind (20 for each of three seeds), their arguments filled and their intents written. */
function samples() {
  return [3, 11, 2027].flatMap((seed) =>
    KINDS.flatMap((kind) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, (_, i) => {
        const sample = sampleChain(graph, kind, random)!;
        const steps = fillArguments(graph, sample.steps, seededRandom(seed * 100 + i));
        return { steps, intent: templateIntent(graph, sample, steps) };
      });
    }),
  );
}

const DAY = 86_400_000;
const day = (value: string) => Date.parse(value.slice(0, 10));
const isDate = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value);
const arg = (steps: PlanStep[], tool: string, name: string) => steps.find((s) => s.tool === tool)?.args[name];

describe('synthesised intents', () => {
  it('read as a request: no tool identifier, a capital first and a full stop last, every literal value said', () => {
    for (const { steps, intent } of samples()) {
      for (const name of toolNames) expect(intent).not.toContain(name);
      expect(intent).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
      expect(intent).not.toMatch(/found by|Please/);
      expect(intent).toMatch(/^[A-Z][^]*\.$/);
      for (const step of steps) for (const { value } of stepLiterals(step.args)) expect(intent).toContain(value);
    }
  });

  it('say a flight search and its booking as one request', () => {
    const intent = templateIntent(graph, { kind: 'serial', tools: ['search_flights', 'book_flight'], steps: [] }, [
      {
        id: 's1',
        tool: 'search_flights',
        args: { origin: 'Lisbon', destination: 'Paris', date: '2026-06-01', passengers: 1 },
        dependsOn: [],
      },
      {
        id: 's2',
        tool: 'book_flight',
        args: { flight_id: { $ref: 's1.result.cheapest_flight_id' }, passengers: 1, traveler_name: 'Ana Silva' },
        dependsOn: ['s1'],
      },
    ]);
    expect(intent).toBe(
      'Search flights from Lisbon to Paris on 2026-06-01 for 1 passenger, then book one for Ana Silva.',
    );
  });

  it('take a description’s words, leaving out the tools it names, when the name is no request', () => {
    const tool = { name: 'flight_desk', description: 'Book a flight found by search_flights for the travellers.' };
    expect(toolPhrase(tool, toolNames)).toMatchObject({ verb: 'book', object: 'a flight for the travellers' });
    const forecast = { name: 'weather', description: 'Daily weather forecast for a location and date.' };
    expect(toolPhrase(forecast, toolNames).object).toBe('the daily weather forecast for a location and date');
  });

  it('are the same for the same seed', () => {
    expect(samples().map((s) => s.intent)).toEqual(samples().map((s) => s.intent));
  });
});

describe('synthesised dates', () => {
  it('are one trip: within a week of the first, a check-out after its check-in, an end after its start', () => {
    for (const { steps } of samples()) {
      const dates = steps.flatMap((s) => Object.values(s.args).filter(isDate));
      if (!dates.length) continue;
      const first = Math.min(...dates.map(day));
      for (const d of dates) expect(day(d) - first, `${d} in ${dates.join(', ')}`).toBeLessThanOrEqual(7 * DAY);
      for (const step of steps) {
        const { check_in: checkIn, check_out: checkOut, start, end } = step.args;
        if (isDate(checkIn) && isDate(checkOut)) expect(day(checkOut)).toBeGreaterThan(day(checkIn));
        if (isDate(start) && isDate(end)) expect(Date.parse(end)).toBeGreaterThan(Date.parse(start));
        // A start the run gives (a flight's departure, on its date): the end is on a later day.
        const flightDate = arg(steps, 'search_flights', 'date');
        if (!isDate(start) && isDate(end) && isDate(flightDate)) expect(day(end)).toBeGreaterThan(day(flightDate));
      }
    }
  });
});
