import { create } from 'zustand';

/** A form's values and the one way to change them. */
export type FormDraft<T extends object> = T & { patch(change: Partial<T>): void };

/**
 * What a form holds before it runs, kept in this window's memory when its drawer closes or another
 * workspace opens (never saved: an API key typed into a form stays out of the workspace file).
 */
export function createFormDraft<T extends object>(initial: T) {
  return create<FormDraft<T>>()((set) => ({ ...initial, patch: (change) => set(change as Partial<FormDraft<T>>) }));
}
