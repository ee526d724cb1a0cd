import { describe, expect, it } from 'vitest';
import type { PlanStep, ToolGraph } from '../../../shared/domain';
import {
  argumentsFromIntent,
  dateWindowFromIntent,
  datesInIntent,
  durationInIntent,
  goalToolsFor,
  planForGoals,
} from '../../../shared/plans';
import { personNameInIntent, placesInIntent } from '../../../shared/plans/intent-entities';
import { exampleGraph, smartHomeGraph } from '../../helpers/graphs';

const trip = exampleGraph();
const home = smartHomeGraph();
/** A Friday. */
const today = '2026-11-20';
const toolOf = (graph: Pick<ToolGraph, 'tools'>, name: string) => graph.tools.find((t) => t.name === name)!;
const argsFor = (name: string, intent: string, graph = trip) =>
  argumentsFromIntent(toolOf(graph, name), intent, { today });
/** The plan the deterministic planner makes from the intent alone, as `tool<-dependsOn` lines. */
const planOf = (intent: string, graph: Pick<ToolGraph, 'tools' | 'edges'> = trip) =>
  planForGoals(
    graph,
    goalToolsFor(intent, graph).map((g) => g.tool),
    intent,
    { today },
  );
const shape = (steps: PlanStep[]) => steps.map((s) => `${s.id}:${s.tool}<-${s.dependsOn.join(',')}`);

describe('dates and durations', () => {
  it.each([
    // [rule, intent, window]
    [
      'a start and a stay in nights: end = start + nights',
      'book_hotel in Rome for 2 nights from 2026-12-10',
      { start: '2026-12-10', end: '2026-12-12' },
    ],
    [
      'two ISO dates: the second is the end',
      'a hotel from 2026-12-10 to 2026-12-14',
      { start: '2026-12-10', end: '2026-12-14' },
    ],
    ['a day range before the month', 'a hotel from 10 to 12 December 2026', { start: '2026-12-10', end: '2026-12-12' }],
    [
      'a day range after the month, dash, no year (next such day from today)',
      'a hotel December 10–12',
      { start: '2026-12-10', end: '2026-12-12' },
    ],
    [
      'a day and month already past this year fall in the next',
      'a hotel on 3 March for a week',
      { start: '2027-03-03', end: '2027-03-10' },
    ],
    [
      'a year stated elsewhere in the intent holds for days without one',
      'from 28 to 30 December, trip of 2027',
      { start: '2027-12-28', end: '2027-12-30' },
    ],
    ['"a week" is seven days', 'a hotel from 2026-12-10 for a week', { start: '2026-12-10', end: '2026-12-17' }],
    [
      'a number word and a hyphen ("a three-night stay")',
      'a three-night stay from 2026-12-10',
      { start: '2026-12-10', end: '2026-12-13' },
    ],
    [
      'next Friday from today (a Friday: a week on)',
      'a flight next Friday for 2 nights',
      { start: '2026-11-27', end: '2026-11-29' },
    ],
    [
      'one date and no duration: no end, never the start again',
      'book_hotel in Rome on 2026-12-10',
      { start: '2026-12-10' },
    ],
    ['an impossible day is no date', 'a hotel on 31 February 2027', {}],
  ])('%s: %s', (_rule, intent, window) => {
    expect(dateWindowFromIntent(intent, { today })).toEqual(window);
  });

  it('leaves out days without a year when neither the intent nor today gives one', () => {
    expect(datesInIntent('a hotel December 10–12')).toEqual([]);
    expect(datesInIntent('next Friday')).toEqual([]);
    expect(datesInIntent('December 10 and 2026-12-12', { today })).toEqual(['2026-12-10', '2026-12-12']);
  });

  it('reads a duration only where it is one ("in 2 days" is not a stay)', () => {
    expect(durationInIntent('for 2 nights')).toBe(2);
    expect(durationInIntent('staying 3 days')).toBe(3);
    expect(durationInIntent('a 2-week trip')).toBe(14);
    expect(durationInIntent('leave in 2 days')).toBeNull();
  });

  it('fills a check_in/check_out pair with start and start + duration on every step that has it', () => {
    const steps = planOf('book_hotel in Rome for 2 nights from 2026-12-10');
    expect(shape(steps)).toEqual(['s1:search_hotels<-', 's2:book_hotel<-s1']);
    for (const step of steps) expect(step.args).toMatchObject({ check_in: '2026-12-10', check_out: '2026-12-12' });
    expect(steps[0]!.args.city).toBe('Rome');
  });

  it('leaves check_out unfilled rather than equal to check_in when the intent gives no end', () => {
    expect(argsFor('book_hotel', 'book_hotel on 2026-12-10')).toEqual({ check_in: '2026-12-10' });
  });

  it('fills other date pairs by their names (start/end, from/to, return), a lone date parameter with the start', () => {
    const tool = {
      ...toolOf(trip, 'search_hotels'),
      parameters: {
        type: 'object',
        properties: {
          start_date: { type: 'string', format: 'date' },
          end_date: { type: 'string', format: 'date' },
          date_from: { type: 'string', description: 'First day, YYYY-MM-DD' },
          date_to: { type: 'string', description: 'Last day, YYYY-MM-DD' },
          return_date: { type: 'string', format: 'date' },
          day: { type: 'string', format: 'date' },
          start: { type: 'string', description: 'ISO start time' },
        },
      },
    };
    expect(argumentsFromIntent(tool, 'from 10 to 12 December 2026')).toEqual({
      start_date: '2026-12-10',
      end_date: '2026-12-12',
      date_from: '2026-12-10',
      date_to: '2026-12-12',
      return_date: '2026-12-12',
      day: '2026-12-10',
    });
  });
});

describe('names', () => {
  it.each([
    ['"under the name …"', 'Book a hotel in Rome under the name Ana Silva for 2 nights', 'Ana Silva'],
    ['"in the name of …"', 'a hotel in the name of Ana Silva', 'Ana Silva'],
    ['"for …" with a capitalised name', 'Book a flight to Rome for Ana Silva', 'Ana Silva'],
    ['"for …" with a first name alone', 'a hotel in Rome for Ana', 'Ana'],
    ['"traveler …"', 'book_flight, traveler Ana Silva, 2 passengers', 'Ana Silva'],
    ['"passenger name is …"', 'passenger name is João Pereira', 'João Pereira'],
    ['a month after "for" is no name', 'a hotel for December 10–12', null],
  ])('%s: %s', (_rule, intent, name) => {
    expect(personNameInIntent(intent)).toBe(name);
  });

  it('fills traveler_name, and the person is not taken for the city', () => {
    const intent = 'Reserve a hotel for Ana Silva in Rome from 10 to 12 December 2026';
    expect(argsFor('book_hotel', intent)).toEqual({
      check_in: '2026-12-10',
      check_out: '2026-12-12',
      guests: 1,
      traveler_name: 'Ana Silva',
    });
    expect(argsFor('search_hotels', intent)).toMatchObject({ city: 'Rome' });
    expect(placesInIntent('a hotel under the name Ana Silva')).toEqual({});
  });

  it('fills name, guest_name and passenger parameters of other tools', () => {
    const tool = {
      ...toolOf(trip, 'book_flight'),
      parameters: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          guest_name: { type: 'string' },
          passenger: { type: 'string' },
          guests: { type: 'integer' },
        },
      },
    };
    expect(argumentsFromIntent(tool, 'under the name Ana Silva for 3 guests')).toEqual({
      name: 'Ana Silva',
      guest_name: 'Ana Silva',
      passenger: 'Ana Silva',
      guests: 3,
    });
  });

  it('still reads a city after "for" when no "in", "to" or "at" names one', () => {
    expect(argsFor('geocode_city', 'get_weather_forecast for Kyoto on 2027-04-02')).toEqual({ city: 'Kyoto' });
  });
});

describe('the plan from plain words', () => {
  it('books a flight and a hotel: both chains from the dependency edges, in parallel', () => {
    const steps = planOf('Book a flight to Rome and a hotel near the station under the name Ana Silva');
    expect(shape(steps)).toEqual([
      's1:search_flights<-',
      's2:book_flight<-s1',
      's3:search_hotels<-',
      's4:book_hotel<-s3',
    ]);
    // One person named and no count: one passenger and one guest.
    expect(steps[0]!.args).toEqual({ destination: 'Rome', passengers: 1 });
    expect(steps[1]!.args).toEqual({
      flight_id: { $ref: 's1.result.cheapest_flight_id' },
      passengers: 1,
      traveler_name: 'Ana Silva',
    });
    expect(steps[3]!.args).toMatchObject({
      hotel_id: { $ref: 's3.result.best_hotel_id' },
      guests: 1,
      traveler_name: 'Ana Silva',
    });
  });

  it('keeps the earlier rules: a route, a date and a count', () => {
    const steps = planOf('Look up flights from Paris to Lisbon on 2027-03-14 for 2 passengers');
    expect(steps).toEqual([
      {
        id: 's1',
        tool: 'search_flights',
        args: { origin: 'Paris', destination: 'Lisbon', date: '2027-03-14', passengers: 2 },
        dependsOn: [],
      },
    ]);
  });

  it('follows a list → pick edge: the step depends on the list step and takes an item field', () => {
    const steps = planOf('Set the living room thermostat to 21 degrees in heat mode', home);
    expect(steps).toEqual([
      { id: 's1', tool: 'list_rooms', args: {}, dependsOn: [] },
      {
        id: 's2',
        tool: 'set_thermostat',
        args: { celsius: 21, mode: 'heat', room_id: { $ref: 's1.result.rooms[name=living room].room_id' } },
        dependsOn: ['s1'],
      },
    ]);
  });

  it('fills a number next to a word of its parameter ("21 degrees", "19.5°C"), an enum member the intent says, else the schema default', () => {
    expect(argsFor('set_thermostat', 'make the bedroom 21 degrees', home)).toEqual({ celsius: 21 });
    expect(planOf('make the bedroom 21 degrees', home)[1]!.args).toMatchObject({ celsius: 21, mode: 'auto' });
    expect(argsFor('set_thermostat', 'change the kitchen to 19.5°C, cool', home)).toEqual({
      celsius: 19.5,
      mode: 'cool',
    });
    // Two enum members said: neither is taken.
    expect(argsFor('set_thermostat', 'heat or cool to 20 degrees', home)).toEqual({ celsius: 20 });
    // A parameter named for its scale, with no description (as imported from bare OpenAI tools).
    const bare = {
      tools: [
        {
          ...toolOf(home, 'set_thermostat'),
          parameters: { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'] },
        },
      ],
    };
    expect(argsFor('set_thermostat', 'make the bedroom 21 degrees', { ...home, ...bare })).toEqual({ celsius: 21 });
    expect(argsFor('find_places', 'Find museums near the station')).toEqual({ category: 'museum' });
  });
});
