import { countOf } from '../../../../../shared/text';
import { SearchPicker } from '../../../components/SearchPicker';
import { useGraphSession, useGraphUi } from '../state';
import { selectContent, useEditor, useEditorStore } from '../editor/editor-context';

const MAX_RESULTS = 50;

/** Ctrl+F: find a tool by name or description and focus it on the canvas. */
export function FindDialog() {
  const content = useEditor(selectContent);
  const actions = useEditorStore().getState();
  return (
    <SearchPicker
      title="Find a tool"
      label="Find tool"
      placeholder={`Find among ${countOf(content.tools.length, 'tool')}…`}
      search={(query) => {
        const q = query.trim().toLowerCase();
        return content.tools
          .filter((t) => !q || t.name.toLowerCase().includes(q) || t.description.toLowerCase().includes(q))
          .slice(0, MAX_RESULTS);
      }}
      keyOf={(tool) => tool.name}
      render={(tool) => (
        <>
          <strong>{tool.name}</strong> <span className="muted">{tool.description}</span>
        </>
      )}
      close={() => useGraphUi.getState().openDialog(null)}
      pick={(tool) => {
        actions.select([tool.name]);
        void useGraphSession.getState().canvas?.fitView({ nodes: [{ id: tool.name }], duration: 300, maxZoom: 1.2 });
      }}
    />
  );
}
