import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';

/** Cancelling any long job by its id; the jobs themselves run inside their own domains' methods. */
export function jobsHandlers({ jobs }: BackendContext): HandlerMap<'jobs'> {
  return {
    'jobs.cancel': ({ jobId }) => ({ cancelled: jobs.cancel(jobId) }),
  };
}
