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
  if (!datasets.data) return null;
  if (!datasets.data.length) return <NewDatasetWith trajectoryId={trajectoryId} />;
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

/**
 * Where no dataset exists yet to add to: says so, and makes one holding the trajectory (its
 * train split), named in place.
 */
function NewDatasetWith({ trajectoryId }: { trajectoryId: string }) {
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const notify = useUi((s) => s.notify);
  if (!naming)
    return (
      <button
        type="button"
        title="No dataset yet to add this trajectory to: make one that holds it"
        onClick={() => setNaming(true)}
      >
        New dataset with this…
      </button>
    );
  return (
    <form
      className="add-to-dataset"
      aria-label="New dataset with this trajectory"
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return;
        void api
          .invoke('datasets.create', {
            name,
            picks: [trajectoryId],
            ratio: { train: 1, validation: 0, test: 0 },
          })
          .then(
            (d) => notify(`Made the dataset ${d.name} (${trajectoriesCount(d.items.length)}).`, 'info', 'trajectories'),
            (e: Error) => notify(e.message, 'error', 'trajectories'),
          );
      }}
    >
      <input
        aria-label="New dataset name"
        placeholder="New dataset name"
        autoFocus
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" disabled={!name.trim()}>
        Make dataset
      </button>
    </form>
  );
}
