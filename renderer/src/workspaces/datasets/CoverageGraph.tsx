import { useEffect, useMemo, useState } from 'react';
import type { ToolGraph } from '../../../../shared/domain';
import { labelWidth, wrappedPositions } from '../../components/preview-layout';

/** Space around the tools inside the box, in CSS pixels. */
const INSET = 12;
/** A tool's drawn height: its 16 px line, padding and border (datasets.css). */
const TOOL_HEIGHT = 30;
/** A tool's padding and border, left and right (datasets.css). */
const TOOL_CHROME = 22;

/** How wide `label` is drawn in a tool of the coverage graph, measured in the box's font. */
function textWidthIn(element: HTMLElement): (label: string) => number {
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return labelWidth;
  context.font = `12px ${getComputedStyle(element).fontFamily}`;
  return (label) => Math.ceil(context.measureText(label).width) + TOOL_CHROME;
}

/** The width of `element`'s content box, kept up to date. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    setWidth(element.clientWidth);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

/**
 * A dataset's tool coverage drawn over its graph: every tool at full size, the used ones marked
 * with their call counts, dependency edges between them. The graph's columns become bands that
 * wrap at the side panel's width, so the box grows in height and nothing is cut off. Plain HTML
 * and SVG, not a React Flow pane: a static picture in a scrolling panel needs no viewport, and
 * it is painted like the rest of the panel whenever the panel scrolls.
 */
export function CoverageGraph({
  graph,
  calls,
}: {
  graph: Pick<ToolGraph, 'tools' | 'edges'>;
  calls: Readonly<Record<string, number>>;
}) {
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const width = useWidth(box);
  const layout = useMemo(() => {
    if (!box || width <= 0) return null;
    const labelOf = (name: string) => (calls[name] ? `×${calls[name]} · ${name}` : name);
    const widthOf = textWidthIn(box);
    const positions = wrappedPositions(graph.tools, (name) => widthOf(labelOf(name)), width - 2 * INSET);
    const tools = graph.tools.map((t) => {
      const { x, y } = positions.get(t.name)!;
      return { name: t.name, label: labelOf(t.name), x: x + INSET, y: y + INSET, width: widthOf(labelOf(t.name)) };
    });
    const at = new Map(tools.map((t) => [t.name, t]));
    // One line per tool pair, however many parameters join it.
    const pairs = new Set<string>();
    const edges = graph.edges.flatMap((e) => {
      if (e.kind !== 'dependency') return [];
      const from = at.get(e.fromTool);
      const to = at.get(e.toTool);
      const key = `${e.fromTool}\n${e.toTool}`;
      if (!from || !to || pairs.has(key)) return [];
      pairs.add(key);
      const [x1, y1] = [from.x + from.width / 2, from.y + TOOL_HEIGHT];
      const [x2, y2] = [to.x + to.width / 2, to.y];
      const bend = Math.max(24, Math.abs(y2 - y1) / 2);
      return [{ key, d: `M${x1},${y1} C${x1},${y1 + bend} ${x2},${y2 - bend} ${x2},${y2}` }];
    });
    const height = Math.max(0, ...tools.map((t) => t.y)) + TOOL_HEIGHT + INSET;
    return { tools, edges, height };
  }, [box, width, graph, calls]);
  return (
    <div
      ref={setBox}
      className="coverage-graph"
      data-testid="coverage-overlay"
      role="img"
      aria-label="Tool coverage over the dataset's graph"
      style={{ height: layout?.height ?? TOOL_HEIGHT + 2 * INSET }}
    >
      {layout && (
        <>
          <svg width={width} height={layout.height} aria-hidden>
            {layout.edges.map((e) => (
              <path key={e.key} d={e.d} />
            ))}
          </svg>
          {layout.tools.map((t) => (
            <div
              key={t.name}
              className={calls[t.name] ? 'coverage-tool used' : 'coverage-tool'}
              style={{ left: t.x, top: t.y }}
            >
              {t.label}
            </div>
          ))}
        </>
      )}
    </div>
  );
}
