import Ajv from 'ajv';
import { exampleGraph } from '../../helpers/graphs';
import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import type { PlanStep } from '../../../shared/domain';
import {
  goalToolsFor,
  planForGoals,
  planGenerationSchema,
  planToWorkflowText,
  resolveRefs,
  stepsFromGenerated,
  toolsNamedIn,
  workflowTextToPlan,
} from '../../../shared/plans';
import { validatePlan } from '../../../shared/checks/plan';

const graph = exampleGraph();
const validate = argumentValidator(graph);
const kinds = (steps: PlanStep[]) =>
  validatePlan(steps, graph, validate).map((p) => `${p.where.step}:${p.code}:${p.where.path}`);

const flightPlan: PlanStep[] = [
  {
    id: 's1',
    tool: 'search_flights',
    args: { origin: 'Paris', destination: 'Lisbon', date: '2027-03-14', passengers: 2 },
    dependsOn: [],
  },
  {
    id: 's2',
    tool: 'book_flight',
    args: { flight_id: { $ref: 's1.result.cheapest_flight_id' }, passengers: 2, traveler_name: 'Ana Silva' },
    dependsOn: ['s1'],
  },
];

describe('plan validation', () => {
  it('accepts a well-formed plan', () => {
    expect(kinds(flightPlan)).toEqual([]);
  });

  it('names each step whose tool has no runtime: the plan is sound, its run would fail there', () => {
    const bare = { ...graph, tools: graph.tools.map((t) => (t.name === 'book_flight' ? t : { ...t, runtime: null })) };
    expect(validatePlan(flightPlan, bare, validate)).toEqual([
      {
        code: 'no-runtime',
        severity: 'warning',
        where: { at: 'step', step: 's1', path: 'tool' },
        message:
          "search_flights has no runtime, so this step will fail; choose one in the Graph workspace's tool inspector.",
      },
    ]);
    // With every tool's runtime gone, every step is named, and nothing else is reported.
    const none = { ...graph, tools: graph.tools.map((t) => ({ ...t, runtime: null })) };
    expect(validatePlan(flightPlan, none, validate).map((p) => `${p.where.step}:${p.code}`)).toEqual([
      's1:no-runtime',
      's2:no-runtime',
    ]);
  });

  it('reports each rule on the step it concerns', () => {
    const [s1, s2] = flightPlan as [PlanStep, PlanStep];
    expect(kinds([s1, { ...s2, id: 's1' }])).toContain('s1:duplicate-id:id');
    expect(kinds([{ ...s1, tool: 'teleport' }])).toEqual(['s1:unknown-tool:tool']);
    expect(kinds([s1, { ...s2, dependsOn: ['s1', 's9'] }])).toContain('s2:unknown-dependency:dependsOn');
    expect(kinds([{ ...s1, dependsOn: ['s2'] }, s2])).toContain('null:cycle:dependsOn');
    expect(kinds([{ ...s1, args: { ...s1.args, passengers: 'two' } }, s2])).toContain(
      's1:invalid-arguments:args.passengers',
    );
    // Shown after its path, the message does not name the field again ("args.passengers passengers must…").
    const [wrongType] = validatePlan([{ ...s1, args: { ...s1.args, passengers: 'two' } }, s2], graph, validate).filter(
      (p) => p.code === 'invalid-arguments',
    );
    expect(wrongType!.message).toBe('is "two": it must be integer');
    expect(kinds([s1, { ...s2, args: { ...s2.args, flight_id: { $ref: 's7.result.id' } } }])).toContain(
      's2:unresolved-reference:args.flight_id',
    );
    expect(kinds([s1, { ...s2, dependsOn: [] }])).toContain('s2:reference-not-earlier:args.flight_id');
    expect(kinds([s1, { ...s2, args: { ...s2.args, flight_id: { $ref: 's1.result.no_such_field' } } }])).toContain(
      's2:unknown-result-field:args.flight_id',
    );
    expect(kinds([s1, { ...s2, args: { ...s2.args, flight_id: { $ref: 's1.result.flights' } } }])).toContain(
      's2:incompatible-reference:args.flight_id',
    );
    // book_flight.flight_id comes from search_flights: a literal id with the search unrelated breaks the edge.
    expect(kinds([s1, { ...s2, args: { ...s2.args, flight_id: 'TP-1' }, dependsOn: [] }])).toContain(
      's2:dependency-order:args.flight_id',
    );
    expect(kinds([{ ...s2, id: 's1', args: { passengers: 2, traveler_name: 'A' }, dependsOn: [] }])).toContain(
      's1:dependency-order:args.flight_id',
    );
  });

  it('resolves references against earlier results', () => {
    const results = new Map([['s1', { cheapest_flight_id: 'TP-2', top: { lat: 1 } }]]);
    expect(
      resolveRefs({ a: { $ref: 's1.result.cheapest_flight_id' }, b: [{ $ref: 's1.result.top.lat' }], c: 3 }, results),
    ).toEqual({
      a: 'TP-2',
      b: [1],
      c: 3,
    });
  });
});

describe('WorfBench text form', () => {
  it('round-trips a plan through Node:/Edge: text', () => {
    const text = planToWorkflowText(flightPlan);
    expect(text).toBe(
      'Node:\n1: search_flights: origin=Paris, destination=Lisbon, date=2027-03-14, passengers=2\n' +
        '2: book_flight: flight_id=s1.cheapest_flight_id, passengers=2, traveler_name=Ana Silva\n' +
        'Edge: (START,1) (1,2) (2,END)',
    );
    const back = workflowTextToPlan(text, graph);
    expect(back.unmatched).toEqual([]);
    expect(back.steps).toEqual(flightPlan);
  });

  it('matches natural-language nodes from other tools to the closest tool', () => {
    const { steps } = workflowTextToPlan(
      'Node:\n1: Search flights to Lisbon\n2: Book the flight\nEdge: (START,1) (1,2) (2,END)',
      graph,
    );
    expect(steps.map((s) => [s.tool, s.dependsOn])).toEqual([
      ['search_flights', []],
      ['book_flight', ['s1']],
    ]);
  });
});

describe('deterministic planner', () => {
  it('derives the chain a goal needs from G_depend, parallel where possible, with arguments from the intent', () => {
    const intent = 'Convert the price of the booked flight from Paris to Lisbon on 2027-03-14 for 2 passengers';
    expect(toolsNamedIn('please book_flight and then convert currency', graph)).toEqual([
      'book_flight',
      'convert_currency',
    ]);
    const steps = planForGoals(graph, ['convert_currency'], intent);
    expect(steps.map((s) => `${s.id}:${s.tool}<-${s.dependsOn.join(',')}`)).toEqual([
      's1:search_flights<-',
      's2:book_flight<-s1',
      's3:convert_currency<-s2',
    ]);
    expect(steps[0]!.args).toMatchObject({ origin: 'Paris', destination: 'Lisbon', date: '2027-03-14', passengers: 2 });
    expect(steps[2]!.args).toMatchObject({ amount: { $ref: 's2.result.total_price' } });
    const weather = planForGoals(
      graph,
      ['get_weather_forecast', 'get_visa_requirements'],
      'Trip to Kyoto on 2027-04-02',
    );
    // Both goals share one geocode step and do not depend on each other.
    expect(weather.map((s) => `${s.tool}<-${s.dependsOn.join(',')}`)).toEqual([
      'geocode_city<-',
      'get_weather_forecast<-s1',
      'get_visa_requirements<-s1',
    ]);
    expect(weather[0]!.args).toEqual({ city: 'Kyoto' });
  });
});

type Tool = (typeof graph.tools)[number];
/** A tool whose `passengers` parameter has this schema instead. */
const withPassengers = (tool: Tool, passengers: object): Tool => ({
  ...tool,
  parameters: {
    ...tool.parameters,
    properties: { ...(tool.parameters.properties as object), passengers },
  },
});

describe('deterministic planner from plain words', () => {
  const plan = (intent: string) =>
    planForGoals(
      graph,
      goalToolsFor(intent, graph).map((g) => g.tool),
      intent,
    );

  it('books the flight it found: search_flights, then book_flight with the found flight id', () => {
    const steps = plan('Find the cheapest flight from Lisbon to Paris on 2026-06-01 and book it for Ana Silva');
    expect(steps.map((s) => `${s.id}:${s.tool}<-${s.dependsOn.join(',')}`)).toEqual([
      's1:search_flights<-',
      's2:book_flight<-s1',
    ]);
    // One traveller named and no count: one passenger, for the search and the booking alike.
    expect(steps[0]!.args).toEqual({ origin: 'Lisbon', destination: 'Paris', date: '2026-06-01', passengers: 1 });
    expect(steps[1]!.args).toEqual({
      flight_id: { $ref: 's1.result.cheapest_flight_id' },
      passengers: 1,
      traveler_name: 'Ana Silva',
    });
    expect(validatePlan(steps, graph, validate)).toEqual([]);
  });

  it('carries a required argument an earlier step was given to a later step’s parameter of that name and type', () => {
    // The search's passengers come from its schema default here; the booking has none of its own.
    const withDefault = {
      ...graph,
      tools: graph.tools.map((t) =>
        t.name === 'search_flights' ? withPassengers(t, { type: 'integer', default: 3 }) : t,
      ),
    };
    const intent = 'Find the cheapest flight from Lisbon to Paris on 2026-06-01 and book it';
    const steps = planForGoals(withDefault, ['book_flight'], intent);
    expect(steps[0]!.args).toMatchObject({ passengers: 3 });
    expect(steps[1]!.args).toMatchObject({ passengers: 3 });
    // A string of the same name is not an integer: it is not carried.
    const asText = planForGoals(
      {
        ...withDefault,
        tools: withDefault.tools.map((t) =>
          t.name === 'search_flights' ? withPassengers(t, { type: 'string', default: 'three' }) : t,
        ),
      },
      ['book_flight'],
      intent,
    );
    expect(asText[0]!.args).toMatchObject({ passengers: 'three' });
    expect(asText[1]!.args).not.toHaveProperty('passengers');
  });

  it('reserves the hotel it found: search_hotels, then book_hotel with the found hotel id', () => {
    const steps = plan('Find a hotel in Paris from 2026-06-01 to 2026-06-03 and reserve it');
    expect(steps.map((s) => `${s.id}:${s.tool}<-${s.dependsOn.join(',')}`)).toEqual([
      's1:search_hotels<-',
      's2:book_hotel<-s1',
    ]);
    expect(steps[1]!.args).toMatchObject({ hotel_id: { $ref: 's1.result.best_hotel_id' }, check_in: '2026-06-01' });
  });
});

describe('plan grammar from a graph', () => {
  const ajv = new Ajv({ strict: false });
  const accepts = ajv.compile(planGenerationSchema(graph));

  it('accepts plans on the graph and rejects unknown tools, wrong types and references that are not edges', () => {
    const plan = {
      steps: [
        { tool: 'search_flights', args: { origin: 'Paris', destination: 'Lisbon', date: '2027-03-14', passengers: 2 } },
        {
          tool: 'book_flight',
          args: {
            flight_id: { $ref: 'search_flights.result.cheapest_flight_id' },
            passengers: 2,
            traveler_name: 'Ana',
          },
        },
      ],
    };
    expect(accepts(plan)).toBe(true);
    expect(accepts({ steps: [{ tool: 'teleport', args: {} }] })).toBe(false);
    expect(accepts({ steps: [{ ...plan.steps[0], args: { ...plan.steps[0]!.args, passengers: 'two' } }] })).toBe(false);
    expect(
      accepts({
        steps: [{ ...plan.steps[1], args: { ...plan.steps[1]!.args, flight_id: { $ref: 'geocode_city.result.lat' } } }],
      }),
    ).toBe(false);
    expect(accepts({ steps: [] })).toBe(false);
    const steps = stepsFromGenerated(plan);
    expect(steps[1]).toEqual({ ...flightPlan[1], args: { ...flightPlan[1]!.args, traveler_name: 'Ana' } });
  });
});
