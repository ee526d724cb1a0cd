import { useEffect, useRef, useState } from 'react';
import { useUi } from '../state/ui-store';
import { ErrorNote } from './ErrorNote';

/** A small modal asking for one value (names mostly); shows the backend's error inline. */
export function PromptDialog() {
  const prompt = useUi((s) => s.prompt);
  const askFor = useUi((s) => s.askFor);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const toSelect = useRef<typeof prompt>(null);

  useEffect(() => {
    setValue(prompt?.initial ?? '');
    setError(null);
    toSelect.current = prompt;
  }, [prompt]);
  // The proposed value is selected once it is in the field, as in a file dialog: typing replaces it.
  useEffect(() => {
    if (!prompt || toSelect.current !== prompt || value !== (prompt.initial ?? '')) return;
    toSelect.current = null;
    input.current?.focus();
    input.current?.select();
  }, [prompt, value]);

  if (!prompt) return null;
  const submit = async () => {
    setBusy(true);
    try {
      await prompt.onSubmit(value);
      askFor(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="overlay" onMouseDown={() => askFor(null)}>
      <form
        className="dialog"
        role="dialog"
        aria-label={prompt.title}
        onMouseDown={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <h2>{prompt.title}</h2>
        <label>
          {prompt.label}
          <input
            ref={input}
            autoFocus
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && askFor(null)}
          />
        </label>
        <ErrorNote message={error} />
        <div className="buttons">
          <button type="button" onClick={() => askFor(null)}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {prompt.submitLabel}
          </button>
        </div>
      </form>
    </div>
  );
}
