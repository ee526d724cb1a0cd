import { useEffect, useMemo, useState } from 'react';
import { suggestEdges, type ValueFlow } from '../../../../../shared/graph';
import { api } from '../../../api/api';
import { useContentApartFromPositions, useEditor, useEditorStore } from '../editor/editor-context';

/**
 * Edges Trellis proposes, best evidence first, each saying why; accept draws it (a shared group's
 * edges at once), dismiss hides it for good.
 */
export function SuggestionsList() {
  const content = useContentApartFromPositions();
  const dismissed = useEditor((s) => s.dismissed);
  const actions = useEditorStore().getState();
  const graphId = useEditor((s) => s.graphId);
  // What recorded runs passed from one call to the next: read once per graph, as evidence.
  const [flows, setFlows] = useState<readonly ValueFlow[]>([]);
  useEffect(() => {
    let current = true;
    setFlows([]);
    api.invoke('graphs.valueFlows', { id: graphId }).then(
      (found) => current && setFlows(found.flows),
      () => undefined, // Without recordings the names and types still speak.
    );
    return () => {
      current = false;
    };
  }, [graphId]);
  const suggestions = useMemo(() => suggestEdges(content, new Set(dismissed), { flows }), [content, dismissed, flows]);
  return (
    <ul className="problem-list">
      {suggestions.length === 0 && (
        <li className="muted">No suggestions: every matching name is connected or dismissed.</li>
      )}
      {suggestions.map((s) => (
        <li key={s.key} className="suggestion" data-kind={s.kind}>
          <span>
            <span aria-label={s.kind === 'dependency' ? 'Dependency' : 'Shared parameter group'}>
              {s.kind === 'dependency' ? '→' : '≡'}
            </span>{' '}
            <span className="muted" title="How strongly the evidence speaks for it (0–1)">
              {s.score.toFixed(2)}
            </span>{' '}
            {s.reason}
          </span>
          <button type="button" onClick={() => actions.connect(...s.edges)}>
            Accept
          </button>
          <button type="button" onClick={() => actions.dismissSuggestion(s.key)}>
            Dismiss
          </button>
        </li>
      ))}
    </ul>
  );
}
