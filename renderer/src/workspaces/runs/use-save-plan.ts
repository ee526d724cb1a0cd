import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useRegisterAction } from '../../commands/panel-actions';
import { useShallow } from '../../state/create-store';
import { NOT_YET, usePlans } from './plans-state';

/**
 * Offers Save plan (the `plan.save` command) while the plan editor is on screen: the steps with
 * the intent, the planner and the recordings the plan followed. `onSaved` reads the saved plans
 * again; the returned action carries the error to show.
 */
export function useSavePlan(onSaved: () => void): ReturnType<typeof useAction> {
  const { graphId, intent, steps, planner, candidates, planSaved } = usePlans(
    useShallow((s) => ({
      graphId: s.graphId,
      intent: s.intent,
      steps: s.steps,
      planner: s.planner,
      candidates: s.candidates,
      planSaved: s.planSaved,
    })),
  );
  const action = useAction();
  // The recorded trajectories the plan in the editor followed, while it is still as the planner made it.
  const followed = candidates.find((c) => c.steps === steps)?.followed ?? [];
  const off = !graphId
    ? 'Choose a graph first'
    : !steps.length
      ? 'Add a step or generate a plan first'
      : !intent.trim()
        ? NOT_YET.intent
        : action.busy
          ? 'Saving…'
          : undefined;
  useRegisterAction(
    'savePlan',
    () =>
      void action.run(async () => {
        const plan = await api.invoke('plans.save', {
          graphId: graphId!,
          intent,
          steps,
          modelSettings: {
            planner,
            ...(followed.length ? { followed: followed.map((f) => f.trajectoryId) } : {}),
          },
        });
        planSaved(plan, steps);
        onSaved();
      }),
    off,
  );
  return action;
}
