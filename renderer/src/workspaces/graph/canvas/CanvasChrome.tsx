import { Background, ControlButton, Controls, MiniMap, useStore, type ReactFlowState } from '@xyflow/react';
import { useCallback, useState } from 'react';
import { rectsOverlap, showsAll, type Rect } from '../../../components/readable-fit';
import { useStoreSelector } from '../../../state/create-store';
import { useCompact } from './use-compact';
import { canvasMoves } from './view';

const MINIMAP_SIZE = { width: 168, height: 112 };
/** React Flow's panels keep this far from the canvas's edges. */
const PANEL_MARGIN = 15;

/** Whether a tool lies under the minimap (bottom right) at the current view. */
const toolUnderMinimap = (s: ReactFlowState): boolean => {
  const [tx, ty, zoom] = s.transform;
  const map = {
    x: s.width - PANEL_MARGIN - MINIMAP_SIZE.width,
    y: s.height - PANEL_MARGIN - MINIMAP_SIZE.height,
    ...MINIMAP_SIZE,
  };
  for (const node of s.nodeLookup.values()) {
    const onScreen = {
      x: node.internals.positionAbsolute.x * zoom + tx,
      y: node.internals.positionAbsolute.y * zoom + ty,
      width: (node.measured.width ?? 0) * zoom,
      height: (node.measured.height ?? 0) * zoom,
    };
    if (rectsOverlap(onScreen, map)) return true;
  }
  return false;
};

function MinimapIcon() {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <rect x="1.5" y="2.5" width="13" height="11" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="8" y="8" width="5" height="4" fill="currentColor" />
    </svg>
  );
}

/**
 * The canvas's background, controls and minimap. The minimap shows only while part of the
 * graph is off screen (a graph that fits needs no map, and the map would cover its tools), and
 * the user can hide it (and a layout does while it moves the tools); over a tool it fades and lets the pointer through to the tool. Zoomed far
 * out (compact) there is no dotted background.
 */
export function CanvasChrome({ bounds }: { bounds: Rect | null }) {
  const [mapHidden, setMapHidden] = useState(false);
  // While a layout moves the tools the map is away: it would redraw every tool on every slice.
  const moving = useStoreSelector(canvasMoves, (s) => s.moving);
  const partOffScreen = useStore(
    useCallback(
      (s: ReactFlowState) =>
        bounds !== null &&
        s.width > 0 &&
        !showsAll(bounds, s, { x: s.transform[0], y: s.transform[1], zoom: s.transform[2] }),
      [bounds],
    ),
  );
  // A tool under the map shows through it and takes the pointer: the map never hides a tool.
  const covering = useStore((s: ReactFlowState) => partOffScreen && !mapHidden && !moving && toolUnderMinimap(s));
  const mapLabel = mapHidden ? 'Show minimap' : 'Hide minimap';
  // Zoomed far out the dots would be a few pixels apart: a dense pattern to draw on every frame.
  const compact = useCompact();
  return (
    <>
      {!compact && <Background />}
      {partOffScreen && !mapHidden && !moving && (
        <MiniMap
          pannable
          zoomable
          className={`canvas-minimap${covering ? ' over-tool' : ''}`}
          ariaLabel="Minimap"
          position="bottom-right"
          style={MINIMAP_SIZE}
        />
      )}
      <Controls orientation="horizontal" showInteractive={false}>
        {partOffScreen && (
          <ControlButton onClick={() => setMapHidden((h) => !h)} title={mapLabel} aria-label={mapLabel}>
            <MinimapIcon />
          </ControlButton>
        )}
      </Controls>
    </>
  );
}
