import { countOf } from '../../../../shared/text';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useShallow } from '../../state/create-store';
import { useRuns, type RunsState } from './state';

type Row = {
  id: string;
  title: string;
  forkOf: { trajectoryId: string; turnIndex: number } | null;
  turnCount: number;
  /** A plan run follows a saved plan; an agent run (the model picking each call) has none. */
  planId: string | null;
};

/** What this view reads from the Plans & Runs store (one shallow-compared slice). */
const selector = (s: RunsState) => ({ run: s.run, openTrajectory: s.openTrajectory });

/** Runs of the graph as a tree of forks; picking one opens it in the debugger. */
export function RunsTree({ graphId }: { graphId: string }) {
  const { run, openTrajectory } = useRuns(useShallow(selector));
  const runs = useQuery(() => api.invoke('runs.tree', { graphId }), [graphId, run?.id, run?.turns.length]);
  const rows = runs.data ?? [];
  const children = new Map<string | null, Row[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    const parent = r.forkOf && ids.has(r.forkOf.trajectoryId) ? r.forkOf.trajectoryId : null;
    children.set(parent, [...(children.get(parent) ?? []), r]);
  }
  const render = (parent: string | null, depth: number): React.ReactNode =>
    (children.get(parent) ?? []).map((r) => (
      <li key={r.id}>
        <button
          type="button"
          className={`tree-row${run?.trajectoryId === r.id ? ' selected' : ''}`}
          style={{ paddingLeft: 8 + depth * 16 }}
          onClick={() => void openTrajectory(r.id)}
        >
          <span
            className={`run-kind ${r.planId ? 'plan' : 'agent'}`}
            title={r.planId ? 'Follows a plan' : 'The model picks each call'}
          >
            {r.planId ? 'plan' : 'agent'}
          </span>
          {r.forkOf ? `↳ fork at ${r.forkOf.turnIndex}: ` : ''}
          {/* The prefix says where it forked; the stored title's own "(fork at N)" would repeat it. */}
          {r.forkOf ? r.title.replace(/ \(fork at \d+\)$/, '') : r.title}{' '}
          <span className="muted">({countOf(r.turnCount, 'turn')})</span>
        </button>
        {children.has(r.id) && <ul>{render(r.id, depth + 1)}</ul>}
      </li>
    ));
  return (
    <section className="runs-tree" aria-label="Runs">
      {rows.length ? <ul>{render(null, 0)}</ul> : <p className="muted empty">No runs of this graph yet.</p>}
    </section>
  );
}
