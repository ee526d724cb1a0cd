import type { KeptInStorage, StoreInitializer } from './create-store';

/** A form's values and the one way to change them. */
export type FormDraft<T extends object> = T & { patch(change: Partial<T>): void };

/**
 * What a form holds before it runs, made a store with `createStore(formDraft(initial))`: kept in
 * this window's memory when its drawer closes or another workspace opens.
 */
export function formDraft<T extends object>(initial: T): StoreInitializer<FormDraft<T>> {
  return (set) => ({
    ...initial,
    patch: (change) => set(change as Partial<FormDraft<T>>),
  });
}

/**
 * The fields of a form draft that a reload of the window keeps too (in localStorage, under
 * `name`); never an API key a form may hold.
 */
export function keptFields<T extends object>(
  name: string,
  fields: readonly (keyof T)[],
): KeptInStorage<FormDraft<T>, Partial<FormDraft<T>>> {
  return {
    name,
    partialize: (s) => Object.fromEntries(fields.map((field) => [field, s[field]])) as Partial<FormDraft<T>>,
  };
}

/**
 * Selects every field of a draft, for a form that shows them all: read it with `useShallow`, so
 * the form re-renders when one of its fields changes, as it must.
 */
export const everyField = <T extends object>(draft: FormDraft<T>): FormDraft<T> => draft;
