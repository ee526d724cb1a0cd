import { describe, expect, it } from 'vitest';
import type { PlanStep } from '../../../shared/domain';
import { resolveRefs } from '../../../shared/plans/refs';
import { seededRandom } from '../../../shared/random';
import { describeChoice, pickElements } from '../../../shared/synth/element-picks';

const rooms = {
  rooms: [
    { room_id: 'r1', name: 'kitchen' },
    { room_id: 'r2', name: 'bedroom' },
    { room_id: 'r3', name: 'office' },
  ],
};
const step = (args: PlanStep['args']): PlanStep => ({ id: 's2', tool: 'set_thermostat', args, dependsOn: ['s1'] });
const anyRoom = { $ref: 's1.result.rooms[].room_id' };

describe('element edges in synthesis', () => {
  it('takes a seeded random element of the observed list, named by a field the user could say', () => {
    const random = seededRandom(3);
    const taken = new Set<unknown>();
    for (let i = 0; i < 30; i++) {
      const { step: picked, choices } = pickElements(
        step({ room_id: anyRoom, celsius: 21 }),
        new Map([['s1', rooms]]),
        random,
      );
      const args = resolveRefs(picked.args, new Map([['s1', rooms]])) as { room_id: string };
      expect(rooms.rooms.map((r) => r.room_id)).toContain(args.room_id);
      expect(choices).toHaveLength(1);
      expect(choices[0]!.pick).toMatchObject({ by: 'match', field: 'name' });
      expect(picked.args.room_id).toEqual({
        $ref: `s1.result.rooms[name=${(choices[0]!.pick as { value: string }).value}].room_id`,
      });
      taken.add(args.room_id);
    }
    expect(taken.size).toBe(3);
  });

  it('takes the element that matches another argument of the step', () => {
    const { step: picked } = pickElements(
      step({ room_id: anyRoom, room_name: 'Bedroom' }),
      new Map([['s1', rooms]]),
      seededRandom(1),
    );
    expect(resolveRefs(picked.args, new Map([['s1', rooms]]))).toMatchObject({ room_id: 'r2' });
  });

  it('falls back to a position when no field names an element, and leaves an empty list to the run', () => {
    const ids = { ids: [{ id: 'a' }, { id: 'b' }] };
    const { step: picked, choices } = pickElements(
      step({ id: { $ref: 's1.result.ids[].id' } }),
      new Map([['s1', ids]]),
      () => 0.9,
    );
    expect(picked.args.id).toEqual({ $ref: 's1.result.ids[1].id' });
    expect(describeChoice(choices[0]!)).toBe('the 2nd of the ids');
    const empty = pickElements(step({ room_id: anyRoom }), new Map([['s1', { rooms: [] }]]), seededRandom(1));
    expect(empty.step.args.room_id).toEqual(anyRoom);
    expect(empty.choices).toEqual([]);
  });

  it('leaves plain references and literals alone', () => {
    const plain = step({ flight_id: { $ref: 's1.result.cheapest_flight_id' }, passengers: 2 });
    expect(pickElements(plain, new Map([['s1', {}]]), seededRandom(1)).step).toEqual(plain);
  });

  it('says which element in words', () => {
    expect(
      describeChoice({ param: 'room_id', list: 'rooms', pick: { by: 'match', field: 'name', value: 'bedroom' } }),
    ).toBe('the room whose name is bedroom');
  });
});
