import { describe, expect, it } from 'vitest';
import { createStore, keepInStorage, type StoreHook } from '../../../renderer/src/state/create-store';
import { formDraft, keptFields } from '../../../renderer/src/state/form-draft';
import { safeLocalStorage } from '../../../renderer/src/state/local-storage';

interface Counter {
  count: number;
  label: string;
  add(): void;
}

// Checked by `tsc -p tsconfig.test.json` (never called): a store is read through a selector.
export function aWholeReadIsATypeError(useCounter: StoreHook<Counter>): unknown[] {
  // @ts-expect-error -- no selector: the component would re-render on every change of the store
  const whole = useCounter();
  return [whole, useCounter((s) => s.count)];
}

describe('createStore', () => {
  it('makes a store whose actions change it and whose subscribers hear of it', () => {
    const useCounter = createStore<Counter>((set) => ({
      count: 0,
      label: 'a',
      add: () => set((s) => ({ count: s.count + 1 })),
    }));
    const seen: number[] = [];
    const stop = useCounter.subscribe((s) => seen.push(s.count));
    useCounter.getState().add();
    useCounter.getState().add();
    stop();
    expect(seen).toEqual([1, 2]);
  });

  it('keeps only the fields a kept store names, under its key, and reads them back', async () => {
    const name = 'trellis.test.counter';
    const make = () =>
      createStore(
        keepInStorage<Counter, { count: number }>(
          (set) => ({ count: 0, label: 'fresh', add: () => set((s) => ({ count: s.count + 1 })) }),
          { name, partialize: ({ count }) => ({ count }) },
        ),
      );
    const useCounter = make();
    useCounter.getState().add();
    useCounter.setState({ label: 'not kept' });
    expect(JSON.parse(safeLocalStorage.getItem(name)!)).toEqual({ state: { count: 1 }, version: 0 });
    const again = make();
    await again.persist.rehydrate();
    expect(again.getState()).toMatchObject({ count: 1, label: 'fresh' });
  });

  it('makes form drafts that patch their fields and keep only the fields named', () => {
    const useDraft = createStore(
      keepInStorage(
        formDraft({ path: '', apiKey: '' }),
        keptFields<{ path: string; apiKey: string }>('trellis.test.draft', ['path']),
      ),
    );
    useDraft.getState().patch({ path: '/tmp/a.jsonl', apiKey: 'sk-secret' });
    expect(useDraft.getState()).toMatchObject({ path: '/tmp/a.jsonl', apiKey: 'sk-secret' });
    expect(safeLocalStorage.getItem('trellis.test.draft')).not.toContain('sk-secret');
    expect(JSON.parse(safeLocalStorage.getItem('trellis.test.draft')!).state).toEqual({ path: '/tmp/a.jsonl' });
  });
});
