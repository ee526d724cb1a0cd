import { useMemo } from 'react';
import { suggestEdges } from '../../../../../shared/graph';
import { useContentApartFromPositions, useEditor, useEditorStore } from '../editor/editor-context';

/** Edges Trellis proposes from names and types; accept adds the edge, dismiss hides it for good. */
export function SuggestionsList() {
  const content = useContentApartFromPositions();
  const dismissed = useEditor((s) => s.dismissed);
  const actions = useEditorStore().getState();
  const suggestions = useMemo(() => suggestEdges(content, new Set(dismissed)), [content, dismissed]);
  return (
    <ul className="problem-list">
      {suggestions.length === 0 && (
        <li className="muted">No suggestions: every matching name is connected or dismissed.</li>
      )}
      {suggestions.map((s) => (
        <li key={s.key} className="suggestion">
          <span>
            {s.edge.kind === 'dependency' ? '→' : '≡'} {s.reason}
          </span>
          <button type="button" onClick={() => actions.connect(s.edge)}>
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
