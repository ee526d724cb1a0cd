import { useMemo, useState } from 'react';
import { planToWorkflowText } from '../../../../shared/plans/workflow';
import type { PlanStep } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { ErrorNote } from '../../components/ErrorNote';

/**
 * The plan in WorfBench's text form. It is the current plan's text, made again on every edit of
 * the steps, until the user types into it; typed text stays theirs (it can be read back as the
 * plan, or dropped for the plan's own text).
 */
export function WorkflowText({
  graphId,
  steps,
  onRead,
}: {
  graphId: string | null;
  steps: PlanStep[];
  onRead(steps: PlanStep[]): Promise<void>;
}) {
  const planText = useMemo(() => planToWorkflowText(steps), [steps]);
  const [typed, setTyped] = useState<string | null>(null);
  const action = useAction();
  const text = typed ?? planText;
  return (
    <div className="workflow-text">
      <textarea aria-label="WorfBench text" rows={6} value={text} onChange={(e) => setTyped(e.target.value)} />
      {typed !== null && typed !== planText && (
        <p className="muted" data-testid="workflow-text-edited">
          Edited here: the plan changes only when you read the text as the plan.{' '}
          <button type="button" className="link" onClick={() => setTyped(null)}>
            Show the plan’s text
          </button>
        </p>
      )}
      <button
        type="button"
        disabled={!graphId || action.busy}
        onClick={() =>
          action.run(async () => {
            const read = await api.invoke('plans.fromWorkflow', { graphId: graphId!, text });
            await onRead(read.steps);
            setTyped(null);
          })
        }
      >
        Read text as plan
      </button>
      <ErrorNote message={action.error} />
    </div>
  );
}
