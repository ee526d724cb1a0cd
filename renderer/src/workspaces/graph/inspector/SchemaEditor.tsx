import Editor from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import type { JsonSchema } from '../../../../../shared/domain';
import { useUi } from '../../../state/ui-store';
import { monaco } from '../../../components/monaco-setup';

interface Props {
  /** Distinct per tool and side, e.g. `search_flights.parameters`. */
  path: string;
  value: JsonSchema;
  /** Called with a parsed schema once the text is valid JSON and has no meta-schema errors. */
  onChange(schema: JsonSchema): void;
}

const APPLY_DELAY_MS = 500;

/** A JSON Schema in Monaco, validated against the meta-schema, with completion from it. */
export default function SchemaEditor({ path, value, onChange }: Props) {
  const theme = useUi((s) => s.theme);
  const [errors, setErrors] = useState<string[]>([]);
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastApplied = useRef(JSON.stringify(value));

  // Outside changes (undo, rename) replace the text unless it already says the same.
  useEffect(() => {
    const incoming = JSON.stringify(value);
    if (incoming !== lastApplied.current) {
      lastApplied.current = incoming;
      setText(JSON.stringify(value, null, 2));
    }
  }, [value]);

  const apply = (next: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const uri = monaco.Uri.parse(`inmemory://trellis/${path}.schema.json`);
      const markers = monaco.editor
        .getModelMarkers({ resource: uri })
        .filter((m) => m.severity >= monaco.MarkerSeverity.Error);
      let parsed: unknown;
      try {
        parsed = JSON.parse(next);
      } catch (error) {
        setErrors([`Not valid JSON yet: ${(error as Error).message}`]);
        return;
      }
      if (markers.length) {
        setErrors(markers.map((m) => `Line ${m.startLineNumber}: ${m.message}`));
        return;
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        setErrors(['A schema must be a JSON object.']);
        return;
      }
      setErrors([]);
      lastApplied.current = JSON.stringify(parsed);
      onChange(parsed as JsonSchema);
    }, APPLY_DELAY_MS);
  };

  return (
    <div className="schema-editor">
      <Editor
        height="220px"
        language="json"
        path={`inmemory://trellis/${path}.schema.json`}
        value={text}
        theme={theme === 'dark' ? 'vs-dark' : 'vs'}
        options={{
          minimap: { enabled: false },
          fontSize: 12,
          lineNumbers: 'off',
          scrollBeyondLastLine: false,
          tabSize: 2,
          automaticLayout: true,
        }}
        onMount={(editor) => {
          // Ctrl/Cmd+K opens Trellis's command palette here too (Monaco would start a chord).
          editor.addCommand(monaco.KeyMod.CtrlCmd | monaco.KeyCode.KeyK, () => useUi.getState().setPaletteOpen(true));
        }}
        onChange={(next) => {
          setText(next ?? '');
          apply(next ?? '');
        }}
      />
      {errors.length > 0 && (
        <ul className="schema-errors" role="alert">
          {errors.slice(0, 4).map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
