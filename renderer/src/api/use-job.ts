import { useCallback, useEffect, useRef, useState } from 'react';
import type { JobProgress } from '../../../shared/contract/jobs';
import { api } from './api';
import { useAction } from './use-action';

/** A fresh job id (getRandomValues, unlike randomUUID, also works on a plain-http web host). */
export function newJobId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * One long job started from a panel: `run` hands the work a fresh job id to pass to the method,
 * `progress` follows that job's `jobs.progress` events, `cancel` stops it; busy and error as
 * with useAction.
 */
export function useJob() {
  const action = useAction();
  const [progress, setProgress] = useState<JobProgress | null>(null);
  const current = useRef<string | null>(null);
  useEffect(() => api.on('jobs.progress', (p) => p.jobId === current.current && setProgress(p)), []);

  const { run: runAction } = action;
  const run = useCallback(
    (work: (jobId: string) => Promise<void>) =>
      runAction(async () => {
        const jobId = newJobId();
        current.current = jobId;
        setProgress(null);
        try {
          await work(jobId);
        } finally {
          current.current = null;
          setProgress(null);
        }
      }),
    [runAction],
  );
  const cancel = useCallback(() => {
    if (current.current) void api.invoke('jobs.cancel', { jobId: current.current });
  }, []);

  return { busy: action.busy, error: action.error, progress, run, cancel, clear: action.clear };
}
