import { PyError } from '../../../../../shared/metrics/bfcl-multi-turn/api';

/** What Python would print for the exception `run` raises (`KeyError: 'b'`), or `no error`. */
export function raised(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof PyError) return `${error.pyType}: ${error.message}`;
    throw error;
  }
  return 'no error';
}
