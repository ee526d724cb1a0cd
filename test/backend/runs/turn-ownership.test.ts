import { describe, expect, it } from 'vitest';
import type { Backend } from '../../../backend/backend';
import { testBackend } from '../../helpers/backend';

/** A plan run on the example graph (search, book, convert), stepped to `turns` turns. */
async function planRun(b: Backend, turns: number) {
  const [graph] = await b.registry.invoke('graphs.list', {});
  const intent = 'book_flight from Paris to Lisbon on 2027-03-14 for 2 passengers';
  const { candidates } = await b.registry.invoke('plans.generate', { graphId: graph!.id, intent });
  const steps = candidates[0]!.steps;
  steps.find((s) => s.tool === 'book_flight')!.args.traveler_name = 'Ana Silva';
  const run = await b.registry.invoke('runs.start', { graphId: graph!.id, intent, steps });
  return b.registry.invoke('runs.continue', { runId: run.id, untilTurns: turns });
}

describe("a run's turns have one owner: the run store", () => {
  it('keeps a turn curated in the trajectory browser when the open debugger steps again', async () => {
    const b = testBackend();
    const run = await planRun(b, 3); // user, call s1, observation s1
    const id = run.trajectoryId!;
    const curated = { ...run.turns[1]!, thought: 'Search flights first: the booking needs a flight id.' };
    await b.registry.invoke('trajectories.editTurn', { id, turnIndex: 1, turn: curated });

    const stepped = await b.registry.invoke('runs.step', { runId: run.id });
    expect(stepped.turns).toHaveLength(4);
    expect(stepped.turns[1]).toEqual(curated);
    const stored = await b.registry.invoke('trajectories.get', { id });
    expect(stored.turns).toHaveLength(4);
    expect(stored.turns[1]).toEqual(curated);
    const edits = await b.registry.invoke('trajectories.edits', { id });
    expect(edits.map((e) => e.turnIndex)).toEqual([1]);
    expect(edits[0]!.original).toEqual(run.turns[1]);

    await b.registry.invoke('trajectories.revertTurn', { id, turnIndex: 1 });
    const reverted = await b.registry.invoke('runs.get', { runId: run.id });
    expect(reverted.turns[1]).toEqual(run.turns[1]);
    expect(reverted.turns).toHaveLength(4);
  });

  it('continues from an observation curated while the run was open', async () => {
    const b = testBackend();
    const run = await planRun(b, 3);
    const observation = JSON.parse(run.turns[2]!.content!) as Record<string, unknown>;
    const turn = { ...run.turns[2]!, content: JSON.stringify({ ...observation, cheapest_flight_id: 'TP-CURATED' }) };
    await b.registry.invoke('trajectories.editTurn', { id: run.trajectoryId!, turnIndex: 2, turn });

    const next = await b.registry.invoke('runs.step', { runId: run.id });
    expect(next.turns[3]!.toolCalls![0]!.args).toMatchObject({ flight_id: 'TP-CURATED' });
  });

  it('shows a debugger edit to curation, which can revert it in the open debugger', async () => {
    const b = testBackend();
    const run = await planRun(b, 3);
    const id = run.trajectoryId!;
    const edited = await b.registry.invoke('runs.edit', { runId: run.id, turnIndex: 2, content: '{"flights":[]}' });
    expect(edited.turns[2]!.content).toBe('{"flights":[]}');

    expect((await b.registry.invoke('trajectories.get', { id })).turns[2]!.content).toBe('{"flights":[]}');
    const edits = await b.registry.invoke('trajectories.edits', { id });
    expect(edits.map((e) => [e.turnIndex, e.original])).toEqual([[2, run.turns[2]]]);

    await b.registry.invoke('trajectories.revertTurn', { id, turnIndex: 2 });
    expect((await b.registry.invoke('runs.get', { runId: run.id })).turns[2]).toEqual(run.turns[2]);
    expect((await b.registry.invoke('runs.open', { trajectoryId: id })).turns[2]).toEqual(run.turns[2]);
    expect(await b.registry.invoke('trajectories.edits', { id })).toEqual([]);
  });

  it('says the run is finished, or not, after its last turn is curated', async () => {
    const b = testBackend();
    const done = await b.registry.invoke('runs.continue', { runId: (await planRun(b, 1)).id });
    expect(done.status).toBe('finished');
    const last = done.turns.length - 1;
    // The answer becomes a call again: the run has something left to do.
    const call = { role: 'assistant' as const, toolCalls: [{ id: 'extra', name: 'search_flights', args: {} }] };
    await b.registry.invoke('trajectories.editTurn', { id: done.trajectoryId!, turnIndex: last, turn: call });
    const reopened = await b.registry.invoke('runs.open', { trajectoryId: done.trajectoryId! });
    expect(reopened.status).toBe('paused');
    expect(reopened.nextAction).toEqual({ kind: 'execute', call: call.toolCalls[0] });
  });
});
