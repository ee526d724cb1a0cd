import { describe, expect, it } from 'vitest';
import { checkTrajectory } from '../../../shared/checks/trajectory';
import type { PlanStep, Turn } from '../../../shared/domain';
import {
  planForGoals,
  planToWorkflowText,
  resolveRefs,
  unresolvedPicks,
  workflowTextToPlan,
} from '../../../shared/plans';
import { validatePlan } from '../../../shared/checks/plan';
import { planCallTurn, unfilledCallError } from '../../../shared/runs';
import { argumentValidator } from '../../../backend/checks/argument-validator';
import { smartHomeGraph } from '../../helpers/graphs';

const home = smartHomeGraph();
const validate = argumentValidator(home);
const list: PlanStep = { id: 's1', tool: 'list_rooms', args: {}, dependsOn: [] };
const pick = (path: string, dependsOn = ['s1']): PlanStep => ({
  id: 's2',
  tool: 'get_temperature',
  args: { room_id: { $ref: `s1.result.${path}` } },
  dependsOn,
});
// The smart-home fixture's tools have no runtimes (the logs make them); here only the references count.
const problems = (steps: PlanStep[]) =>
  validatePlan(steps, home, validate)
    .filter((p) => p.code !== 'no-runtime')
    .map((p) => `${p.where.step}:${p.code}:${p.where.path}: ${p.message}`);

const rooms = [
  { room_id: 'r1', name: 'Kitchen' },
  { room_id: 'r2', name: 'Bedroom' },
];
const user: Turn = { role: 'user', content: 'How warm is the bedroom?' };
const call = (id: string, name: string, args: unknown = {}): Turn => ({
  role: 'assistant',
  toolCalls: [{ id, name, args }],
});
const observation = (id: string, result: unknown): Turn => ({
  role: 'tool',
  toolCallId: id,
  content: JSON.stringify(result),
});

describe('plan validation of element references', () => {
  it('accepts a pick of any element ([]), by index ([N]) or by match ([field=value])', () => {
    for (const path of ['rooms[].room_id', 'rooms[1].room_id', 'rooms[name=bedroom].room_id'])
      expect(problems([list, pick(path)])).toEqual([]);
  });

  it('the deterministic planner’s list → pick plan is valid', () => {
    const plan = planForGoals(home, ['get_temperature']);
    expect(plan).toEqual([list, pick('rooms[].room_id')]);
    expect(problems(plan)).toEqual([]);
  });

  it('checks types through the items: an element field that cannot fill the parameter is refused', () => {
    const steps: PlanStep[] = [
      list,
      {
        id: 's2',
        tool: 'set_thermostat',
        args: { room_id: 'r1', celsius: { $ref: 's1.result.rooms[].name' }, mode: 'heat' },
        dependsOn: ['s1'],
      },
    ];
    expect(problems(steps)).toEqual([
      's2:incompatible-reference:args.celsius: list_rooms.rooms[].name cannot fill celsius: a string cannot fill a number',
    ]);
  });

  it('refuses a whole list for a scalar, a list read as an object, and a match on a field items lack', () => {
    expect(problems([list, pick('rooms')])).toEqual([
      's2:incompatible-reference:args.room_id: list_rooms.rooms cannot fill room_id: an array of object cannot fill a string',
    ]);
    expect(problems([list, pick('rooms.room_id')])).toEqual([
      's2:unknown-result-field:args.room_id: list_rooms has no result field rooms.room_id (rooms is a list: pick an element, as in rooms[].room_id).',
    ]);
    expect(problems([list, pick('rooms[floor=2].room_id')])).toEqual([
      's2:unknown-result-field:args.room_id: list_rooms has no result field rooms[floor=2].room_id (elements of rooms have no field "floor" to match).',
    ]);
  });

  it('dependency-order: a pick from a step the step does not depend on is refused', () => {
    expect(problems([list, pick('rooms[].room_id', [])])).toEqual([
      "s2:reference-not-earlier:args.room_id: room_id uses s1's result, but s2 does not depend on s1.",
    ]);
  });
});

describe('element references in WorfBench text', () => {
  it('writes a pick as s1.rooms[…].room_id and reads it back as the same reference', () => {
    for (const path of ['rooms[].room_id', 'rooms[name=bedroom].room_id']) {
      const plan = [list, pick(path)];
      const text = planToWorkflowText(plan);
      expect(text).toContain(`2: get_temperature: room_id=s1.${path}`);
      expect(workflowTextToPlan(text, home).steps).toEqual(plan);
    }
  });
});

describe('resolving element references at run time', () => {
  const results = new Map<string, unknown>([['s1', { rooms }]]);

  it('fills [] with the first element, [N] with the chosen one, [field=value] with the match', () => {
    expect(
      resolveRefs(
        {
          first: { $ref: 's1.result.rooms[].room_id' },
          second: { $ref: 's1.result.rooms[1].room_id' },
          bedroom: { $ref: 's1.result.rooms[name=Bedroom].room_id' },
        },
        results,
      ),
    ).toEqual({ first: 'r1', second: 'r2', bedroom: 'r2' });
  });

  it('keeps a pick that finds no element as its reference, and says why', () => {
    const empty = new Map<string, unknown>([['s1', { rooms: [] }]]);
    const args = { room_id: { $ref: 's1.result.rooms[].room_id' } };
    expect(resolveRefs(args, empty)).toEqual(args);
    expect(unresolvedPicks(args, empty)).toEqual([
      { param: 'room_id', ref: { step: 's1', path: 'rooms[].room_id' }, reason: 'rooms is empty' },
    ]);
    expect(unresolvedPicks({ room_id: { $ref: 's1.result.rooms[4].room_id' } }, results)[0]!.reason).toBe(
      'rooms has no element 4 (it has 2)',
    );
  });

  it('the call turn says in its thought why a pick failed; executing that call fails with the reason', () => {
    const turns = [user, call('s1', 'list_rooms'), observation('s1', { rooms: [] })];
    const turn = planCallTurn(pick('rooms[].room_id'), turns);
    expect(turn.thought).toBe(
      'Step s2: get_temperature using s1. room_id could not be picked from s1.result.rooms[].room_id: rooms is empty.',
    );
    expect(turn.toolCalls![0]!.args).toEqual({ room_id: { $ref: 's1.result.rooms[].room_id' } });
    expect(unfilledCallError(turn.toolCalls![0]!, turns)).toBe(
      'get_temperature was not called: room_id needs one element of s1.result.rooms[].room_id, but rooms is empty. ' +
        "Edit the call's arguments (pause before it with a breakpoint), or fix s1.",
    );
  });

  it('a failed producer is named as the reason; a filled call has no error', () => {
    const failed = [user, call('s1', 'list_rooms'), observation('s1', { error: 'hub offline' })];
    const turn = planCallTurn(pick('rooms[].room_id'), failed);
    expect(unfilledCallError(turn.toolCalls![0]!, failed)).toMatch(
      /^get_temperature was not called: .* but s1 failed\./,
    );
    const filled = [user, call('s1', 'list_rooms'), observation('s1', { rooms })];
    const ok = planCallTurn(pick('rooms[].room_id'), filled);
    expect(ok.toolCalls![0]!.args).toEqual({ room_id: 'r1' });
    expect(unfilledCallError(ok.toolCalls![0]!, filled)).toBeNull();
  });
});

describe('trajectory checks: dependency-order with element edges', () => {
  const context = { graph: home, validate };
  const order = (turns: Turn[]) => checkTrajectory(turns, context).filter((f) => f.code === 'dependency-order');

  it('is satisfied when the list was called before the pick', () => {
    const turns = [
      user,
      call('c1', 'list_rooms'),
      observation('c1', { rooms }),
      call('c2', 'get_temperature', { room_id: 'r2' }),
      observation('c2', { room_id: 'r2', celsius: 19 }),
      { role: 'assistant', content: 'The bedroom is at 19 °C.' } as Turn,
    ];
    expect(order(turns)).toEqual([]);
  });

  it('flags an id used before the list it is picked from was called, naming the list', () => {
    const turns = [user, call('c1', 'get_temperature', { room_id: 'r2' })];
    expect(order(turns)).toEqual([
      {
        code: 'dependency-order',
        severity: 'error',
        where: { at: 'turn', turn: 1, path: '$.toolCalls[0].args.room_id' },
        message:
          'get_temperature.room_id comes from list_rooms (one element of its rooms), which was not called before.',
      },
    ]);
  });
});
