import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunView } from '../../../shared/contract/runs';

// The store asks the backend to check plans; these tests are about what it keeps, not the checks.
vi.mock('../../../renderer/src/api/api', () => ({ api: { invoke: vi.fn(async () => []), on: vi.fn() } }));
const { useRuns } = await import('../../../renderer/src/workspaces/runs/state');
const { api } = await import('../../../renderer/src/api/api');
const { safeLocalStorage } = await import('../../../renderer/src/state/local-storage');

const store = () => useRuns.getState();
const reset = () =>
  useRuns.setState({ graphId: null, intent: '', intents: {}, work: {}, steps: [], planId: null, unsaved: false });

describe('the Plans & Runs intent, kept per tool graph', () => {
  beforeEach(reset);

  it('brings each graph’s own intent back when switching to it, and starts a new graph empty', async () => {
    store().setGraph('trip');
    store().setIntent('Find the cheapest flight from Lisbon to Paris and book it');
    await store().setSteps([{ id: 's1', tool: 'search_flights', args: {}, dependsOn: [] }]);

    store().setGraph('home');
    expect(store().intent).toBe('');
    expect(store().steps).toEqual([]);
    store().setIntent('make the bedroom 21 degrees');

    store().setGraph('trip');
    expect(store().intent).toBe('Find the cheapest flight from Lisbon to Paris and book it');
    store().setGraph('home');
    expect(store().intent).toBe('make the bedroom 21 degrees');
  });

  it('gives what was typed before any graph was open to the first graph', () => {
    store().setIntent('Weather in Kyoto tomorrow?');
    store().setGraph('trip');
    expect(store().intent).toBe('Weather in Kyoto tomorrow?');
    store().setGraph('home');
    store().setGraph('trip');
    expect(store().intent).toBe('Weather in Kyoto tomorrow?');
  });

  it('keeps an intent cleared on purpose cleared', () => {
    store().setGraph('trip');
    store().setIntent('book_hotel in Rome');
    store().setIntent('');
    store().setGraph('home');
    store().setGraph('trip');
    expect(store().intent).toBe('');
  });
});

const search = { id: 's1', tool: 'search_flights', args: { origin: 'Lisbon', passengers: 2 }, dependsOn: [] };
const book = { id: 's2', tool: 'book_flight', args: { traveler_name: 'Ana Silva' }, dependsOn: ['s1'] };

describe('the Plans & Runs plan, kept per tool graph', () => {
  beforeEach(reset);

  it('brings back an edited saved plan exactly as left, with where it came from, and says it is an unsaved draft', async () => {
    store().setGraph('trip');
    await store().openPlan({ id: 'plan-1', intent: 'Fly to Paris', steps: [search] });
    expect(store()).toMatchObject({ planId: 'plan-1', unsaved: false, restored: false });
    const edited = [{ ...search, args: { ...search.args, origin: 'Lisboa «ç»' } }, book];
    await store().setSteps(edited);

    store().setGraph('home');
    expect(store()).toMatchObject({ steps: [], planId: null, unsaved: false, restored: false, intent: '' });
    await store().setSteps([{ id: 's1', tool: 'set_temperature', args: { celsius: 21 }, dependsOn: [] }], 'new');

    store().setGraph('trip');
    expect(store().steps).toEqual(edited);
    expect(store()).toMatchObject({ planId: 'plan-1', unsaved: true, restored: true, intent: 'Fly to Paris' });
    await store().setSteps([...edited, { id: 's3', tool: 'convert_currency', args: {}, dependsOn: [] }]);
    expect(store().restored).toBe(false);

    store().setGraph('home');
    expect(store().steps).toEqual([{ id: 's1', tool: 'set_temperature', args: { celsius: 21 }, dependsOn: [] }]);
    expect(store().planId).toBeNull();
  });

  it('brings back the run that was open on the graph, and checks the restored plan again', async () => {
    const run = { id: 'run-1', graphId: 'trip' } as unknown as RunView;
    store().setGraph('trip');
    await store().setSteps([search], 'new');
    store().showRun(run);
    store().setGraph('home');
    expect(store().run).toBeNull();
    vi.mocked(api.invoke).mockClear();
    store().setGraph('trip');
    expect(store().run).toBe(run);
    expect(api.invoke).toHaveBeenCalledWith('plans.validate', { graphId: 'trip', steps: [search] });
  });

  it('a saved plan is no longer a draft, unless edited while it was being saved', async () => {
    store().setGraph('trip');
    const steps = [search];
    await store().setSteps(steps, 'new');
    store().planSaved({ id: 'plan-2' }, steps);
    expect(store()).toMatchObject({ planId: 'plan-2', unsaved: false });
    await store().setSteps([search, book]);
    store().planSaved({ id: 'plan-3' }, steps);
    expect(store()).toMatchObject({ planId: 'plan-2', unsaved: true });
    // A generated plan is a new one: it no longer belongs to the saved plan.
    await store().setSteps([book], 'new');
    expect(store()).toMatchObject({ planId: null, unsaved: true });
  });

  it('keeps intents and each graph’s plan in localStorage, the open graph’s as it is now', async () => {
    store().setGraph('trip');
    store().setIntent('Fly to Paris');
    await store().setSteps([search, book], 'new');
    store().setGraph('home');
    store().setGraph('trip');
    const kept = JSON.parse(safeLocalStorage.getItem('trellis.plans')!) as { state: Record<string, unknown> };
    expect(kept.state).toEqual({
      intents: { trip: 'Fly to Paris' },
      work: { trip: { steps: [search, book], planId: null, unsaved: true, candidates: [], run: null, reopen: null } },
      planner: 'deterministic',
      candidateCount: 1,
    });
    // A reload starts with no graph open; opening the graph brings its draft back.
    const text = safeLocalStorage.getItem('trellis.plans')!;
    reset();
    expect(store().work).toEqual({});
    safeLocalStorage.setItem('trellis.plans', text);
    await useRuns.persist.rehydrate();
    store().setGraph('trip');
    expect(store()).toMatchObject({ steps: [search, book], intent: 'Fly to Paris', restored: true });
  });
});

describe('running a plan from Plans & Runs', () => {
  beforeEach(reset);
  const started = (planId: string) => ({ id: 'run-1', planId, turns: [] }) as unknown as RunView;

  it('saves unsaved steps by running them and says they are saved; a saved plan runs as itself', async () => {
    const invoke = vi.mocked(api.invoke);
    store().setGraph('trip');
    store().setIntent('Fly to Paris');
    await store().setSteps([search], 'new');
    expect(store().unsaved).toBe(true);
    invoke.mockImplementation((async (method: string) => (method === 'runs.start' ? started('plan-9') : [])) as never);
    await store().startRun('plan');
    expect(invoke).toHaveBeenCalledWith('runs.start', expect.objectContaining({ steps: [search] }));
    expect(store()).toMatchObject({ planId: 'plan-9', unsaved: false });

    // Run again, unchanged: the saved plan, not another copy of its steps.
    invoke.mockClear();
    await store().startRun('plan');
    const args = invoke.mock.calls.find(([method]) => method === 'runs.start')![1] as Record<string, unknown>;
    expect(args).toMatchObject({ planId: 'plan-9' });
    expect(args.steps).toBeUndefined();
    invoke.mockImplementation((async () => []) as never);
  });
});

describe('the run open when the window reloads', () => {
  beforeEach(reset);

  it('opens again when its graph does; one gone since is let go without an error', async () => {
    const invoke = vi.mocked(api.invoke);
    store().setGraph('trip');
    store().showRun({ id: 'run-1', trajectoryId: 't-7', graphId: 'trip', turns: [] } as unknown as RunView);
    store().setGraph('home');
    const text = safeLocalStorage.getItem('trellis.plans')!;
    expect(JSON.parse(text).state.work.trip).toMatchObject({ run: null, reopen: 't-7' });

    reset();
    safeLocalStorage.setItem('trellis.plans', text);
    await useRuns.persist.rehydrate();
    const reopened = { id: 'run-2', trajectoryId: 't-7', graphId: 'trip', turns: [] } as unknown as RunView;
    invoke.mockImplementation((async (method: string) => (method === 'runs.open' ? reopened : [])) as never);
    store().setGraph('trip');
    await vi.waitFor(() => expect(store().run).toEqual(reopened));
    expect(invoke).toHaveBeenCalledWith('runs.open', { trajectoryId: 't-7' });

    reset();
    safeLocalStorage.setItem('trellis.plans', text);
    await useRuns.persist.rehydrate();
    invoke.mockImplementation((async (method: string) => {
      if (method === 'runs.open') throw new Error('No trajectory t-7');
      return [];
    }) as never);
    store().setGraph('trip');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(store()).toMatchObject({ run: null, error: null });
    invoke.mockImplementation((async () => []) as never);
  });
});
