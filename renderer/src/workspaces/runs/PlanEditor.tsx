import { useState } from 'react';
import type { StartMode } from '../../../../shared/runs';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { ProblemLine } from '../../components/ProblemLine';
import { useShallow } from '../../state/create-store';
import { PlanHeader } from './PlanHeader';
import { PlanRunBar } from './PlanRunBar';
import { PlanSteps } from './PlanSteps';
import { usePlans, type PlansState } from './plans-state';
import { SavedPlans } from './SavedPlans';
import { useSavePlan } from './use-save-plan';
import { WorkflowText } from './WorkflowText';

/** What this view reads from the plans store (one shallow-compared slice). */
const selector = (s: PlansState) => ({
  graphId: s.graphId,
  steps: s.steps,
  problems: s.problems,
  checkError: s.checkError,
  setSteps: s.setSteps,
  unsaved: s.unsaved,
  restored: s.restored,
  planId: s.planId,
});

/**
 * The plan as a list of steps: tool, arguments (JSON in Monaco), what each depends on, and the
 * problems validation finds on it; steps can be added, removed and reordered; the plan reads
 * and writes WorfBench's text form. Its header saves it, its run bar runs it.
 */
export function PlanEditor({ tools, onRun }: { tools: string[]; onRun(mode: StartMode): void }) {
  const { graphId, steps, problems, checkError, setSteps, unsaved, restored, planId } = usePlans(useShallow(selector));
  // Read again when the plan in the editor is saved (Save plan, or a run of unsaved steps saves them),
  // and when a plan is saved elsewhere (`trellis plan` in a terminal).
  const saved = useQuery(
    graphId ? () => api.invoke('plans.list', { graphId }) : null,
    [graphId, planId],
    ['plans.changed'],
  );
  const save = useSavePlan(saved.reload);
  const [showText, setShowText] = useState(false);
  const general = problems.filter((p) => p.where.step === null);

  return (
    <section className="plan-editor" aria-label="Plan steps">
      <PlanHeader showText={showText} onShowText={setShowText} />
      {unsaved && steps.length > 0 && (
        <p className="plan-draft muted" data-testid="plan-draft">
          {restored ? 'Unsaved draft, restored as you left it on this graph' : 'Not saved'}
          {planId ? ' (changes to a saved plan).' : '.'}
        </p>
      )}
      {checkError && <p className="error">The plan could not be checked: {checkError}</p>}
      {general.map((p, i) => (
        <p key={i} className="error">
          <ProblemLine problem={p} />
        </p>
      ))}
      <PlanSteps tools={tools} />
      <PlanRunBar tools={tools} onRun={onRun} />
      {showText && <WorkflowText graphId={graphId} steps={steps} onRead={setSteps} />}
      {saved.data && saved.data.length > 0 && <SavedPlans plans={saved.data} />}
      <ErrorNote message={save.error} />
    </section>
  );
}
