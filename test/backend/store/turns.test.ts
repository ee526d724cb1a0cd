import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import type { Turn } from '../../../shared/domain';
import { tempDir } from '../../helpers/temp';

const call = (name: string, args: unknown, id = 'c1'): Turn => ({ role: 'assistant', toolCalls: [{ id, name, args }] });

function run(): { s: WorkspaceStore; id: string } {
  const s = openWorkspaceStore(path.join(tempDir(), 'turns.trellis'));
  const { id } = s.trajectories.insert({
    kind: 'run',
    title: 'Kyoto weather',
    source: 'run',
    graphId: null,
    planId: null,
    forkOf: null,
    turns: [{ role: 'user', content: 'Weather in Kyoto?' }],
  });
  return { s, id };
}

const found = (s: WorkspaceStore, filter: { text?: string; tool?: string }) =>
  s.trajectoryQueries.list(filter, 10, 0).items.map((t) => [t.id, t.turnCount]);

describe('turns of a stored trajectory', () => {
  it('appends a turn after the last, leaving the others, and keeps the browser’s search in step', () => {
    const { s, id } = run();
    expect(s.trajectories.appendTurn(id, call('geocode_city', { city: 'Kyoto' }))).toBe(1);
    expect(s.trajectories.appendTurn(id, { role: 'tool', toolCallId: 'c1', content: '{"lat":35.01}' })).toBe(2);
    expect(s.trajectories.turns(id).map((t) => t.role)).toEqual(['user', 'assistant', 'tool']);
    expect(found(s, { tool: 'geocode_city' })).toEqual([[id, 3]]);
    expect(found(s, { text: '35.01' })).toEqual([[id, 3]]);
    expect(() => s.trajectories.appendTurn('nope', { role: 'user' })).toThrow(/No trajectory with id nope/);
  });

  it('edits a turn keeping the recorded one, reverts it, and searches the turn as it is now', () => {
    const { s, id } = run();
    s.trajectories.appendTurn(id, call('geocode_city', { city: 'Kyoto' }));
    const recorded = s.trajectories.turn(id, 1)!;
    s.turnEdits.edit(id, 1, call('get_weather_forecast', { city: 'Osaka' }));
    s.turnEdits.edit(id, 1, call('get_weather_forecast', { city: 'Nara' }));
    expect(s.trajectories.turn(id, 1)!.toolCalls![0]!.args).toEqual({ city: 'Nara' });
    expect(s.turnEdits.list(id).map((e) => [e.turnIndex, e.original])).toEqual([[1, recorded]]);
    expect(found(s, { tool: 'geocode_city' })).toEqual([]);
    expect(found(s, { text: 'nara' })).toEqual([[id, 2]]);

    s.turnEdits.revert(id, 1);
    expect(s.trajectories.turns(id)[1]).toEqual(recorded);
    expect(s.turnEdits.list(id)).toEqual([]);
    expect(found(s, { tool: 'geocode_city' })).toEqual([[id, 2]]);
    expect(found(s, { text: 'nara' })).toEqual([]);
    expect(() => s.turnEdits.edit(id, 5, recorded)).toThrow(/has no turn 5/);
    expect(() => s.turnEdits.revert(id, 1)).toThrow(/has not been edited/);
  });

  it('reads a chunk of trajectories without their turns, and turns in the columns an export writes, as `get` has them', () => {
    const { s, id } = run();
    s.trajectories.appendTurn(id, {
      ...call('geocode_city', { city: 'Kyoto' }),
      thought: 'Find it first.',
      timing: { durationMs: 12 },
      tokens: { prompt: 10, completion: 4 },
    });
    s.trajectories.appendTurn(id, { role: 'tool', toolCallId: 'c1', content: '{"lat":35.01}' });
    const { id: other } = s.trajectories.insert({
      kind: 'imported',
      title: 'Osaka',
      source: 'file',
      graphId: null,
      planId: null,
      forkOf: null,
      outcome: { status: 'success', by: 'reward', value: 1 },
      metadata: { model: 'm' },
      turns: [{ role: 'user', content: 'Osaka?' }],
    });
    const heads = s.trajectories.heads([id, 'nope', other, id]);
    expect([...heads.keys()].sort()).toEqual([id, other].sort());
    for (const t of [id, other]) {
      const { turns, ...head } = s.trajectories.get(t);
      expect(heads.get(t)).toEqual(head);
      // The same turns, less their timings and token counts.
      expect(s.trajectories.turnsToWrite(t)).toEqual(turns.map(({ timing: _t, tokens: _k, ...turn }) => turn));
    }
    expect(s.trajectories.turnsToWrite(id)[1]).toEqual({
      role: 'assistant',
      thought: 'Find it first.',
      toolCalls: [{ id: 'c1', name: 'geocode_city', args: { city: 'Kyoto' } }],
    });
    expect(s.trajectories.heads([])).toEqual(new Map());
    expect(s.trajectories.turnsToWrite('nope')).toEqual([]);
  });
});
