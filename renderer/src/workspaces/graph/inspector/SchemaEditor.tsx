import Editor from '@monaco-editor/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { JsonSchema } from '../../../../../shared/domain';
import { lintSchema } from '../../../../../shared/graph';
import { useUi } from '../../../state/ui-store';
import { useSchemaDrafts } from '../schema-drafts';
import { bindPaletteKey, EDITOR_OPTIONS, monaco } from '../../../components/monaco-setup';
import { useEditor } from '../editor/editor-context';

interface Props {
  /** Distinct per tool and side, e.g. `search_flights.parameters`. */
  path: string;
  /** What the editor holds, for assistive technology: "Parameters schema". */
  label: string;
  value: JsonSchema;
  /** Called with a parsed schema once the text is valid JSON and has no meta-schema errors. */
  onChange(schema: JsonSchema): void;
}

const APPLY_DELAY_MS = 500;

const safeParse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * A JSON Schema in Monaco, validated against the meta-schema, with completion from it. Text
 * that cannot be applied stays as a draft with its errors when another tool is selected or the
 * window reloads, and shows again on coming back, until it is fixed or discarded.
 */
export default function SchemaEditor({ path, label, value, onChange }: Props) {
  const theme = useUi((s) => s.theme);
  const draftKey = `${useEditor((s) => s.graphId)}:${path}`;
  const draft = useSchemaDrafts((s) => s.drafts[draftKey]);
  const [errors, setErrors] = useState<string[]>(() => draft?.errors ?? []);
  const [text, setText] = useState(() => draft?.text ?? JSON.stringify(value, null, 2));
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastApplied = useRef(JSON.stringify(value));
  // Applied, but with keywords that do nothing where they are (`minimum` on a string).
  const lint = useMemo(() => lintSchema(value), [value]);
  const refuse = (next: string, why: string[]) => {
    setErrors(why);
    useSchemaDrafts.getState().keep(draftKey, { text: next, errors: why });
  };

  // Outside changes (undo, rename) replace the text unless it already says the same.
  useEffect(() => {
    const incoming = JSON.stringify(value);
    if (incoming !== lastApplied.current) {
      lastApplied.current = incoming;
      setText(JSON.stringify(value, null, 2));
      setErrors([]);
      useSchemaDrafts.getState().drop(draftKey);
    }
  }, [value, draftKey]);

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
        refuse(next, [`Not valid JSON yet: ${(error as Error).message}`]);
        return;
      }
      if (markers.length) {
        refuse(
          next,
          markers.map((m) => `Line ${m.startLineNumber}: ${m.message}`),
        );
        return;
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
        refuse(next, ['A schema must be a JSON object.']);
        return;
      }
      setErrors([]);
      useSchemaDrafts.getState().drop(draftKey);
      lastApplied.current = JSON.stringify(parsed);
      onChange(parsed as JsonSchema);
    }, APPLY_DELAY_MS);
  };

  // Monaco's JSON worker checks the text after it changes: a refusal read from the markers of an
  // earlier text ("Colon expected" while the text is whole again) is checked again once the
  // markers of this text arrive.
  const recheck = useRef<() => void>(() => undefined);
  useEffect(() => {
    recheck.current = () => {
      if (errors.length && text) apply(text);
    };
  });
  useEffect(() => {
    const uri = monaco.Uri.parse(`inmemory://trellis/${path}.schema.json`).toString();
    const subscription = monaco.editor.onDidChangeMarkers((changed) => {
      if (changed.some((u) => u.toString() === uri)) recheck.current();
    });
    return () => subscription.dispose();
  }, [path]);

  // A draft brought back is checked again, so its errors are the ones of its text now.
  useEffect(() => {
    if (draft) apply(draft.text);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the draft this editor opened with
  }, []);

  return (
    <div className="schema-editor" role="group" aria-label={label}>
      <Editor
        height="220px"
        language="json"
        path={`inmemory://trellis/${path}.schema.json`}
        value={text}
        theme={theme === 'dark' ? 'vs-dark' : 'vs'}
        options={EDITOR_OPTIONS}
        onMount={(editor) => bindPaletteKey(editor, () => useUi.getState().setPaletteOpen(true))}
        onChange={(next) => {
          setText(next ?? '');
          // Kept at once, so selecting another tool before the check runs loses nothing.
          if (JSON.stringify(safeParse(next ?? '')) !== lastApplied.current)
            useSchemaDrafts.getState().keep(draftKey, { text: next ?? '', errors });
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
      {errors.length === 0 && lint.length > 0 && (
        <ul className="schema-warnings" role="status" aria-label="Schema warnings">
          {lint.slice(0, 4).map((l) => (
            <li key={`${l.path} ${l.keyword}`}>{l.message}</li>
          ))}
          {lint.length > 4 && <li>… and {lint.length - 4} more</li>}
        </ul>
      )}
      {draft && errors.length > 0 && (
        <p className="schema-draft muted" data-testid="schema-draft">
          Not applied: the tool keeps its last valid schema. This draft stays here when you select another tool or
          reload the window, until you fix it or discard it.{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              clearTimeout(timer.current);
              useSchemaDrafts.getState().drop(draftKey);
              setErrors([]);
              setText(JSON.stringify(value, null, 2));
            }}
          >
            Discard the draft
          </button>
        </p>
      )}
    </div>
  );
}
