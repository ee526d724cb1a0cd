import { countOf, findingsIn, trajectoriesCount } from '../../../../shared/text';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { SELECTION_CHANGES } from '../../api/use-refresh';
import { countBars, PlotChart } from '../../components/PlotChart';
import { useBrowserStore, useChecksState } from './state';
import { describeOutcomeCounts } from '../../../../shared/domain';

/** Counts over the trajectories the filters select, with findings by kind as a chart. */
export function SelectionSummary() {
  const filter = useBrowserStore((s) => s.filter);
  const checkedAll = useChecksState((s) => s.checkedAll);
  const { data: summary, loading } = useQuery(
    () => api.invoke('trajectories.summarize', { filter }),
    [JSON.stringify(filter)],
    SELECTION_CHANGES,
  );
  if (!summary) return null;
  const kinds = Object.keys(summary.findingsByKind).length;
  const outcomes = describeOutcomeCounts(summary.outcomes);
  const findings = Object.values(summary.findingsByKind).reduce((a, b) => a + b, 0);
  return (
    <details
      className={loading ? 'selection-summary updating' : 'selection-summary'}
      data-testid="selection-summary"
      aria-busy={loading}
      title={loading ? 'Counting the selection again…' : undefined}
    >
      <summary>
        {trajectoriesCount(summary.trajectories)} · {countOf(summary.turns, 'turn')} ·{' '}
        {countOf(summary.toolCalls, 'call')} · {findingsIn(findings, summary.withFindings)}
        {outcomes && <span data-testid="selection-outcomes"> · {outcomes}</span>}
      </summary>
      {kinds > 0 ? (
        <PlotChart
          label="Findings by kind"
          make={() => countBars(summary.findingsByKind)}
          deps={[JSON.stringify(summary.findingsByKind)]}
        />
      ) : (
        <p className="muted">
          {checkedAll
            ? 'No findings in this selection: the checks found nothing on these trajectories.'
            : 'No findings stored in this selection. Run checks (in the toolbar) if these have not been checked yet.'}
        </p>
      )}
      {Object.keys(summary.callsByTool).length > 0 && (
        <PlotChart
          label="Calls by tool"
          make={() => countBars(summary.callsByTool)}
          deps={[JSON.stringify(summary.callsByTool)]}
        />
      )}
    </details>
  );
}
