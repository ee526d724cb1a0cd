import * as Plot from '@observablehq/plot';
import { useEffect, useRef } from 'react';
import './plot-chart.css';
import { scoreBins } from './score-bins';

/** Renders an Observable Plot figure; `make` is called again when `deps` change. */
export function PlotChart({
  make,
  deps,
  label,
}: {
  make(): ReturnType<typeof Plot.plot>;
  deps: unknown[];
  label: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const figure = make();
    host.current?.replaceChildren(figure);
    return () => figure.remove();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- callers pass what the figure depends on
  }, deps);
  return <div ref={host} className="plot-chart" role="img" aria-label={label} />;
}

/** Horizontal bars of counts by name, most frequent first; one readable row per name. */
export function countBars(counts: Record<string, number>, width = 360) {
  const data = Object.entries(counts)
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count);
  const longest = Math.max(4, ...data.map((d) => d.name.length));
  const max = Math.max(1, ...data.map((d) => d.count));
  return Plot.plot({
    width,
    // 24 px a bar and room for the axis: one or two bars are not squashed into a sliver.
    height: Math.max(96, 40 + data.length * 24),
    marginLeft: Math.min(Math.round(width * 0.45), 12 + longest * 6.6),
    marginRight: 28,
    style: { fontSize: '11px', background: 'transparent', overflow: 'visible' },
    x: { grid: true, label: null, ticks: Math.min(5, max), tickFormat: 'd' },
    y: { label: null, tickSize: 0 },
    marks: [
      Plot.barX(data, { x: 'count', y: 'name', sort: { y: '-x' }, className: 'plot-bars' }),
      Plot.text(data, { x: 'count', y: 'name', text: 'count', dx: 10 }),
      Plot.ruleX([0]),
    ],
  });
}

/** Distribution of scores in [0, 1] in ten bins, counted here (not by the plot) so the bars are the table's. */
export function scoreHistogram(values: number[], label: string, width = 360) {
  const bins = scoreBins(values);
  const max = Math.max(1, ...bins.map((b) => b.count));
  return Plot.plot({
    width,
    height: 160,
    marginLeft: 16 + String(max).length * 7,
    style: { fontSize: '11px', background: 'transparent' },
    x: { domain: [0, 1], label },
    y: { grid: true, label: 'items', domain: [0, max], ticks: Math.min(5, max), tickFormat: 'd' },
    marks: [
      Plot.rectY(
        bins.filter((b) => b.count > 0),
        { x1: 'x1', x2: 'x2', y: 'count', inset: 0.5, className: 'plot-bars' },
      ),
      Plot.ruleY([0]),
    ],
  });
}
