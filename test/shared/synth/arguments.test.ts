import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import { planForGoals } from '../../../shared/plans/deterministic';
import { asRef } from '../../../shared/plans/refs';
import { seededRandom } from '../../../shared/random';
import { fillArguments } from '../../../shared/synth/arguments';
import { templateIntent } from '../../../shared/synth/intent';
import { sampleChain } from '../../../shared/synth/sample';
import { exampleGraph } from '../../helpers/graphs';

const graph = exampleGraph();
const validate = argumentValidator(graph);
/** A step's arguments with references replaced by a value of the right type, as a run would fill them. */
const asCalled = (args: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(args).map(([k, v]) => [k, asRef(v) ? (/lat|lon|amount/.test(k) ? 1 : 'x') : v]));

describe('filling a plan’s arguments', () => {
  it('gives every step of every sampled plan arguments that its schema accepts (emails, dates, enums, minimums)', () => {
    const random = seededRandom(11);
    for (const kind of ['serial', 'parallel', 'isolated'] as const)
      for (let i = 0; i < 40; i++) {
        const sample = sampleChain(graph, kind, random)!;
        for (const step of fillArguments(graph, sample.steps, random))
          expect(validate(step.tool, asCalled(step.args)), `${step.tool} ${JSON.stringify(step.args)}`).toEqual([]);
      }
  });

  it('leaves references in place: a value a dependency fills is never drawn', () => {
    const steps = fillArguments(graph, planForGoals(graph, ['book_flight']), seededRandom(1));
    expect(steps.find((s) => s.tool === 'book_flight')!.args.flight_id).toEqual({
      $ref: 's1.result.cheapest_flight_id',
    });
  });

  it('keeps one value per entity across a plan: shared parameters and same-named ones of linked tools', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const steps = fillArguments(graph, planForGoals(graph, ['book_flight', 'book_hotel']), seededRandom(seed));
      const args = (tool: string) => steps.find((s) => s.tool === tool)!.args;
      expect(args('book_hotel').traveler_name).toBe(args('book_flight').traveler_name);
      expect(args('book_hotel').check_in).toBe(args('search_hotels').check_in);
      expect(args('book_hotel').check_out).toBe(args('search_hotels').check_out);
      expect(args('book_flight').passengers).toBe(args('search_flights').passengers);
    }
  });

  it('puts an end date after its start date, within two weeks', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const [search] = fillArguments(graph, planForGoals(graph, ['search_hotels']), seededRandom(seed));
      const nights =
        (Date.parse(search!.args.check_out as string) - Date.parse(search!.args.check_in as string)) / 86_400_000;
      expect(nights).toBeGreaterThanOrEqual(1);
      expect(nights).toBeLessThanOrEqual(14);
    }
  });

  it('avoids values a tool refused before while other values remain', () => {
    const random = seededRandom(5);
    for (let i = 0; i < 30; i++) {
      const [geocode] = fillArguments(graph, planForGoals(graph, ['geocode_city']), random, {
        avoid: (tool, param, value) => tool === 'geocode_city' && param === 'city' && value !== 'Kyoto',
      });
      expect(geocode!.args.city).toBe('Kyoto');
    }
  });

  it('says every literal of the plan in the intent, helper steps’ included', () => {
    const random = seededRandom(8);
    for (let i = 0; i < 30; i++) {
      const sample = sampleChain(graph, i % 2 ? 'isolated' : 'parallel', random)!;
      const steps = fillArguments(graph, sample.steps, random);
      const intent = templateIntent(graph, sample, steps);
      for (const step of steps)
        for (const value of Object.values(step.args))
          if (!asRef(value)) expect(intent, `${step.tool} ${String(value)}`).toContain(String(value));
    }
  });
});
