import {
  create,
  createStore as createZustandStore,
  useStore,
  type Mutate,
  type StateCreator,
  type StoreApi,
} from 'zustand';
import { createJSONStorage, persist, type PersistOptions } from 'zustand/middleware';
import { safeLocalStorage } from './local-storage';

// The one file that imports zustand (lint forbids it elsewhere): every store is made here, so the
// selector lint rule finds each one by how it was made, and reading a store whole is a type error.
export { useShallow } from 'zustand/react/shallow';
export type { StoreApi };

/** A store's state and actions from `set` and `get`, as zustand's creators take them. */
export type StoreInitializer<T> = StateCreator<T, [], []>;

/**
 * A store's hook. Components read it only through a selector (a module-level one, or
 * `useShallow` for several fields): a whole-store read would re-render on every change.
 * `getState`, `setState` and `subscribe` serve code outside React.
 */
export type StoreHook<T> = (<U>(selector: (state: T) => U) => U) & StoreApi<T>;

/**
 * What a store keeps in localStorage across reloads: `name` is its key, `partialize` the fields
 * kept (never everything: actions and what the API gives are not state to keep).
 */
export type KeptInStorage<T, P> = Omit<PersistOptions<T, P>, 'storage' | 'partialize'> & {
  partialize: (state: T) => P;
};

/** An initializer made by `keepInStorage`: `keptIn` is its localStorage key. */
export type KeptInitializer<T> = StoreInitializer<T> & { readonly keptIn: string };

/** What a kept store adds to its hook: zustand's `persist` (rehydrate, clearStorage, …). */
export type KeptStoreHook<T> = StoreHook<T> & Pick<Mutate<StoreApi<T>, [['zustand/persist', unknown]]>, 'persist'>;

/** Makes one of the UI's stores, a hook named `use…` (lint requires the name, and finds the stores by it). */
export function createStore<T>(initializer: KeptInitializer<T>): KeptStoreHook<T>;
export function createStore<T>(initializer: StoreInitializer<T>): StoreHook<T>;
export function createStore<T>(initializer: StoreInitializer<T>): StoreHook<T> {
  return create<T>()(initializer);
}

/** A store's initializer whose `kept` fields survive a reload of the window (in localStorage). */
export function keepInStorage<T, P = unknown>(
  initializer: StoreInitializer<T>,
  kept: KeptInStorage<T, P>,
): KeptInitializer<T> {
  const persisted = persist<T, [], [], P>(initializer, {
    ...kept,
    storage: createJSONStorage<P>(() => safeLocalStorage),
  });
  // persist's initializer adds `persist` to the store: KeptStoreHook types it.
  return Object.assign(persisted as StoreInitializer<T>, { keptIn: kept.name });
}

/**
 * Makes a store per instance (an open graph's editor, one canvas's drag state), handed down by a
 * React context or a module and read with `useStoreSelector`.
 */
export function createStoreApi<T>(initializer: StoreInitializer<T>): StoreApi<T> {
  return createZustandStore<T>()(initializer);
}

/** Reads a store made by `createStoreApi`; the component re-renders only when the selection changes. */
export function useStoreSelector<T, U>(store: StoreApi<T>, selector: (state: T) => U): U {
  return useStore(store, selector);
}
