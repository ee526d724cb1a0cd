import type { ReactNode } from 'react';
import './job-progress.css';

interface JobProgressProps {
  /** How far the job is; no bar until the job has said (the first report can take a moment). */
  progress: { done: number; total: number } | null | undefined;
  /** The bar's accessible name, e.g. "Checks progress". */
  label: string;
  /** The counts beside the bar, in the job's own words ("120 lines read, 4 imported…"). */
  children?: ReactNode;
  onCancel(): void;
}

/** A running job as the user sees it everywhere: its bar, its counts, and a Cancel that stops it. */
export function JobProgress({ progress, label, children, onCancel }: JobProgressProps) {
  return (
    <span className="job-progress" role="status">
      {progress && <progress aria-label={label} max={progress.total || 1} value={progress.done} />}
      {children != null && <span className="muted">{children}</span>}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </span>
  );
}
