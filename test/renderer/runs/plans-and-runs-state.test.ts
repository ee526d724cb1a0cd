import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunView } from '../../../shared/contract/runs';

// The store asks the backend to check plans; these tests are about what it keeps, not the checks.
vi.mock('../../../renderer/src/api/api', () => ({ api: { invoke: vi.fn(async () => []), on: vi.fn() } }));
const { useRuns } = await import('../../../renderer/src/workspaces/runs/state');
const { usePlans } = await import('../../../renderer/src/workspaces/runs/plans-state');
const { api } = await import('../../../renderer/src/api/api');
const { safeLocalStorage } = await import('../../../renderer/src/state/local-storage');

const plans = () => usePlans.getState();
const runs = () => useRuns.getState();
/** Opens a graph in Plans & Runs (the runs store opens it for both). */
const open = (graphId: string) => runs().setGraph(graphId);
const reset = () => {
  usePlans.setState({
    graphId: null,
    intent: '',
    intents: {},
    goals: {},
    work: {},
    steps: [],
    planId: null,
    unsaved: false,
  });
  useRuns.setState({ graphId: null, openRuns: {}, reopen: {}, run: null });
};

describe('the Plans & Runs intent, kept per tool graph', () => {
  beforeEach(reset);

  it('brings each graph’s own intent back when switching to it, and starts a new graph empty', async () => {
    open('trip');
    plans().setIntent('Find the cheapest flight from Lisbon to Paris and book it');
    await plans().setSteps([{ id: 's1', tool: 'search_flights', args: {}, dependsOn: [] }]);

    open('home');
    expect(plans().intent).toBe('');
    expect(plans().steps).toEqual([]);
    plans().setIntent('make the bedroom 21 degrees');

    open('trip');
    expect(plans().intent).toBe('Find the cheapest flight from Lisbon to Paris and book it');
    open('home');
    expect(plans().intent).toBe('make the bedroom 21 degrees');
  });

  it('gives what was typed before any graph was open to the first graph', () => {
    plans().setIntent('Weather in Kyoto tomorrow?');
    open('trip');
    expect(plans().intent).toBe('Weather in Kyoto tomorrow?');
    open('home');
    open('trip');
    expect(plans().intent).toBe('Weather in Kyoto tomorrow?');
  });

  it('keeps each graph’s goal tools, across graph switches and a reload', async () => {
    open('trip');
    plans().setGoals(['book_flight', 'book_hotel']);
    open('home');
    expect(plans().goals.home).toBeUndefined();
    plans().setGoals(['set_thermostat']);
    open('trip');
    expect(plans().goals).toEqual({ trip: ['book_flight', 'book_hotel'], home: ['set_thermostat'] });
    plans().setGoals([]);
    expect(plans().goals).toEqual({ home: ['set_thermostat'] });
    plans().setGoals(['book_flight']);

    const text = safeLocalStorage.getItem('trellis.plans')!;
    reset();
    safeLocalStorage.setItem('trellis.plans', text);
    await usePlans.persist.rehydrate();
    expect(plans().goals).toEqual({ trip: ['book_flight'], home: ['set_thermostat'] });
  });

  it('keeps an intent cleared on purpose cleared', () => {
    open('trip');
    plans().setIntent('book_hotel in Rome');
    plans().setIntent('');
    open('home');
    open('trip');
    expect(plans().intent).toBe('');
  });
});

const search = { id: 's1', tool: 'search_flights', args: { origin: 'Lisbon', passengers: 2 }, dependsOn: [] };
const book = { id: 's2', tool: 'book_flight', args: { traveler_name: 'Ana Silva' }, dependsOn: ['s1'] };

describe('the Plans & Runs plan, kept per tool graph', () => {
  beforeEach(reset);

  it('brings back an edited saved plan exactly as left, with where it came from, and says it is an unsaved draft', async () => {
    open('trip');
    await plans().openPlan({ id: 'plan-1', intent: 'Fly to Paris', steps: [search] });
    expect(plans()).toMatchObject({ planId: 'plan-1', unsaved: false, restored: false });
    const edited = [{ ...search, args: { ...search.args, origin: 'Lisboa «ç»' } }, book];
    await plans().setSteps(edited);

    open('home');
    expect(plans()).toMatchObject({ steps: [], planId: null, unsaved: false, restored: false, intent: '' });
    await plans().setSteps([{ id: 's1', tool: 'set_temperature', args: { celsius: 21 }, dependsOn: [] }], 'new');

    open('trip');
    expect(plans().steps).toEqual(edited);
    expect(plans()).toMatchObject({ planId: 'plan-1', unsaved: true, restored: true, intent: 'Fly to Paris' });
    await plans().setSteps([...edited, { id: 's3', tool: 'convert_currency', args: {}, dependsOn: [] }]);
    expect(plans().restored).toBe(false);

    open('home');
    expect(plans().steps).toEqual([{ id: 's1', tool: 'set_temperature', args: { celsius: 21 }, dependsOn: [] }]);
    expect(plans().planId).toBeNull();
  });

  it('brings back the run that was open on the graph, and checks the restored plan again', async () => {
    const run = { id: 'run-1', graphId: 'trip' } as unknown as RunView;
    open('trip');
    await plans().setSteps([search], 'new');
    runs().showRun(run);
    open('home');
    expect(runs().run).toBeNull();
    vi.mocked(api.invoke).mockClear();
    open('trip');
    expect(runs().run).toBe(run);
    expect(api.invoke).toHaveBeenCalledWith('plans.validate', { graphId: 'trip', steps: [search] });
  });

  it('a saved plan is no longer a draft, unless edited while it was being saved', async () => {
    open('trip');
    const steps = [search];
    await plans().setSteps(steps, 'new');
    plans().planSaved({ id: 'plan-2' }, steps);
    expect(plans()).toMatchObject({ planId: 'plan-2', unsaved: false });
    await plans().setSteps([search, book]);
    plans().planSaved({ id: 'plan-3' }, steps);
    expect(plans()).toMatchObject({ planId: 'plan-2', unsaved: true });
    // A generated plan is a new one: it no longer belongs to the saved plan.
    await plans().setSteps([book], 'new');
    expect(plans()).toMatchObject({ planId: null, unsaved: true });
  });

  it('keeps intents and each graph’s plan in localStorage, the open graph’s as it is now', async () => {
    open('trip');
    plans().setIntent('Fly to Paris');
    await plans().setSteps([search, book], 'new');
    open('home');
    open('trip');
    const kept = JSON.parse(safeLocalStorage.getItem('trellis.plans')!) as { state: Record<string, unknown> };
    expect(kept.state).toEqual({
      intents: { trip: 'Fly to Paris' },
      work: { trip: { steps: [search, book], planId: null, unsaved: true, candidates: [] } },
      goals: {},
      planner: 'deterministic',
      candidateCount: 1,
    });
    // A reload starts with no graph open; opening the graph brings its draft back.
    const text = safeLocalStorage.getItem('trellis.plans')!;
    reset();
    expect(plans().work).toEqual({});
    safeLocalStorage.setItem('trellis.plans', text);
    await usePlans.persist.rehydrate();
    open('trip');
    expect(plans()).toMatchObject({ steps: [search, book], intent: 'Fly to Paris', restored: true });
  });
});

describe('running a plan from Plans & Runs', () => {
  beforeEach(reset);
  const started = (planId: string) => ({ id: 'run-1', planId, turns: [] }) as unknown as RunView;

  it('saves unsaved steps by running them and says they are saved; a saved plan runs as itself', async () => {
    const invoke = vi.mocked(api.invoke);
    open('trip');
    plans().setIntent('Fly to Paris');
    await plans().setSteps([search], 'new');
    expect(plans().unsaved).toBe(true);
    invoke.mockImplementation((async (method: string) => (method === 'runs.start' ? started('plan-9') : [])) as never);
    await runs().startRun('plan');
    expect(invoke).toHaveBeenCalledWith('runs.start', expect.objectContaining({ steps: [search] }));
    expect(plans()).toMatchObject({ planId: 'plan-9', unsaved: false });

    // Run again, unchanged: the saved plan, not another copy of its steps.
    invoke.mockClear();
    await runs().startRun('plan');
    const args = invoke.mock.calls.find(([method]) => method === 'runs.start')![1] as Record<string, unknown>;
    expect(args).toMatchObject({ planId: 'plan-9' });
    expect(args.steps).toBeUndefined();
    invoke.mockImplementation((async () => []) as never);
  });
});

describe('the run open when the window reloads', () => {
  beforeEach(reset);

  it('is found where workspaces saved it before runs had a key of their own', async () => {
    vi.resetModules();
    const storage = (await import('../../../renderer/src/state/local-storage')).safeLocalStorage;
    storage.removeItem('trellis.runs');
    storage.setItem(
      'trellis.plans',
      JSON.stringify({
        state: { intents: {}, work: { trip: { steps: [], reopen: 't-7' }, home: { steps: [] } } },
        version: 1,
      }),
    );
    const fresh = (await import('../../../renderer/src/workspaces/runs/state')).useRuns;
    expect(fresh.getState().reopen).toEqual({ trip: 't-7' });
    storage.removeItem('trellis.plans');
  });

  it('opens again when its graph does; one gone since is let go without an error', async () => {
    const invoke = vi.mocked(api.invoke);
    open('trip');
    runs().showRun({ id: 'run-1', trajectoryId: 't-7', graphId: 'trip', turns: [] } as unknown as RunView);
    open('home');
    const text = safeLocalStorage.getItem('trellis.runs')!;
    expect(JSON.parse(text).state).toEqual({ reopen: { trip: 't-7' }, lastGraph: 'home' });

    reset();
    safeLocalStorage.setItem('trellis.runs', text);
    await useRuns.persist.rehydrate();
    const reopened = { id: 'run-2', trajectoryId: 't-7', graphId: 'trip', turns: [] } as unknown as RunView;
    invoke.mockImplementation((async (method: string) => (method === 'runs.open' ? reopened : [])) as never);
    open('trip');
    await vi.waitFor(() => expect(runs().run).toEqual(reopened));
    expect(invoke).toHaveBeenCalledWith('runs.open', { trajectoryId: 't-7' });

    reset();
    safeLocalStorage.setItem('trellis.runs', text);
    await useRuns.persist.rehydrate();
    invoke.mockImplementation((async (method: string) => {
      if (method === 'runs.open') throw new Error('No trajectory t-7');
      return [];
    }) as never);
    open('trip');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(runs()).toMatchObject({ run: null, error: null });
    invoke.mockImplementation((async () => []) as never);
  });

  it('opens a replay again where it stood while the backend holds it, and from its first turn after a restart', async () => {
    const invoke = vi.mocked(api.invoke);
    open('trip');
    const stepped = { id: 'run-3', trajectoryId: null, replayOf: 't-9', graphId: 'trip', turns: [{}, {}] };
    runs().showRun(stepped as unknown as RunView);
    open('home');
    const text = safeLocalStorage.getItem('trellis.runs')!;
    expect(JSON.parse(text).state).toEqual({
      reopen: {},
      replays: { trip: { runId: 'run-3', replayOf: 't-9' } },
      lastGraph: 'home',
    });

    reset();
    safeLocalStorage.setItem('trellis.runs', text);
    await useRuns.persist.rehydrate();
    invoke.mockImplementation((async (method: string) => (method === 'runs.get' ? stepped : [])) as never);
    open('trip');
    await vi.waitFor(() => expect(runs().run).toEqual(stepped));
    expect(invoke).toHaveBeenCalledWith('runs.get', { runId: 'run-3' });
    expect(runs().restartedReplay).toBeNull();

    reset();
    safeLocalStorage.setItem('trellis.runs', text);
    await useRuns.persist.rehydrate();
    const fresh = { ...stepped, id: 'run-4', turns: [] };
    invoke.mockImplementation((async (method: string) => {
      if (method === 'runs.get') throw new Error('No run run-3');
      return method === 'runs.open' ? fresh : [];
    }) as never);
    open('trip');
    await vi.waitFor(() => expect(runs().run).toEqual(fresh));
    expect(invoke).toHaveBeenCalledWith('runs.open', { trajectoryId: 't-9' });
    expect(runs().restartedReplay).toBe('run-4');
    invoke.mockImplementation((async () => []) as never);
  });
});

describe('plans and runs, each in a store of its own', () => {
  beforeEach(reset);

  it('keeps plans, intents and candidates in the plans store and the run in the runs store', () => {
    expect(Object.keys(plans())).toEqual(expect.arrayContaining(['intent', 'intents', 'candidates', 'steps']));
    expect(Object.keys(plans())).not.toContain('run');
    expect(Object.keys(runs())).toEqual(expect.arrayContaining(['run', 'starting', 'busy']));
    expect(Object.keys(runs())).not.toEqual(expect.arrayContaining(['intent']));
    expect(Object.keys(runs())).not.toEqual(expect.arrayContaining(['steps']));
    open('trip');
    expect(plans().graphId).toBe('trip');
  });
});
