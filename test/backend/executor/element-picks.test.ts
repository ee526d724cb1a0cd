import { afterAll, describe, expect, it } from 'vitest';
import { smartHomeGraph } from '../../helpers/graphs';
import { RunEngine } from '../../../backend/executor/engine';
import { MockRunner } from '../../../backend/executor/runtimes/mock-runner';
import { memoryTurns } from '../../../backend/executor/run-turns';
import { McpServers } from '../../../backend/executor/runtimes';
import type { PlanStep, Tool, Turn } from '../../../shared/domain';
import { planForGoals } from '../../../shared/plans';
import { validatePlan } from '../../../shared/checks/plan';

const mocks = new MockRunner();
const mcp = new McpServers();
afterAll(async () => {
  await mocks.close();
  await mcp.close();
});

/** The smart-home graph with JavaScript mocks: `list_rooms` answers the rooms it is given. */
function homeWith(rooms: { room_id: string; name: string }[]) {
  const home = smartHomeGraph();
  const mock = (name: string, code: string): Tool => ({
    ...home.tools.find((t) => t.name === name)!,
    runtime: { kind: 'mock', code },
  });
  const tools = [
    mock('list_rooms', `return { rooms: ${JSON.stringify(rooms)} };`),
    mock(
      'get_temperature',
      `const known = { r1: 22.5, r2: 18 };
       if (!(args.room_id in known)) throw new Error('No room ' + args.room_id);
       return { room_id: args.room_id, celsius: known[args.room_id] };`,
    ),
    home.tools.find((t) => t.name === 'set_thermostat')!,
  ];
  return { tools, edges: home.edges };
}

const ROOMS = [
  { room_id: 'r1', name: 'Kitchen' },
  { room_id: 'r2', name: 'Bedroom' },
];
const INTENT = 'How warm is it in the bedroom?';

function engine(graph: ReturnType<typeof homeWith>, plan: PlanStep[]) {
  return new RunEngine({
    graph,
    mode: 'plan',
    plan,
    turns: memoryTurns([{ role: 'user', content: INTENT }]),
    runtime: { mocks, mcp, seed: 1, allowed: () => false },
  });
}

const parse = (turn: Turn | undefined) => JSON.parse(turn?.content ?? 'null') as Record<string, unknown>;

describe('a list → pick plan through the real engine (mock runtimes in the sandbox)', () => {
  it('fills get_temperature.room_id from the first element of list_rooms.rooms ([])', async () => {
    const graph = homeWith(ROOMS);
    const plan = planForGoals(graph, ['get_temperature']);
    expect(plan[1]!.args).toEqual({ room_id: { $ref: 's1.result.rooms[].room_id' } });
    expect(validatePlan(plan, graph)).toEqual([]);
    const run = engine(graph, plan);
    await run.continue();
    expect(run.status).toBe('finished');
    const calls = run.turns.flatMap((t) => t.toolCalls ?? []);
    expect(calls.map((c) => [c.name, c.args])).toEqual([
      ['list_rooms', {}],
      ['get_temperature', { room_id: 'r1' }],
    ]);
    expect(parse(run.turns[4])).toEqual({ room_id: 'r1', celsius: 22.5 });
    expect(run.turns.at(-1)!.content).toMatch(/^Plan complete: 2 of 2 steps succeeded\./);
  });

  it('picks the element a step chooses: by index ([1]) or by match ([name=bedroom])', async () => {
    const graph = homeWith(ROOMS);
    for (const path of ['rooms[1].room_id', 'rooms[name=bedroom].room_id']) {
      const plan = planForGoals(graph, ['get_temperature']);
      plan[1]!.args.room_id = { $ref: `s1.result.${path}` };
      expect(validatePlan(plan, graph)).toEqual([]);
      const run = engine(graph, plan);
      await run.continue();
      expect(parse(run.turns[4])).toEqual({ room_id: 'r2', celsius: 18 });
    }
  });

  it('fails the pick step with a clear message in its turn when the list is empty, without calling the tool', async () => {
    const graph = homeWith([]);
    const run = engine(graph, planForGoals(graph, ['get_temperature']));
    await run.continue();
    expect(run.status).toBe('finished');
    expect(run.turns[3]!.thought).toBe(
      'Step s2: get_temperature using s1. room_id could not be picked from s1.result.rooms[].room_id: rooms is empty.',
    );
    expect(parse(run.turns[4])).toEqual({
      error:
        'get_temperature was not called: room_id needs one element of s1.result.rooms[].room_id, but rooms is empty. ' +
        "Edit the call's arguments (pause before it with a breakpoint), or fix s1.",
    });
    expect(run.turns.at(-1)!.content).toMatch(/^Plan complete: 1 of 2 steps succeeded \(failed: s2\)/);
  });

  it('lets the user fill the pick by hand at a breakpoint before the call', async () => {
    const graph = homeWith([]);
    const run = engine(graph, planForGoals(graph, ['get_temperature']));
    run.breakpoints = [{ kind: 'tool', tool: 'get_temperature' }];
    await run.continue();
    expect(run.status).toBe('paused');
    run.edit(3, { args: { room_id: 'r2' } });
    await run.continue();
    expect(parse(run.turns[4])).toEqual({ room_id: 'r2', celsius: 18 });
    expect(run.turns.at(-1)!.content).toMatch(/^Plan complete: 2 of 2 steps succeeded\./);
  });
});
