import Editor from '@monaco-editor/react';
import { useUi } from '../../../state/ui-store';
import { bindPaletteKey, EDITOR_OPTIONS } from '../../../components/monaco-setup';

/** The environment's JavaScript in Monaco (bundled): `const tools = {…}` and `function goal(…)`. */
export default function EnvironmentCodeEditor({ code, onChange }: { code: string; onChange(code: string): void }) {
  const theme = useUi((s) => s.theme);
  return (
    <div className="environment-code" aria-label="Environment code">
      <Editor
        height="340px"
        language="javascript"
        path="inmemory://trellis/environment.js"
        value={code}
        theme={theme === 'dark' ? 'vs-dark' : 'vs'}
        options={EDITOR_OPTIONS}
        onMount={(editor) => bindPaletteKey(editor, () => useUi.getState().setPaletteOpen(true))}
        onChange={(next) => onChange(next ?? '')}
      />
    </div>
  );
}
