import { useStore, type ReactFlowState } from '@xyflow/react';
import { createContext, useContext } from 'react';

/** Below this zoom tools are drawn as their name only: fields are unreadable there anyway. */
export const COMPACT_ZOOM = 0.35;

const isCompact = (s: ReactFlowState) => s.transform[2] < COMPACT_ZOOM;
const viewportApplied = (s: ReactFlowState) => s.transform[0] !== 0 || s.transform[1] !== 0 || s.transform[2] !== 1;

/**
 * True while the canvas is zoomed out past COMPACT_ZOOM. React Flow applies the first viewport
 * only after its first render, so until then the zoom planned for that viewport decides: a large
 * graph's first frame is compact instead of drawing every field once for nothing.
 */
export function useCompactZoom(plannedZoom: number): boolean {
  const compact = useStore(isCompact);
  const applied = useStore(viewportApplied);
  return applied ? compact : plannedZoom < COMPACT_ZOOM;
}

/** The canvas decides once and hands it down, instead of a store subscription per node. */
export const CompactContext = createContext(false);
export const useCompact = (): boolean => useContext(CompactContext);
