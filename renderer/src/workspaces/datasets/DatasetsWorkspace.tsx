import { useState } from 'react';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { useBrowserStore } from '../../state/browser-store';
import { FilterBar } from '../../components/FilterBar';
import { DatasetPanel } from './DatasetPanel';
import { ReviewQueue } from './ReviewQueue';
import { SynthPanel } from './SynthPanel';
import './datasets.css';

/** Review by keyboard, fix turns, label in bulk, and make, deduplicate and export datasets. */
export function DatasetsWorkspace() {
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((v) => v + 1);
  const filter = useBrowserStore((s) => s.filter);
  const facets = useQuery(() => api.invoke('trajectories.facets', {}), [version]);
  const bulk = useAction();
  return (
    <section className="datasets-workspace" aria-label="Datasets workspace">
      <div className="datasets-main">
        <h1>Review & datasets</h1>
        <FilterBar facets={facets.data} />
        <div className="row bulk" aria-label="Bulk actions">
          <span className="muted">Whole selection:</span>
          {(['accepted', 'rejected', 'needs-fix'] as const).map((status) => (
            <button
              key={status}
              type="button"
              disabled={bulk.busy}
              onClick={() =>
                bulk.run(async () => {
                  await api.invoke('labels.bulk', { filter, status });
                  changed();
                })
              }
            >
              Mark all {status}
            </button>
          ))}
        </div>
        <ErrorNote message={bulk.error} />
        <ReviewQueue key={version} onReviewed={() => void facets.reload()} />
      </div>
      <aside className="datasets-side">
        <SynthPanel onMade={changed} />
        <DatasetPanel version={version} onChanged={changed} />
      </aside>
    </section>
  );
}
