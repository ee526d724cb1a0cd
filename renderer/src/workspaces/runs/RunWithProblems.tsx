import type { PlanProblems } from './plans-state';
import { ProblemLine } from '../../components/ProblemLine';

const MAX_LISTED = 3;

/**
 * Asked before a plan with problems runs: which problems, what running it anyway means, and
 * the choice. A plan that could not be checked is asked about the same way.
 */
export function RunWithProblems({
  problems,
  checkError,
  onRun,
  onCancel,
}: {
  problems: PlanProblems;
  checkError: string | null;
  onRun(): void;
  onCancel(): void;
}) {
  const listed = problems.slice(0, MAX_LISTED);
  return (
    <div className="run-with-problems" role="alertdialog" aria-label="Run a plan with problems">
      <p>
        {checkError
          ? `This plan could not be checked (${checkError}).`
          : `This plan has ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'}; its run will likely fail at the steps named.`}
      </p>
      {listed.length > 0 && (
        <ul>
          {listed.map((p, i) => (
            <li key={i}>
              <ProblemLine problem={p} />
            </li>
          ))}
          {problems.length > MAX_LISTED && <li>… and {problems.length - MAX_LISTED} more</li>}
        </ul>
      )}
      <div className="row">
        <button type="button" onClick={onRun}>
          Run anyway
        </button>
        <button type="button" className="primary" onClick={onCancel} autoFocus>
          Fix the plan first
        </button>
      </div>
    </div>
  );
}
