import { Background, ControlButton, Controls, MiniMap, useStore, type ReactFlowState } from '@xyflow/react';
import { useCallback, useState } from 'react';
import { showsAll, type Rect } from '../../../components/readable-fit';
import { useCompact } from './use-compact';

const MINIMAP_SIZE = { width: 168, height: 112 };

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
 * the user can hide it. Zoomed far out (compact) there is no dotted background.
 */
export function CanvasChrome({ bounds }: { bounds: Rect | null }) {
  const [mapHidden, setMapHidden] = useState(false);
  const partOffScreen = useStore(
    useCallback(
      (s: ReactFlowState) =>
        bounds !== null &&
        s.width > 0 &&
        !showsAll(bounds, s, { x: s.transform[0], y: s.transform[1], zoom: s.transform[2] }),
      [bounds],
    ),
  );
  const mapLabel = mapHidden ? 'Show minimap' : 'Hide minimap';
  // Zoomed far out the dots would be a few pixels apart: a dense pattern to draw on every frame.
  const compact = useCompact();
  return (
    <>
      {!compact && <Background />}
      {partOffScreen && !mapHidden && (
        <MiniMap
          pannable
          zoomable
          className="canvas-minimap"
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
