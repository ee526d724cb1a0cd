import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store asks the backend to check plans; these tests are about what it keeps, not the checks.
vi.mock('../../../renderer/src/api/api', () => ({ api: { invoke: vi.fn(async () => []), on: vi.fn() } }));
const { useRuns } = await import('../../../renderer/src/state/runs-store');

const store = () => useRuns.getState();

describe('the Plans & Runs intent, kept per tool graph', () => {
  beforeEach(() => useRuns.setState({ graphId: null, intent: '', intents: {} }));

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
