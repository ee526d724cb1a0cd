import { useStore, type ReactFlowState } from '@xyflow/react';

/** Below this zoom tools are drawn as their name only: fields are unreadable there anyway. */
export const COMPACT_ZOOM = 0.35;

const isCompact = (s: ReactFlowState) => s.transform[2] < COMPACT_ZOOM;

/** True while the canvas is zoomed out past COMPACT_ZOOM; re-renders only when that flips. */
export const useCompactZoom = (): boolean => useStore(isCompact);
