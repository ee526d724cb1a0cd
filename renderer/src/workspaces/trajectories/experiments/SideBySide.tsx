import { errorText } from '../../../api/error-text';
import { api } from '../../../api/api';
import { useQuery } from '../../../api/use-query';
import { AddToDataset } from '../AddToDataset';
import { divergenceText } from './ExperimentView';

/** The first two candidates on the same trajectories, the better run of each row offered for a dataset. */
export function SideBySide({ id }: { id: string }) {
  const rows = useQuery(() => api.invoke('experiments.compare', { id, a: 0, b: 1 }), [id]);
  if (rows.error) return <p className="error">{errorText(rows.error)}</p>;
  return (
    <table className="experiment-runs" aria-label="Side by side">
      <thead>
        <tr>
          <th>Trajectory</th>
          <th>Candidate 1</th>
          <th>Candidate 2</th>
          <th>Better</th>
        </tr>
      </thead>
      <tbody>
        {(rows.data ?? []).map((row) => {
          const better = row.better === 'a' ? row.a : row.better === 'b' ? row.b : null;
          return (
            <tr key={row.sourceId}>
              <td>{row.sourceTitle}</td>
              <td>{row.a ? `${row.a.verdict}: ${divergenceText(row.a)}` : '—'}</td>
              <td>{row.b ? `${row.b.verdict}: ${divergenceText(row.b)}` : '—'}</td>
              <td>
                {better?.runId ? (
                  <>
                    {row.better === 'a' ? 'Candidate 1' : 'Candidate 2'} <AddToDataset trajectoryId={better.runId} />
                  </>
                ) : (
                  'neither'
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
