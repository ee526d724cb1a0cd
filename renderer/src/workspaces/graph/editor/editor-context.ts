import { createContext, useContext, useState } from 'react';
import { useStoreSelector } from '../../../state/create-store';
import { movedOnly, type GraphContent } from '../../../../../shared/graph';
import type { EditorState, EditorStore } from '../editor-store';

export const EditorContext = createContext<EditorStore | null>(null);

/** Reads the open graph's editor; components re-render only when the selected slice changes. */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditor needs an open graph (EditorContext).');
  return useStoreSelector(store, selector);
}

export function useEditorStore(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditorStore needs an open graph (EditorContext).');
  return store;
}

export const selectContent = (s: EditorState) => s.history.present;

/**
 * A selector of the content for views that do not show positions (summary, suggestions): it gives
 * the same object while tools only move, so that a drag or an auto-layout of a thousand tools does
 * not re-render them. Its positions may be out of date; everything else is current.
 */
export function selectApartFromPositions(): (state: EditorState) => GraphContent {
  let seen: GraphContent | null = null;
  return (state) => {
    const present = state.history.present;
    if (seen && (seen === present || movedOnly(seen, present))) return seen;
    return (seen = present);
  };
}

/** The content as `selectApartFromPositions` gives it, for one component. */
export function useContentApartFromPositions(): GraphContent {
  const [select] = useState(selectApartFromPositions);
  return useEditor(select);
}
