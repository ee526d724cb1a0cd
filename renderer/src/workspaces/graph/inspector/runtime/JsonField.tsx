import { useEffect, useRef, useState } from 'react';

interface Props {
  label: string;
  value: unknown;
  /** Called with the parsed value whenever the text is valid JSON. */
  onChange(value: unknown): void;
  rows?: number;
  placeholder?: string;
}

/** A small JSON value in a text area (table cells, where Monaco would be too heavy); bad JSON is marked, not applied. */
export function JsonField({ label, value, onChange, rows = 2, placeholder }: Props) {
  const [text, setText] = useState(() => JSON.stringify(value));
  const [error, setError] = useState<string | null>(null);
  const applied = useRef(JSON.stringify(value));
  // An outside change (undo) replaces the text unless it already says the same.
  useEffect(() => {
    const incoming = JSON.stringify(value);
    if (incoming !== applied.current) {
      applied.current = incoming;
      setText(incoming);
      setError(null);
    }
  }, [value]);
  return (
    <span className="json-field">
      <textarea
        aria-label={label}
        aria-invalid={error !== null}
        title={error ?? undefined}
        rows={rows}
        spellCheck={false}
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          try {
            const parsed: unknown = JSON.parse(e.target.value);
            setError(null);
            applied.current = JSON.stringify(parsed);
            onChange(parsed);
          } catch (err) {
            setError(`Not valid JSON yet: ${(err as Error).message}`);
          }
        }}
      />
      {error && <span className="error json-field-error">{error}</span>}
    </span>
  );
}
