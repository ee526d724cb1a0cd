import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { safeLocalStorage } from './local-storage';

/** Schema text that could not be applied yet (not JSON, or not a valid schema), with why. */
export interface SchemaDraft {
  text: string;
  errors: string[];
}

interface SchemaDraftsState {
  /** By `graphId:tool.side`, e.g. `…:search_flights.parameters`. */
  drafts: Record<string, SchemaDraft>;
  keep(key: string, draft: SchemaDraft): void;
  drop(key: string): void;
}

/**
 * Typed schema text that is not applied to the tool, kept when another tool is selected so
 * that coming back shows it again with its errors, until it is fixed or discarded. Kept in
 * localStorage too, so a reload of the window loses none of it.
 */
export const useSchemaDrafts = create<SchemaDraftsState>()(
  persist(
    (set) => ({
      drafts: {},
      keep: (key, draft) => set((s) => ({ drafts: { ...s.drafts, [key]: draft } })),
      drop: (key) =>
        set((s) => {
          if (!(key in s.drafts)) return s;
          const { [key]: _, ...rest } = s.drafts;
          return { drafts: rest };
        }),
    }),
    {
      name: 'trellis.schemaDrafts',
      storage: createJSONStorage(() => safeLocalStorage),
      partialize: (s) => ({ drafts: s.drafts }),
    },
  ),
);
