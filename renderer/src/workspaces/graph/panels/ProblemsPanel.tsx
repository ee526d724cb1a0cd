import { useReactFlow } from '@xyflow/react';
import { CircleAlert, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import type { GraphProblem } from '../../../../../shared/checks/graph';
import { ProblemLine } from '../../../components/ProblemLine';
import { useEditor, useEditorStore } from '../editor/editor-context';
import { SuggestionsList } from './SuggestionsList';

/** Live problems of the graph and Trellis's edge suggestions; a problem focuses its tool. */
export function ProblemsPanel() {
  const problems = useEditor((s) => s.problems);
  const store = useEditorStore();
  const actions = store.getState();
  const flow = useReactFlow();
  const [tab, setTab] = useState<'problems' | 'suggestions'>('problems');
  const errors = problems.filter((p) => p.severity === 'error').length;

  const focus = (problem: GraphProblem) => {
    const { tools } = store.getState().history.present;
    const names = problem.where.tools.filter((name) => tools.some((t) => t.name === name));
    if (!names.length) return;
    actions.select(names);
    void flow.fitView({ nodes: names.map((id) => ({ id })), duration: 300, maxZoom: 1.2 });
  };

  return (
    <section className="problems" aria-label="Problems">
      <div className="tabs" role="tablist">
        <button type="button" role="tab" aria-selected={tab === 'problems'} onClick={() => setTab('problems')}>
          Problems{' '}
          {problems.length > 0 && <span className={`badge ${errors ? 'error' : 'warning'}`}>{problems.length}</span>}
        </button>
        <button type="button" role="tab" aria-selected={tab === 'suggestions'} onClick={() => setTab('suggestions')}>
          Suggestions
        </button>
      </div>
      {tab === 'problems' ? (
        <ul className="problem-list">
          {problems.length === 0 && <li className="muted">No problems.</li>}
          {problems.map((problem, i) => (
            <li key={`${problem.code}-${i}`}>
              <button type="button" className={problem.severity} onClick={() => focus(problem)}>
                {problem.severity === 'error' ? (
                  <CircleAlert size={14} aria-label="error" />
                ) : (
                  <TriangleAlert size={14} aria-label="warning" />
                )}
                <span>
                  <ProblemLine problem={problem} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <SuggestionsList />
      )}
    </section>
  );
}
