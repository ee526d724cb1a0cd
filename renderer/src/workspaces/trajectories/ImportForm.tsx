import { useEffect, useState } from 'react';
import type { Result } from '../../../../shared/contract';
import type { TrajectoryFormat } from '../../../../shared/contract/trajectories';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { ErrorNote } from '../../components/ErrorNote';

type Report = Result<'trajectories.import'>;

/** Import a JSONL file of trajectories from a path on the machine that runs the backend. */
export function ImportForm({ onImported }: { onImported(): void }) {
  const [path, setPath] = useState('');
  const [format, setFormat] = useState<'' | TrajectoryFormat>('');
  const [lenient, setLenient] = useState(false);
  const action = useAction();
  const { busy, error } = action;
  const [progress, setProgress] = useState<{ lines: number; imported: number; rejected: number } | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  useEffect(() => api.on('trajectories.importProgress', setProgress), []);

  const run = () =>
    action.run(async () => {
      setReport(null);
      setProgress(null);
      const result = await api.invoke('trajectories.import', {
        path,
        mode: lenient ? 'lenient' : 'strict',
        ...(format ? { format } : {}),
      });
      setReport(result);
      if (result.committed) onImported();
    });

  return (
    <section className="import-form" aria-label="Import trajectories">
      <div className="model-path">
        <label>
          JSONL file
          <input
            aria-label="Trajectory file"
            placeholder="/path/to/logs.jsonl"
            value={path}
            onChange={(e) => setPath(e.target.value)}
          />
        </label>
        <label>
          Format
          <select aria-label="Format" value={format} onChange={(e) => setFormat(e.target.value as typeof format)}>
            <option value="">detect</option>
            <option value="openai">OpenAI chat</option>
            <option value="sharegpt">ShareGPT</option>
            <option value="hermes">Hermes</option>
            <option value="agentgym">AgentGym</option>
          </select>
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={lenient} onChange={(e) => setLenient(e.target.checked)} /> Skip bad records
        </label>
        <button type="button" className="primary" disabled={!path.trim() || busy} onClick={() => void run()}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
      {busy && progress && (
        <p className="muted">
          {progress.lines} lines read, {progress.imported} imported, {progress.rejected} rejected…
        </p>
      )}
      <ErrorNote message={error} />
      {report && (
        <div data-testid="import-report">
          <p>
            {report.committed
              ? `Imported ${report.imported} trajectories (${report.format}); ${report.duplicates} were already here; ${report.rejected.length} rejected.`
              : `Nothing was imported: ${report.rejected.length} bad records. Fix them, or tick "Skip bad records".`}
          </p>
          {report.rejected.length > 0 && (
            <ul className="rejected">
              {report.rejected.slice(0, 50).map((r) => (
                <li key={`${r.line}-${r.offset}`}>
                  line {r.line} (byte {r.offset}): {r.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
