import { useState } from 'react';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { useBrowserStore } from '../../state/browser-store';
import { FilterBar } from '../../components/FilterBar';
import { PanelHeader, ResizeHandle, SplitLayout, SplitPanel } from '../../components/Panels';
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
      <SplitLayout id="datasets">
        <SplitPanel id="datasets-review" minSize={420}>
          <PanelHeader title="Review">
            <div className="bulk" role="group" aria-label="Bulk actions">
              <span className="muted">Mark the whole selection</span>
              {(['accepted', 'rejected', 'needs-fix'] as const).map((status) => (
                <button
                  key={status}
                  type="button"
                  aria-label={`Mark all ${status}`}
                  disabled={bulk.busy}
                  onClick={() =>
                    bulk.run(async () => {
                      await api.invoke('labels.bulk', { filter, status });
                      changed();
                    })
                  }
                >
                  {status}
                </button>
              ))}
            </div>
          </PanelHeader>
          <div className="panel-body datasets-main">
            <FilterBar facets={facets.data} />
            <ErrorNote message={bulk.error} />
            <ReviewQueue key={version} onReviewed={() => void facets.reload()} />
          </div>
        </SplitPanel>
        <ResizeHandle toggles="datasets-side" />
        <SplitPanel
          id="datasets-side"
          defaultSize={440}
          minSize={300}
          maxSize="60%"
          collapsible={{ title: 'Datasets', side: 'end' }}
        >
          <PanelHeader title="Datasets" />
          <aside className="panel-body datasets-side" aria-label="Datasets and synthesis">
            <SynthPanel onMade={changed} />
            <DatasetPanel version={version} onChanged={changed} />
          </aside>
        </SplitPanel>
      </SplitLayout>
    </section>
  );
}
