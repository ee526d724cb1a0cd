import { countOf } from '../../../../../shared/text';
import { useMemo } from 'react';
import { summarizeGraph } from '../../../../../shared/graph';
import { useContentApartFromPositions } from '../editor/editor-context';

/** Tools, edges of each kind, longest dependency chain, `G_share` components. */
export function GraphSummaryPanel() {
  const content = useContentApartFromPositions();
  const summary = useMemo(() => summarizeGraph(content), [content]);
  return (
    <section aria-label="Graph summary" className="summary">
      <h2>Graph</h2>
      <dl>
        <dt>Tools</dt>
        <dd data-testid="summary-tools">{summary.tools}</dd>
        <dt title="Each link from one tool's output to another tool's parameter">
          Dependency edges (output → parameter)
        </dt>
        <dd data-testid="summary-dependency-edges">{summary.dependencyEdges}</dd>
        <dt>Shared-parameter edges</dt>
        <dd>{summary.sharedEdges}</dd>
        <dt>Longest dependency chain</dt>
        <dd>{summary.longestChain === null ? 'none (cycle)' : countOf(summary.longestChain, 'tool')}</dd>
        <dt>Shared-entity groups</dt>
        <dd>{summary.sharedComponents}</dd>
      </dl>
    </section>
  );
}
