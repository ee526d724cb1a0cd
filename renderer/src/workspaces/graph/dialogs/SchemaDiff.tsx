import { useEffect, useState } from 'react';
import { DiffEditor, type DiffOnMount } from '@monaco-editor/react';
import type { JsonSchema } from '../../../../../shared/domain';
import { useUi } from '../../../state/ui-store';
import { OVERFLOW_OPTIONS } from '../../../components/monaco-setup';

type DiffWidget = Parameters<DiffOnMount>[0];
type Monaco = Parameters<DiffOnMount>[1];
type Model = ReturnType<Monaco['editor']['createModel']>;
/** The models made for each pair of texts shown, by the texts: one pair per proposal. */
type Pairs = Map<string, { original: Model; modified: Model }>;

/**
 * The current and the proposed schema side by side, read-only. Each pair of texts gets a pair
 * of its own models, swapped in at once: changing the two texts of the shown models one after the
 * other let a diff computed for the old pair land on the new one (Monaco threw "startLineNumber
 * … cannot be after endLineNumberExclusive …" when the dialog moved to the next proposal).
 */
export default function SchemaDiff({ current, proposed }: { current: JsonSchema; proposed: JsonSchema }) {
  const theme = useUi((s) => s.theme);
  const [mounted, setMounted] = useState<{ editor: DiffWidget; monaco: Monaco; pairs: Pairs } | null>(null);
  const original = JSON.stringify(current, null, 2);
  const modified = JSON.stringify(proposed, null, 2);

  useEffect(() => {
    if (!mounted) return;
    const { editor, monaco } = mounted;
    const key = `${original}\u0000${modified}`;
    let pair = mounted.pairs.get(key);
    if (!pair) {
      pair = {
        original: monaco.editor.createModel(original, 'json'),
        modified: monaco.editor.createModel(modified, 'json'),
      };
      mounted.pairs.set(key, pair);
    }
    editor.setModel(pair);
  }, [mounted, original, modified]);

  return (
    <div className="diff" aria-label="Current and proposed returns">
      <DiffEditor
        // The models are this component's (above), not the wrapper's.
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        height="300px"
        language="json"
        onMount={(editor, monaco) => {
          // The widget goes before its models (disposing them first throws): ours go after it.
          // A diff may still be computing for a pair no longer shown, so none goes before the widget.
          const pairs: Pairs = new Map();
          const first = editor.getModel();
          if (first) pairs.set('', first);
          editor.onDidDispose(() => {
            for (const pair of pairs.values()) {
              pair.original.dispose();
              pair.modified.dispose();
            }
          });
          setMounted({ editor, monaco, pairs });
        }}
        theme={theme === 'dark' ? 'vs-dark' : 'vs'}
        options={{
          readOnly: true,
          minimap: { enabled: false },
          fontSize: 12,
          lineNumbers: 'off',
          scrollBeyondLastLine: false,
          renderSideBySide: true,
          // Side by side as the dialog says, however narrow it is.
          useInlineViewWhenSpaceIsLimited: false,
          automaticLayout: true,
          ...OVERFLOW_OPTIONS,
        }}
      />
    </div>
  );
}
