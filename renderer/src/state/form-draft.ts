import { create, type StateCreator } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { safeLocalStorage } from './local-storage';

/** A form's values and the one way to change them. */
export type FormDraft<T extends object> = T & { patch(change: Partial<T>): void };

/**
 * What a form holds before it runs, kept in this window's memory when its drawer closes or another
 * workspace opens. Nothing is saved unless `keep` names the fields (never an API key a form may
 * hold): those are kept in localStorage too, so a reload of the window loses none of them.
 */
export function createFormDraft<T extends object>(initial: T, keep?: { as: string; fields: readonly (keyof T)[] }) {
  const draft: StateCreator<FormDraft<T>, [], []> = (set) => ({
    ...initial,
    patch: (change) => set(change as Partial<FormDraft<T>>),
  });
  if (!keep) return create<FormDraft<T>>()(draft);
  return create<FormDraft<T>>()(
    persist(draft, {
      name: keep.as,
      storage: createJSONStorage(() => safeLocalStorage),
      partialize: (s) => Object.fromEntries(keep.fields.map((field) => [field, s[field]])) as Partial<FormDraft<T>>,
    }) as StateCreator<FormDraft<T>, [], []>,
  );
}
