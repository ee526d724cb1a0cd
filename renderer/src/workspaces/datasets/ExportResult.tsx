import type { Result } from '../../../../shared/contract';
import { exportSummary } from '../../../../shared/formats/export-summary';

export type Exported = Result<'datasets.export'>;

/**
 * What an export wrote, what it left out and why, and which links it replaced; headed by the
 * format and folder it was made with, and said to be of another format once the form's changed.
 */
export function ExportResult({ result, made, stale }: { result: Exported; made: string; stale: boolean }) {
  const { report } = result;
  const summary = exportSummary(report);
  return (
    <div data-testid="export-result" className="export-result">
      <p className="export-made" data-testid="export-made">
        {made}
        {stale && <span className="muted"> — another format than the one chosen now; Export writes that one.</span>}
      </p>
      <ul>
        {result.files.map((f) => (
          <li key={f.path}>
            {f.split}: {f.count} → {f.path}
          </li>
        ))}
        {result.cancelled && <li>Export cancelled: no file was changed.</li>}
      </ul>
      {report.flagged > 0 && (
        <details className="export-report" data-testid="export-report" open={report.leftOut > 0}>
          <summary>{[summary.leftOut, summary.written].filter(Boolean).join('. ')}</summary>
          <ul>
            {report.examples.map((e) => (
              <li key={e.trajectoryId} data-trajectory-id={e.trajectoryId}>
                {/* Named as the trajectory list names it; the id on hover, for a search or the command line. */}
                <strong title={`Trajectory ${e.trajectoryId}`}>{e.title || '(untitled)'}</strong> ({e.split}
                {e.leftOut ? ', left out' : ', written'}): {e.reasons.join(' ')}
              </li>
            ))}
            {report.flagged > report.examples.length && <li>… and {report.flagged - report.examples.length} more.</li>}
          </ul>
        </details>
      )}
      {summary.emptySplits.map((line) => (
        <p key={line} className="muted" data-testid="export-empty-split">
          {line}
        </p>
      ))}
      {report.notWritten && (
        <p className="muted" data-testid="export-not-written">
          {report.notWritten.message}
        </p>
      )}
      {report.notes.map((note) => (
        <p key={note} className="muted" data-testid="export-note">
          {note}
        </p>
      ))}
      {report.replacedLinks.map((link) => (
        <p key={link} className="muted">
          {link} was a symbolic link: replaced by the file, its target left as it was.
        </p>
      ))}
    </div>
  );
}
