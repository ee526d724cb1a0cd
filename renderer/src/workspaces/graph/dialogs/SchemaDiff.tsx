import { DiffEditor } from '@monaco-editor/react';
import type { JsonSchema } from '../../../../../shared/domain';
import { useUi } from '../../../state/ui-store';
import { OVERFLOW_OPTIONS } from '../../../components/monaco-setup';

/** The current and the proposed schema side by side, read-only. */
export default function SchemaDiff({ current, proposed }: { current: JsonSchema; proposed: JsonSchema }) {
  const theme = useUi((s) => s.theme);
  return (
    <div className="diff" aria-label="Current and proposed returns">
      <DiffEditor
        // The widget resets its models itself when it goes: disposing them first throws.
        keepCurrentOriginalModel
        keepCurrentModifiedModel
        height="300px"
        language="json"
        original={JSON.stringify(current, null, 2)}
        modified={JSON.stringify(proposed, null, 2)}
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
