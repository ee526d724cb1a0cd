import { useCallback, useState } from 'react';
import { TrellisError } from '../../../shared/errors';

/** What a failed action says: the message, then what to do about it when the backend said (its hint). */
export function actionErrorText(error: unknown): string {
  const { message } = error as Error;
  if (!(error instanceof TrellisError) || !error.hint || message.includes(error.hint)) return message;
  return `${message} ${error.hint}`;
}

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
      setError(actionErrorText(e));
    } finally {
      setBusy(false);
    }
  }, []);
  /** Forgets the last error: what it was about has changed (another file, another input). */
  const clear = useCallback(() => setError(null), []);
  return { busy, error, run, clear };
}
