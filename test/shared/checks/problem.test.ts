import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import { EXPORT_CODES, EXPORT_RULES } from '../../../shared/checks/export';
import { GRAPH_CODES, checkGraph } from '../../../shared/checks/graph';
import { PLAN_CODES, validatePlan } from '../../../shared/checks/plan';
import { Problem, type CodeRegistry } from '../../../shared/domain/problem';
import { TRAJECTORY_CODES, checkTrajectory, findingCodeDescription } from '../../../shared/checks/trajectory';
import { GraphFile, TrajectoryFile } from '../../../shared/domain';
import { dep, exampleGraph, graph, share, tool } from '../../helpers/graphs';

const examples = path.join(__dirname, '..', '..', '..', 'resources', 'examples');
const tripGraph = GraphFile.parse(JSON.parse(fs.readFileSync(path.join(examples, 'trip-planning.graph.json'), 'utf8')));
const failed = TrajectoryFile.parse(
  JSON.parse(fs.readFileSync(path.join(examples, 'trajectories', 'kyoto-hotel-failed.json'), 'utf8')),
).turns;

/** What each checker finds on inputs with many things wrong, and the registry its codes must be in. */
const checkers: { name: string; registry: CodeRegistry<string>; at: string; problems: () => unknown[] }[] = [
  {
    name: 'trajectory checks',
    registry: TRAJECTORY_CODES,
    at: 'turn',
    problems: () => [
      ...checkTrajectory(failed, { graph: tripGraph, validate: argumentValidator(tripGraph) }),
      ...checkTrajectory([
        { role: 'tool', toolCallId: 'ghost', content: '{}' },
        { role: 'assistant', toolCalls: [{ id: 'c1', name: '', args: '{' }] },
        { role: 'user', content: 'A hotel, please.' },
        { role: 'assistant', toolCalls: [{ id: 'c2', name: 'search_hotels', args: { city: 'Atlantis' } }] },
      ]),
    ],
  },
  {
    name: 'graph checks',
    registry: GRAPH_CODES,
    at: 'graph',
    problems: () =>
      checkGraph(
        graph(
          [
            tool('bad name'),
            tool('a', { x: 'string' }, { y: 'number', o: 'object' }),
            tool('a'),
            tool('b', { y: 'string', room_id: 'string' }, { x: 'string' }),
          ],
          [dep('a', 'y', 'b', 'y'), dep('b', 'x', 'a', 'x'), dep('a', 'gone', 'b', 'y'), share('a', 'o', 'ghost', 'y')],
        ),
        () => 'bad schema',
      ),
  },
  {
    name: 'plan validation',
    registry: PLAN_CODES,
    at: 'step',
    problems: () => {
      const g = exampleGraph();
      return validatePlan(
        [
          { id: 's1', tool: 'search_flights', args: { origin: 1 }, dependsOn: ['s2', 's9'] },
          { id: 's2', tool: 'book_flight', args: { flight_id: { $ref: 's7.result.id' } }, dependsOn: ['s1'] },
          { id: 's2', tool: 'nope', args: {}, dependsOn: [] },
        ],
        g,
        argumentValidator(g),
      );
    },
  },
  {
    name: 'export rules',
    registry: EXPORT_CODES,
    at: 'record',
    problems: () =>
      Object.values(EXPORT_RULES).flatMap((rules) => [
        ...rules({}, { toolsDeclared: true }),
        ...rules(
          { messages: [{ role: 'tool' }], conversations: [{ from: 'gpt', value: '' }] },
          { toolsDeclared: true },
        ),
      ]),
  },
];

describe('every checker returns the one problem type', () => {
  for (const { name, registry, at, problems } of checkers) {
    it(`${name}: each problem parses as a Problem placed ${at === 'record' ? 'on a record' : `at a ${at}`}`, () => {
      const found = problems();
      expect(found.length).toBeGreaterThan(3);
      for (const problem of found) {
        const parsed = Problem.parse(problem);
        expect(parsed).toEqual(problem);
        expect(parsed.where.at).toBe(at);
      }
    });

    it(`${name}: every code found is in its registry, with the registry's severity`, () => {
      for (const problem of problems().map((p) => Problem.parse(p))) {
        expect(Object.keys(registry), problem.code).toContain(problem.code);
        expect(problem.severity, problem.code).toBe(registry[problem.code]!.severity);
      }
    });

    it(`${name}: every code of the registry says in one line what it means`, () => {
      for (const [code, descriptor] of Object.entries(registry)) {
        expect(code).toMatch(/^[a-z]+(-[a-z]+)*$/);
        expect(descriptor.description, code).toMatch(/^[A-Z].*\.$/);
        expect(descriptor.description, code).not.toContain('\n');
      }
    });
  }

  it('heuristic codes say so in every message they produce', () => {
    const found = checkers.flatMap(({ registry, problems }) =>
      problems()
        .map((p) => Problem.parse(p))
        .filter((p) => registry[p.code]!.heuristic),
    );
    expect(found.map((p) => p.code)).toEqual(expect.arrayContaining(['ungrounded-value', 'unfillable-parameter']));
    for (const p of found) expect(p.message, p.code).toContain('(heuristic)');
  });

  it("describes a stored finding's code from the registry, and none for a code no longer checked", () => {
    expect(findingCodeDescription('repeated-call')).toBe('A tool is called again with the same arguments.');
    expect(findingCodeDescription('retired-check')).toBeUndefined();
    expect(findingCodeDescription('toString')).toBeUndefined();
  });
});
