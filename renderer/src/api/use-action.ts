import { useCallback, useState } from 'react';
import { errorText } from './error-text';

/** State of one user-started async action: busy while it runs, its error message if it fails. */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }, []);
  /** Forgets the last error: what it was about has changed (another file, another input). */
  const clear = useCallback(() => setError(null), []);
  return { busy, error, run, clear };
}
