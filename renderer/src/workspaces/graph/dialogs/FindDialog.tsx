import { useMemo, useState } from 'react';
import { useUi } from '../../../state/ui-store';
import { selectContent, useEditor, useEditorStore } from '../editor/editor-context';

const MAX_RESULTS = 50;

/** Ctrl+F: find a tool by name or description and focus it on the canvas. */
export function FindDialog() {
  const content = useEditor(selectContent);
  const actions = useEditorStore().getState();
  const close = () => useUi.getState().openDialog(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    return content.tools
      .filter((t) => !q || t.name.toLowerCase().includes(q) || t.description.toLowerCase().includes(q))
      .slice(0, MAX_RESULTS);
  }, [content.tools, query]);

  const go = (name: string | undefined) => {
    if (!name) return;
    close();
    actions.select([name]);
    void useUi.getState().canvas?.fitView({ nodes: [{ id: name }], duration: 300, maxZoom: 1.2 });
  };

  return (
    <div className="overlay" onMouseDown={close}>
      <div className="palette" role="dialog" aria-label="Find tool" onMouseDown={(e) => e.stopPropagation()}>
        <input
          autoFocus
          aria-label="Find tool"
          placeholder={`Find among ${content.tools.length} tools…`}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
            else if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, matches.length - 1));
            else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
            else if (e.key === 'Enter') go(matches[active]?.name);
            else return;
            e.preventDefault();
          }}
        />
        <ul role="listbox">
          {matches.map((tool, i) => (
            <li
              key={tool.name}
              role="option"
              aria-selected={i === active}
              onMouseEnter={() => setActive(i)}
              onClick={() => go(tool.name)}
            >
              <strong>{tool.name}</strong> <span className="muted">{tool.description}</span>
            </li>
          ))}
          {matches.length === 0 && <li className="muted">No tool matches “{query}”.</li>}
        </ul>
      </div>
    </div>
  );
}
