import Editor from '@monaco-editor/react';
import { useState } from 'react';
import { useUi } from '../state/ui-store';
import './monaco-setup';

interface Props {
  /** Distinct per edited value, e.g. `plan.s2.args`. */
  path: string;
  value: unknown;
  /** Called with the parsed value whenever the text is valid JSON. */
  onChange(value: unknown): void;
  height?: number;
  label: string;
}

/** A JSON value in Monaco (bundled, never from a CDN); invalid text is reported, not applied. */
export default function JsonEditor({ path, value, onChange, height = 140, label }: Props) {
  const theme = useUi((s) => s.theme);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="json-editor" aria-label={label}>
      <Editor
        height={height}
        language="json"
        path={`inmemory://trellis/${path}.json`}
        defaultValue={JSON.stringify(value, null, 2)}
        theme={theme === 'dark' ? 'vs-dark' : 'light'}
        options={{ minimap: { enabled: false }, lineNumbers: 'off', scrollBeyondLastLine: false, fontSize: 12 }}
        onChange={(text) => {
          try {
            const parsed: unknown = JSON.parse(text ?? '');
            setError(null);
            onChange(parsed);
          } catch (e) {
            setError(`Not valid JSON yet: ${(e as Error).message}`);
          }
        }}
      />
      {error && <p className="error">{error}</p>}
    </div>
  );
}
