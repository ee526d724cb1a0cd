import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { EditorState, EditorStore } from '../editor-store';

export const EditorContext = createContext<EditorStore | null>(null);

/** Reads the open graph's editor; components re-render only when the selected slice changes. */
export function useEditor<T>(selector: (state: EditorState) => T): T {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditor needs an open graph (EditorContext).');
  return useStore(store, selector);
}

export function useEditorStore(): EditorStore {
  const store = useContext(EditorContext);
  if (!store) throw new Error('useEditorStore needs an open graph (EditorContext).');
  return store;
}

export const selectContent = (s: EditorState) => s.history.present;
