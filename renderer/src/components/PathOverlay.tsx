import { useMemo } from 'react';
import type { ToolGraph, Turn } from '../../../shared/domain';
import { GraphOverlay } from './GraphOverlay';

/** A trajectory's path on its tool graph: call numbers on the tools, consecutive calls joined. */
export function PathOverlay({
  graph,
  turns,
  current = null,
}: {
  graph: ToolGraph;
  turns: Turn[];
  current?: string | null;
}) {
  const { labels, path } = useMemo(() => {
    const calls = turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.name);
    const steps = new Map<string, number[]>();
    calls.forEach((name, i) => steps.set(name, [...(steps.get(name) ?? []), i + 1]));
    return {
      labels: new Map([...steps].map(([name, numbers]) => [name, numbers.join(', ')])),
      path: calls.slice(1).map((to, i) => ({ from: calls[i]!, to, label: String(i + 2) })),
    };
  }, [turns]);
  return <GraphOverlay graph={graph} labels={labels} path={path} current={current} testId="path-overlay" />;
}
