import { createStore } from './create-store';

interface CurrentGraph {
  graphId: string | null;
}

/**
 * The graph the user works on: the one the Graph workspace shows, which Plans & Runs and
 * Trajectories open on too. Its only home; only the Graph workspace changes it (lint).
 */
const useCurrentGraphStore = createStore<CurrentGraph>(() => ({ graphId: null }));

/** The current graph's id, null while there is none; the component re-renders when it changes. */
export function useCurrentGraph(): string | null {
  return useCurrentGraphStore((s) => s.graphId);
}

/** The current graph's id, for code outside React (a command, a store's first value). */
export function currentGraph(): string | null {
  return useCurrentGraphStore.getState().graphId;
}

/** Calls `listener` when the current graph changes (a command that needs one follows it). */
export function onCurrentGraphChange(listener: () => void): () => void {
  return useCurrentGraphStore.subscribe(listener);
}

/** Makes `graphId` the current graph: the Graph workspace's selection. */
export function setCurrentGraph(graphId: string | null): void {
  useCurrentGraphStore.setState({ graphId });
}
