import { Sparkles } from 'lucide-react';
import { CommandButton } from '../../components/CommandButton';
import { ErrorNote } from '../../components/ErrorNote';
import { ToolPicker } from '../../components/ToolPicker';
import { useShallow } from '../../state/create-store';
import { countOf } from '../../../../shared/text';
import type { Candidates } from './plans-graphs';
import { usePlans, type PlansState } from './plans-state';
import { useGeneratePlan, type PlanGeneration } from './use-generate-plan';

const NO_GOALS: string[] = [];

/**
 * Intent → plan: the deterministic planner or the model (tokens stream in), one or several
 * candidates. `example` is the intent box's placeholder, made from the open graph's tools.
 */
export function PlanPanel({ tools, example }: { tools: string[]; example: string }) {
  const generation = useGeneratePlan(tools);
  const { job } = generation;
  const planner = usePlans((s) => s.planner);
  return (
    <section className="plan-panel" aria-label="Plan">
      <PlanRequest tools={tools} example={example} modelName={generation.modelName} />
      <div className="row">
        <CommandButton
          id="plan.generate"
          icon={Sparkles}
          className="primary"
          label={job.busy ? 'Planning…' : 'Generate plan'}
        />
        {job.busy && planner === 'model' && (
          <button type="button" onClick={job.cancel}>
            Stop
          </button>
        )}
      </div>
      <PlanOutcome generation={generation} />
    </section>
  );
}

/** What the request reads from the plans store (one shallow-compared slice). */
const requestSelector = (s: PlansState) => ({
  intent: s.intent,
  setIntent: s.setIntent,
  goals: (s.graphId && s.goals[s.graphId]) || NO_GOALS,
  setGoals: s.setGoals,
  planner: s.planner,
  setPlanner: s.setPlanner,
  count: s.candidateCount,
  setCount: s.setCandidateCount,
});

/** What to plan and how: the intent, the planner (and how many candidates), the model or the goal tools. */
function PlanRequest({
  tools,
  example,
  modelName,
}: {
  tools: string[];
  example: string;
  /** The model that would plan: null with none loaded, undefined until known. */
  modelName: string | null | undefined;
}) {
  const { intent, setIntent, goals, setGoals, planner, setPlanner, count, setCount } = usePlans(
    useShallow(requestSelector),
  );
  const noModel = planner === 'model' && modelName === null;
  return (
    <>
      <label>
        Intent
        <textarea
          aria-label="Intent"
          rows={3}
          placeholder={example}
          value={intent}
          onChange={(e) => setIntent(e.target.value)}
        />
      </label>
      <div className="row">
        <label>
          Planner
          <select aria-label="Planner" value={planner} onChange={(e) => setPlanner(e.target.value as typeof planner)}>
            <option value="deterministic">deterministic (no model)</option>
            <option value="model">loaded model</option>
          </select>
        </label>
        {planner === 'model' && (
          <label>
            Candidates
            <input
              aria-label="Candidates"
              type="number"
              min={1}
              max={5}
              value={count}
              onChange={(e) => setCount(Math.min(5, Math.max(1, Number(e.target.value) || 1)))}
            />
          </label>
        )}
      </div>
      {planner === 'model' && modelName !== undefined && (
        <p className={noModel ? 'plan-model none' : 'plan-model muted'} data-testid="plan-model">
          {noModel
            ? 'No model is loaded: load one in Models (Ctrl+5), or plan with the deterministic planner.'
            : `Plans with ${modelName}; the grammar keeps every step to the graph’s tools and their parameters.`}
        </p>
      )}
      {planner === 'deterministic' && (
        <ToolPicker
          label="Goal tools"
          tools={tools}
          value={goals}
          onChange={setGoals}
          emptyText="None picked: the planner finds the goals in the intent."
        />
      )}
    </>
  );
}

/** What the last generation gave: goals found, recordings followed, progress and tokens, the candidates to pick from. */
function PlanOutcome({ generation: { job, stream, made, found } }: { generation: PlanGeneration }) {
  const { candidates, steps, setSteps, planner, count } = usePlans(
    useShallow((s) => ({
      candidates: s.candidates,
      steps: s.steps,
      setSteps: s.setSteps,
      planner: s.planner,
      count: s.candidateCount,
    })),
  );
  // The candidate in the plan editor: the one whose steps it holds (none once they are edited).
  const chosen = candidates.findIndex((c) => c.steps === steps);
  return (
    <>
      {found.length > 0 && planner === 'deterministic' && (
        <p className="muted" data-testid="found-goals">
          Goals found in the intent: {found.join(', ')}. Pick goal tools to plan for others.
        </p>
      )}
      {chosen >= 0 && <FollowedRecordings candidate={candidates[chosen]!} />}
      {job.busy && planner === 'model' && count > 1 && (
        <p className="muted" data-testid="plan-progress">
          {count} candidates at once, {job.progress?.done ?? 0} done; the first streams here.
        </p>
      )}
      {job.busy && stream && <pre className="token-stream">{stream}</pre>}
      {!job.busy && made && planner === 'model' && (
        <p className="muted" data-testid="plan-generation">
          {made}
        </p>
      )}
      <ErrorNote message={job.error} />
      {candidates.length > 1 && (
        <div className="candidates" role="group" aria-label="Candidates">
          {candidates.map((c, i) => (
            <button
              key={i}
              type="button"
              aria-pressed={chosen === i}
              className={chosen === i ? 'selected' : undefined}
              onClick={() => void setSteps(c.steps, 'new')}
              title={c.text}
            >
              Candidate {i + 1}: {countOf(c.steps.length, 'step')}, {countOf(c.problems.length, 'problem')}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

/**
 * Which recorded trajectories the deterministic planner followed for the plan in the editor
 * (their requests, how alike the intent is), and what it could not take from the intent.
 */
function FollowedRecordings({ candidate }: { candidate: Candidates[number] }) {
  const followed = candidate.followed ?? [];
  if (!followed.length) return null;
  const notes = candidate.notes ?? [];
  return (
    <div className="plan-followed muted" data-testid="plan-followed">
      <p>Follows {countOf(followed.length, 'recorded trajectory', 'recorded trajectories')} of this graph:</p>
      <ul>
        {followed.map((f) => (
          <li key={f.trajectoryId} title={f.title}>
            “{f.request}” ({Math.round(f.similarity * 100)} % alike)
          </li>
        ))}
      </ul>
      {notes.length > 0 && (
        <ul className="plan-notes" aria-label="Planner notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
