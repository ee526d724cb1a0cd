import type { Plan } from '../../../../shared/domain';
import { clipAtWord, countOf } from '../../../../shared/text';
import { usePlans } from './plans-state';

/** The open graph's saved plans; picking one opens it in the editor. */
export function SavedPlans({ plans }: { plans: Pick<Plan, 'id' | 'intent' | 'steps' | 'createdAt'>[] }) {
  const openPlan = usePlans((s) => s.openPlan);
  return (
    <label className="saved-plans">
      Saved plans
      <select
        aria-label="Saved plans"
        value=""
        onChange={(e) => {
          const plan = plans.find((p) => p.id === e.target.value);
          if (plan) void openPlan(plan);
        }}
      >
        <option value="">Open a saved plan…</option>
        {plans.map((p) => (
          <option key={p.id} value={p.id}>
            {clipAtWord(p.intent, 60)} ({countOf(p.steps.length, 'step')}, {new Date(p.createdAt).toLocaleString()})
          </option>
        ))}
      </select>
    </label>
  );
}
