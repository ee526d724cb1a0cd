import { TrellisError } from '../../../shared/errors';

/**
 * What a failed request says to the user: the message, then what to do about it when the backend
 * said (its hint). Every error line in the UI, a form's or a pane's, reads it from here.
 */
export function errorText(error: unknown): string {
  const { message } = error as Error;
  if (!(error instanceof TrellisError) || !error.hint || message.includes(error.hint)) return message;
  return `${message} ${error.hint}`;
}
