import { useState } from 'react';
import { trajectoriesCount } from '../../../../shared/text';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useUi } from '../../state/ui-store';

/** Hand-picks the trajectory into a dataset. */
export function AddToDataset({ trajectoryId }: { trajectoryId: string }) {
  const datasets = useQuery(() => api.invoke('datasets.list', {}), [], ['datasets.changed']);
  const [target, setTarget] = useState('');
  const notify = useUi((s) => s.notify);
  if (!datasets.data?.length) return null;
  return (
    <span className="add-to-dataset">
      <select aria-label="Add to dataset" value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value="">Add to dataset…</option>
        {datasets.data.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={!target}
        onClick={() =>
          void api.invoke('datasets.addItems', { id: target, trajectoryIds: [trajectoryId] }).then(
            (d) => notify(`Added to ${d.name} (${trajectoriesCount(d.items.length)}).`, 'info', 'trajectories'),
            (e: Error) => notify(e.message, 'error', 'trajectories'),
          )
        }
      >
        Add
      </button>
    </span>
  );
}
