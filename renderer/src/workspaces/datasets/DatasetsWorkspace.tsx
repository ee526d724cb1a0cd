import { useState } from 'react';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useQuery } from '../../api/use-query';
import { SELECTION_CHANGES } from '../../api/use-refresh';
import { ErrorNote } from '../../components/ErrorNote';
import { useShallow } from '../../state/create-store';
import { selectDatasetsFilter, useDatasetsFilter } from './state';
import { useUi } from '../../state/ui-store';
import { trajectoriesCount } from '../../../../shared/text';
import type { Label } from '../../../../shared/domain';
import { FilterBar } from '../../components/FilterBar';
import { Workbench } from '../../components/Workbench';
import { DatasetPanel } from './DatasetPanel';
import { ReviewQueue } from './ReviewQueue';
import { SynthPanel } from './SynthPanel';
import './datasets.css';

type ReviewStatus = NonNullable<Label['status']>;
const REVIEW_STATUSES: readonly ReviewStatus[] = ['accepted', 'rejected', 'needs-fix'];

/** Review by keyboard, fix turns, label in bulk, and make, deduplicate and export datasets. */
export function DatasetsWorkspace() {
  const filterBar = useDatasetsFilter(useShallow(selectDatasetsFilter));
  const facets = useQuery(() => api.invoke('trajectories.facets', {}), [], SELECTION_CHANGES);
  const bulk = useAction();
  return (
    <Workbench
      id="datasets"
      className="datasets-workspace"
      label="Datasets workspace"
      main={{
        id: 'datasets-review',
        title: 'Review',
        actions: <BulkActions bulk={bulk} />,
        minSize: 420,
        children: (
          <div className="panel-body datasets-main">
            <FilterBar facets={facets.data} {...filterBar} />
            <ErrorNote message={bulk.error} />
            <ReviewQueue />
          </div>
        ),
      }}
      detail={{
        id: 'datasets-side',
        title: 'Datasets',
        defaultSize: 440,
        minSize: 300,
        maxSize: '60%',
        collapsible: true,
        children: (
          <aside className="panel-body datasets-side" aria-label="Datasets and synthesis">
            <SynthPanel />
            <DatasetPanel />
          </aside>
        ),
      }}
    />
  );
}

/** Marks the whole selection at once: asked first, and undone from the note it leaves. */
function BulkActions({ bulk }: { bulk: ReturnType<typeof useAction> }) {
  const filter = useDatasetsFilter((s) => s.filter);
  const notify = useUi((s) => s.notify);
  // A bulk label asks first, and can be taken back: it may overwrite thousands of reviews.
  const [asking, setAsking] = useState<ReviewStatus | null>(null);
  const [undo, setUndo] = useState<{
    text: string;
    statuses: { trajectoryId: string; status: ReviewStatus | null }[];
  } | null>(null);
  const markAll = (status: ReviewStatus) =>
    bulk.run(async () => {
      setAsking(null);
      const { updated, previous } = await api.invoke('labels.bulk', { filter, status });
      const text = `Marked ${trajectoriesCount(updated)} ${status}.`;
      setUndo({ text, statuses: previous });
      notify(text);
    });
  const undoMarkAll = (statuses: { trajectoryId: string; status: ReviewStatus | null }[]) =>
    bulk.run(async () => {
      const { restored } = await api.invoke('labels.restoreStatuses', { statuses });
      setUndo(null);
      notify(`Put back the review status of ${trajectoriesCount(restored)}.`);
    });
  return (
    <div className="bulk" role="group" aria-label="Bulk actions">
      {asking ? (
        <>
          <span>Mark every trajectory of this selection {asking}?</span>
          <button type="button" className="primary" disabled={bulk.busy} onClick={() => void markAll(asking)}>
            Mark all {asking}
          </button>
          <button type="button" onClick={() => setAsking(null)}>
            Cancel
          </button>
        </>
      ) : undo ? (
        <>
          <span role="status">{undo.text}</span>
          <button type="button" disabled={bulk.busy} onClick={() => void undoMarkAll(undo.statuses)}>
            Undo
          </button>
          <button type="button" aria-label="Dismiss" onClick={() => setUndo(null)}>
            OK
          </button>
        </>
      ) : (
        <>
          <span className="muted">Mark the whole selection</span>
          {REVIEW_STATUSES.map((status) => (
            <button
              key={status}
              type="button"
              aria-label={`Mark all ${status}…`}
              disabled={bulk.busy}
              onClick={() => setAsking(status)}
            >
              {status}
            </button>
          ))}
        </>
      )}
    </div>
  );
}
