import Editor, { type OnMount } from '@monaco-editor/react';
import { useEffect, useRef, useState } from 'react';
import { useUi } from '../state/ui-store';
import { bindSubmitKey, EDITOR_OPTIONS, FORM_EDITOR_OPTIONS, setModelSchema } from './monaco-setup';

interface Props {
  /** Distinct per edited value, e.g. `plan.s2.args`. */
  path: string;
  value: unknown;
  /** Called with the parsed value whenever the text is valid JSON. */
  onChange?(value: unknown): void;
  height?: number;
  label: string;
  /** Completion, hovers and squiggles from this schema (Ctrl+Space lists what may come next). */
  schema?: object;
  /** Called with the text as typed, valid JSON or not (a form that saves the text itself). */
  onText?(text: string): void;
  /** Called with whether the text as typed is JSON (a form that must not lose text it did not apply). */
  onValid?(valid: boolean): void;
  /** Takes the keyboard focus once the editor is ready. */
  autoFocus?: boolean;
  /** Ctrl/Cmd+Enter in the editor (a form's Save); Tab then leaves the editor, as in a form. */
  onSubmit?(): void;
}

/**
 * A JSON value in Monaco (bundled, never from a CDN); invalid text is reported, not applied.
 * A value changed from elsewhere replaces the text unless the user is typing in it.
 */
export default function JsonEditor({
  path,
  value,
  onChange,
  height = 140,
  label,
  schema,
  onText,
  onValid,
  autoFocus = false,
  onSubmit,
}: Props) {
  const uri = `inmemory://trellis/${path}.json`;
  const theme = useUi((s) => s.theme);
  const [error, setError] = useState<string | null>(null);
  const editor = useRef<Parameters<OnMount>[0] | null>(null);
  // The latest Save, for the key binding made once at mount.
  const submit = useRef(onSubmit);
  useEffect(() => {
    submit.current = onSubmit;
  }, [onSubmit]);
  // The value as this editor last read or wrote it: a different one came from elsewhere.
  const known = useRef(JSON.stringify(value));
  useEffect(() => {
    const incoming = JSON.stringify(value);
    if (incoming === known.current || !editor.current || editor.current.hasTextFocus()) return;
    known.current = incoming;
    editor.current.setValue(JSON.stringify(value, null, 2));
  }, [value]);
  const schemaText = schema ? JSON.stringify(schema) : null;
  useEffect(() => {
    setModelSchema(uri, schemaText ? (JSON.parse(schemaText) as object) : null);
    return () => setModelSchema(uri, null);
  }, [uri, schemaText]);
  return (
    <div className="json-editor" aria-label={label}>
      <Editor
        height={height}
        language="json"
        path={uri}
        defaultValue={JSON.stringify(value, null, 2)}
        theme={theme === 'dark' ? 'vs-dark' : 'light'}
        options={onSubmit ? FORM_EDITOR_OPTIONS : EDITOR_OPTIONS}
        onMount={(mounted) => {
          editor.current = mounted;
          if (onSubmit) bindSubmitKey(mounted, () => submit.current?.());
          if (autoFocus) mounted.focus();
        }}
        onChange={(text) => {
          onText?.(text ?? '');
          try {
            const parsed: unknown = JSON.parse(text ?? '');
            setError(null);
            onValid?.(true);
            // The same value again (a value set from elsewhere, a space typed) changes nothing.
            if (JSON.stringify(parsed) === known.current) return;
            known.current = JSON.stringify(parsed);
            onChange?.(parsed);
          } catch (e) {
            setError(`Not valid JSON yet: ${(e as Error).message}`);
            onValid?.(false);
          }
        }}
      />
      {error && <p className="error">{error}</p>}
    </div>
  );
}
