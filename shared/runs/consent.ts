import { joinCommandLine } from '../runtimes/command-line';
import type { ConsentRequest } from './types';

/** The command-line flag that approves a consent request, quoted for a POSIX shell. */
export const allowFlag = (consent: Pick<ConsentRequest, 'kind' | 'key'>): string =>
  `--allow ${joinCommandLine([`${consent.kind}:${consent.key}`])}`;
