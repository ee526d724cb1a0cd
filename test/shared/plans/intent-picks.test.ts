import { describe, expect, it } from 'vitest';
import { planForGoals } from '../../../shared/plans';
import { pickFromIntent } from '../../../shared/plans/intent-picks';
import { smartHomeGraph } from '../../helpers/graphs';

const home = smartHomeGraph();
const listRooms = home.tools.find((t) => t.name === 'list_rooms')!;
const pick = (intent: string) => pickFromIntent(listRooms, 'rooms[].room_id', intent, home.tools);

describe('element picks from the intent', () => {
  it.each([
    ['Make the bedroom 21 degrees', 'rooms[name=bedroom].room_id'],
    ['Warm the living room to 22 °C', 'rooms[name=living room].room_id'],
    ['How warm is it in the kitchen?', 'rooms[name=kitchen].room_id'],
    ['set the Bedroom thermostat to heat', 'rooms[name=bedroom].room_id'],
  ])('%s → %s', (intent, path) => {
    expect(pick(intent)).toBe(path);
  });

  it.each([
    // Nothing names a room; two phrases could, and neither holds the list's noun.
    ['Set the temperature to 21 degrees', 'rooms[].room_id'],
    ['Make the attic or the cellar warmer', 'rooms[].room_id'],
    ['', 'rooms[].room_id'],
  ])('%s keeps the first element', (intent, path) => {
    expect(pick(intent)).toBe(path);
  });

  it('leaves explicit picks and paths without a list alone', () => {
    expect(pickFromIntent(listRooms, 'rooms[2].room_id', 'the bedroom', home.tools)).toBe('rooms[2].room_id');
    expect(pickFromIntent(listRooms, 'rooms', 'the bedroom', home.tools)).toBe('rooms');
  });

  it('the deterministic planner fills the pick into the step that depends on the list', () => {
    const steps = planForGoals(home, ['set_thermostat'], 'Make the bedroom 21 degrees');
    expect(steps.map((s) => s.tool)).toEqual(['list_rooms', 'set_thermostat']);
    expect(steps[1]!.args).toMatchObject({ room_id: { $ref: 's1.result.rooms[name=bedroom].room_id' }, celsius: 21 });
    expect(steps[1]!.dependsOn).toEqual(['s1']);
  });
});
