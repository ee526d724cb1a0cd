import { Download } from 'lucide-react';
import { useState } from 'react';
import type { Result } from '../../../../shared/contract';
import { api } from '../../api/api';
import type { useJob } from '../../api/use-job';

type Format = 'openai' | 'sharegpt' | 'hermes' | 'worfbench';
type Exported = Result<'datasets.export'>;

/** What an export wrote, what it left out and why, and which links it replaced. */
function ExportResult({ result }: { result: Exported }) {
  const { report } = result;
  const reasons = Object.entries(report.reasons)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n} ${reason}`)
    .join(', ');
  return (
    <div data-testid="export-result" className="export-result">
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
          <summary>
            {report.leftOut > 0
              ? `Left out ${report.leftOut} of ${report.leftOut + report.written}: ${reasons}`
              : `Wrote ${report.flagged} flagged records as asked: ${reasons}`}
          </summary>
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
      {report.replacedLinks.map((link) => (
        <p key={link} className="muted">
          {link} was a symbolic link: replaced by the file, its target left as it was.
        </p>
      ))}
    </div>
  );
}

/**
 * Export of a dataset to SFT files. Records that break the format's rules and items labelled
 * rejected or needs-fix are left out unless the boxes include them; the report says which.
 */
export function ExportPanel({
  datasetId,
  job,
  busy,
}: {
  datasetId: string;
  job: ReturnType<typeof useJob>;
  busy: boolean;
}) {
  const [format, setFormat] = useState<Format>('openai');
  const [dir, setDir] = useState('');
  const [includeRejected, setIncludeRejected] = useState(false);
  const [includeInvalid, setIncludeInvalid] = useState(false);
  const [exported, setExported] = useState<Exported | null>(null);
  return (
    <>
      <div className="row">
        <label>
          Format
          <select aria-label="Export format" value={format} onChange={(e) => setFormat(e.target.value as Format)}>
            <option value="openai">OpenAI chat JSONL</option>
            <option value="sharegpt">LLaMA-Factory ShareGPT</option>
            <option value="hermes">Hermes</option>
            <option value="worfbench">WorfBench plans</option>
          </select>
        </label>
        <label className="grow">
          Folder
          <input
            aria-label="Export folder"
            placeholder="/path/to/folder"
            value={dir}
            onChange={(e) => setDir(e.target.value)}
          />
        </label>
        <button
          type="button"
          disabled={!dir.trim() || busy}
          onClick={() =>
            job.run(async (jobId) =>
              setExported(
                await api.invoke('datasets.export', {
                  id: datasetId,
                  format,
                  dir,
                  jobId,
                  includeRejected,
                  includeInvalid,
                }),
              ),
            )
          }
        >
          <Download size={14} aria-hidden />
          Export
        </button>
      </div>
      <div className="row">
        <label>
          <input type="checkbox" checked={includeRejected} onChange={(e) => setIncludeRejected(e.target.checked)} />{' '}
          Include rejected / needs-fix
        </label>
        <label title="An unpaired tool message, a record without a final answer, a role order the trainer refuses">
          <input type="checkbox" checked={includeInvalid} onChange={(e) => setIncludeInvalid(e.target.checked)} />{' '}
          Include records that break the format&apos;s rules
        </label>
      </div>
      {exported && <ExportResult result={exported} />}
    </>
  );
}
