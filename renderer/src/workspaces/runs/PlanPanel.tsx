import { Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/api';
import { useJob } from '../../api/use-job';
import { useRegisterAction } from '../../commands/panel-actions';
import { CommandButton } from '../../components/CommandButton';
import { ErrorNote } from '../../components/ErrorNote';
import { ToolPicker } from '../../components/ToolPicker';
import { useShallow } from '../../state/create-store';
import { countOf } from '../../../../shared/text';
import type { Candidates } from './plans-graphs';
import { NOT_YET, usePlans, type PlansState } from './plans-state';
import { useModelInUse } from './use-model-in-use';

const NO_GOALS: string[] = [];

/** What this view reads from the Plans & Runs store (one shallow-compared slice). */
const selector = (s: PlansState) => ({
  graphId: s.graphId,
  intent: s.intent,
  setIntent: s.setIntent,
  goals: (s.graphId && s.goals[s.graphId]) || NO_GOALS,
  setGoals: s.setGoals,
  candidates: s.candidates,
  setCandidates: s.setCandidates,
  steps: s.steps,
  setSteps: s.setSteps,
  planner: s.planner,
  setPlanner: s.setPlanner,
  count: s.candidateCount,
  setCount: s.setCandidateCount,
});

/**
 * Intent → plan: the deterministic planner or the model (tokens stream in), one or several
 * candidates. `example` is the intent box's placeholder, made from the open graph's tools.
 */
export function PlanPanel({ tools, example }: { tools: string[]; example: string }) {
  const {
    graphId,
    intent,
    setIntent,
    goals,
    setGoals,
    candidates,
    setCandidates,
    steps,
    setSteps,
    planner,
    setPlanner,
    count,
    setCount,
  } = usePlans(useShallow(selector));
  // The goals the user picked (kept per graph in the store); those the planner found in the
  // intent are only shown, so a new intent finds its own.
  const [found, setFound] = useState<string[]>([]);
  const [stream, setStream] = useState('');
  const [made, setMade] = useState<string | null>(null);
  // The candidate in the plan editor: the one whose steps it holds (none once they are edited).
  const chosen = candidates.findIndex((c) => c.steps === steps);
  const action = useJob();
  const streaming = useRef<string | null>(null);
  // Which model would plan: read when the model planner is chosen (Models may have changed since).
  const modelName = useModelInUse(planner === 'model');
  const noModel = planner === 'model' && modelName === null;
  // Candidates generate at once: the first one streams here, the others land with it.
  useEffect(
    () =>
      api.on(
        'models.token',
        (t) => t.jobId === streaming.current && (t.stream ?? 0) === 0 && setStream((s) => s + t.text),
      ),
    [],
  );

  const generate = () =>
    action.run(async (jobId) => {
      streaming.current = jobId;
      setStream('');
      setMade(null);
      const result = await api.invoke('plans.generate', {
        graphId: graphId!,
        intent,
        planner,
        candidates: count,
        jobId,
        ...(goals.length ? { goals } : {}),
      });
      setCandidates(result.candidates);
      setMade(generationText(result.generation, result.candidates.length));
      setFound(goals.length ? [] : result.goals);
      await setSteps(result.candidates[0]!.steps, 'new');
    });

  useRegisterAction(
    'generatePlan',
    () => void generate(),
    !graphId
      ? 'Choose a graph first'
      : !tools.length
        ? NOT_YET.tools
        : !intent.trim()
          ? NOT_YET.intent
          : action.busy
            ? 'Planning…'
            : noModel
              ? 'No model is loaded: load one in Models (Ctrl+5), or plan with the deterministic planner.'
              : undefined,
  );

  return (
    <section className="plan-panel" aria-label="Plan">
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
      <div className="row">
        <CommandButton
          id="plan.generate"
          icon={Sparkles}
          className="primary"
          label={action.busy ? 'Planning…' : 'Generate plan'}
        />
        {action.busy && planner === 'model' && (
          <button type="button" onClick={action.cancel}>
            Stop
          </button>
        )}
      </div>
      {found.length > 0 && planner === 'deterministic' && (
        <p className="muted" data-testid="found-goals">
          Goals found in the intent: {found.join(', ')}. Pick goal tools to plan for others.
        </p>
      )}
      {chosen >= 0 && <FollowedRecordings candidate={candidates[chosen]!} />}
      {action.busy && planner === 'model' && count > 1 && (
        <p className="muted" data-testid="plan-progress">
          {count} candidates at once, {action.progress?.done ?? 0} done; the first streams here.
        </p>
      )}
      {action.busy && stream && <pre className="token-stream">{stream}</pre>}
      {!action.busy && made && planner === 'model' && (
        <p className="muted" data-testid="plan-generation">
          {made}
        </p>
      )}
      <ErrorNote message={action.error} />
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
    </section>
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

/** "Planned in 3.2 s, 236 tokens" (and how many candidates), from what the model did. */
function generationText(generation: { ms: number; tokens: number | null } | null, candidates: number): string | null {
  if (!generation) return null;
  const seconds = (generation.ms / 1000).toFixed(1);
  const tokens = generation.tokens === null ? '' : `, ${countOf(generation.tokens, 'token')}`;
  return `Planned in ${seconds} s${tokens}${candidates > 1 ? ` for ${candidates} candidates` : ''}.`;
}
