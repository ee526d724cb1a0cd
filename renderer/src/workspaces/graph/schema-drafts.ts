import { createStore, keepInStorage } from '../../state/create-store';

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
  /** A tool was renamed: its drafts follow it. */
  rename(graphId: string, from: string, to: string): void;
  /** Drops the drafts of a graph's tools that are gone (kept by `tools`, the names it has now). */
  prune(graphId: string, tools: readonly string[]): void;
}

/** The key of a tool's draft for one side (`parameters` or `returns`). */
export const draftKey = (graphId: string, tool: string, side: string) => `${graphId}:${tool}.${side}`;

/** The graph and tool of a draft's key (the side is the part after the tool's name). */
function keyParts(key: string): { graphId: string; tool: string; side: string } | null {
  const colon = key.indexOf(':');
  const dot = key.lastIndexOf('.');
  if (colon < 0 || dot < colon) return null;
  return { graphId: key.slice(0, colon), tool: key.slice(colon + 1, dot), side: key.slice(dot + 1) };
}

/**
 * Typed schema text that is not applied to the tool, kept when another tool is selected so
 * that coming back shows it again with its errors, until it is fixed or discarded. Kept in
 * localStorage too, so a reload of the window loses none of it.
 */
export const useSchemaDrafts = createStore<SchemaDraftsState>(
  keepInStorage(
    (set) => ({
      drafts: {},
      keep: (key, draft) => set((s) => ({ drafts: { ...s.drafts, [key]: draft } })),
      drop: (key) =>
        set((s) => {
          if (!(key in s.drafts)) return s;
          const { [key]: _, ...rest } = s.drafts;
          return { drafts: rest };
        }),
      rename: (graphId, from, to) =>
        set((s) => {
          const entries = Object.entries(s.drafts);
          const moved = entries.map(([key, draft]): [string, SchemaDraft] => {
            const parts = keyParts(key);
            return parts?.graphId === graphId && parts.tool === from
              ? [draftKey(graphId, to, parts.side), draft]
              : [key, draft];
          });
          return moved.some(([key], i) => key !== entries[i]![0]) ? { drafts: Object.fromEntries(moved) } : s;
        }),
      prune: (graphId, tools) =>
        set((s) => {
          const names = new Set(tools);
          const kept = Object.entries(s.drafts).filter(([key]) => {
            const parts = keyParts(key);
            return parts?.graphId !== graphId || names.has(parts.tool);
          });
          return kept.length === Object.keys(s.drafts).length ? s : { drafts: Object.fromEntries(kept) };
        }),
    }),
    {
      name: 'trellis.schemaDrafts',
      partialize: (s) => ({ drafts: s.drafts }),
    },
  ),
);
