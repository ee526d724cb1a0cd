import { useStore, type ReactFlowState } from '@xyflow/react';
import { createContext, useContext } from 'react';

/** Below this zoom tools are drawn as their name only: fields are unreadable there anyway. */
export const COMPACT_ZOOM = 0.35;

const isCompact = (s: ReactFlowState) => s.transform[2] < COMPACT_ZOOM;

/**
 * True while the canvas is zoomed out past COMPACT_ZOOM. The canvas opens at a readable zoom
 * (see readable-fit.ts), so the first frame is never compact.
 */
export const useCompactZoom = (): boolean => useStore(isCompact);

/** The canvas decides once and hands it down, instead of a store subscription per node. */
export const CompactContext = createContext(false);
export const useCompact = (): boolean => useContext(CompactContext);
