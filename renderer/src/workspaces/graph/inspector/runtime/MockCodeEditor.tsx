import Editor from '@monaco-editor/react';
import { useUi } from '../../../../state/ui-store';
import { bindPaletteKey, EDITOR_OPTIONS } from '../../../../components/monaco-setup';

interface Props {
  /** Distinct per tool, e.g. `set_thermostat`. */
  tool: string;
  code: string;
  onChange(code: string): void;
}

/** A mock's JavaScript in Monaco: the body of a function of `args` that returns the result; undo outside it replaces the text. */
export default function MockCodeEditor({ tool, code, onChange }: Props) {
  const theme = useUi((s) => s.theme);
  return (
    <div className="mock-editor" aria-label={`Mock code of ${tool}`}>
      <Editor
        height="200px"
        language="javascript"
        path={`inmemory://trellis/${tool}.mock.js`}
        value={code}
        theme={theme === 'dark' ? 'vs-dark' : 'vs'}
        options={EDITOR_OPTIONS}
        onMount={(editor) => bindPaletteKey(editor, () => useUi.getState().setPaletteOpen(true))}
        onChange={(next) => onChange(next ?? '')}
      />
    </div>
  );
}
