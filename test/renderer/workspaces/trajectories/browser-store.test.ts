import { beforeEach, describe, expect, it } from 'vitest';
import { useBrowserStore, useChecksState } from '../../../../renderer/src/workspaces/trajectories/state';

describe("the Trajectories browser's selection", () => {
  beforeEach(() =>
    useBrowserStore.setState({ selectedId: null, compareId: null, pane: 'inspect', pickingCompare: false }),
  );

  it('compares the selected trajectory with the next one picked in the list', () => {
    const browser = useBrowserStore.getState();
    browser.select('a');
    browser.pickCompare(true);
    useBrowserStore.getState().select('b');
    expect(useBrowserStore.getState()).toMatchObject({
      selectedId: 'a',
      compareId: 'b',
      pane: 'diff',
      pickingCompare: false,
    });
  });

  it('waits for another trajectory when the picked one is the selected one itself', () => {
    const browser = useBrowserStore.getState();
    browser.select('a');
    browser.pickCompare(true);
    useBrowserStore.getState().select('a');
    expect(useBrowserStore.getState()).toMatchObject({
      selectedId: 'a',
      compareId: null,
      pane: 'inspect',
      pickingCompare: true,
    });
  });

  it('closes a diff opened from an experiment back onto the experiment, one opened in the inspector back there', () => {
    const browser = useBrowserStore.getState();
    browser.showPane('experiments');
    browser.select('source');
    browser.compareWith('run', 'experiments');
    expect(useBrowserStore.getState().pane).toBe('diff');
    useBrowserStore.getState().compareWith(null);
    expect(useBrowserStore.getState()).toMatchObject({ pane: 'experiments', compareId: null });
    useBrowserStore.getState().compareWith('other');
    useBrowserStore.getState().compareWith(null);
    expect(useBrowserStore.getState().pane).toBe('inspect');
  });
});

describe('what the window knows about the checks', () => {
  const summary = { cancelled: false } as Parameters<ReturnType<typeof useChecksState.getState>['finished']>[0];
  beforeEach(() => useChecksState.setState({ checkedAll: false, summary: null, stale: false }));

  it('keeps the last summary, and says it is from before once trajectories change', () => {
    useChecksState.getState().finished(summary);
    expect(useChecksState.getState()).toMatchObject({ summary, stale: false, checkedAll: true });
    useChecksState.getState().changed(false);
    expect(useChecksState.getState()).toMatchObject({ summary, stale: true, checkedAll: true });
  });

  it('no longer holds every trajectory checked once new ones arrive', () => {
    useChecksState.getState().finished(summary);
    useChecksState.getState().changed(true);
    expect(useChecksState.getState()).toMatchObject({ stale: true, checkedAll: false });
  });

  it('is not stale with no summary to be stale', () => {
    useChecksState.getState().changed(true);
    expect(useChecksState.getState().stale).toBe(false);
  });
});
