import Editor from '@monaco-editor/react';
import { useUi } from '../state/ui-store';
import { bindPaletteKey, EDITOR_OPTIONS } from './monaco-setup';

interface Props {
  /** The model's path, distinct per text edited (`inmemory://trellis/<name>.js`). */
  path: string;
  /** What the editor is named for assistive technology and tests. */
  label: string;
  className: string;
  height: string;
  code: string;
  onChange(code: string): void;
}

/**
 * JavaScript in Monaco (bundled), in the app's theme, with the command palette's key: a mock's
 * body or an environment's code.
 */
export default function CodeEditor({ path, label, className, height, code, onChange }: Props) {
  const theme = useUi((s) => s.theme);
  return (
    <div className={className} aria-label={label}>
      <Editor
        height={height}
        language="javascript"
        path={path}
        value={code}
        theme={theme === 'dark' ? 'vs-dark' : 'vs'}
        options={EDITOR_OPTIONS}
        onMount={(editor) => bindPaletteKey(editor, () => useUi.getState().setPaletteOpen(true))}
        onChange={(next) => onChange(next ?? '')}
      />
    </div>
  );
}
