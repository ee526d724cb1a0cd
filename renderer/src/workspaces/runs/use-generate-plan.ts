import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/api';
import { useJob } from '../../api/use-job';
import { useRegisterAction } from '../../commands/panel-actions';
import { useShallow } from '../../state/create-store';
import { countOf } from '../../../../shared/text';
import { NOT_YET, usePlans } from './plans-state';
import { useModelInUse } from './use-model-in-use';

const NO_GOALS: string[] = [];

/** A plan generation as the plan panel shows it: the job, the tokens streamed, what was made and found. */
export interface PlanGeneration {
  job: ReturnType<typeof useJob>;
  /** The first candidate's tokens as they stream in. */
  stream: string;
  /** "Planned in 3.2 s, 236 tokens", once the model has planned. */
  made: string | null;
  /** The goal tools the planner found in the intent (none were picked). */
  found: string[];
  /** The model that would plan: null with none loaded, undefined until known (read for the model planner only). */
  modelName: string | null | undefined;
}

/**
 * Offers Generate plan (the `plan.generate` command) while the plan panel is on screen: the open
 * graph's intent, planner and goal tools, and the candidates it makes land in the editor.
 */
export function useGeneratePlan(tools: string[]): PlanGeneration {
  const { graphId, intent, goals, planner, count, setCandidates, setSteps } = usePlans(
    useShallow((s) => ({
      graphId: s.graphId,
      intent: s.intent,
      goals: (s.graphId && s.goals[s.graphId]) || NO_GOALS,
      planner: s.planner,
      count: s.candidateCount,
      setCandidates: s.setCandidates,
      setSteps: s.setSteps,
    })),
  );
  // The goals the user picked (kept per graph in the store); those the planner found in the
  // intent are only shown, so a new intent finds its own.
  const [found, setFound] = useState<string[]>([]);
  const [stream, setStream] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const job = useJob();
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
    job.run(async (jobId) => {
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
          : job.busy
            ? 'Planning…'
            : noModel
              ? 'No model is loaded: load one in Models (Ctrl+5), or plan with the deterministic planner.'
              : undefined,
  );
  return { job, stream, made, found, modelName };
}

/** "Planned in 3.2 s, 236 tokens" (and how many candidates), from what the model did. */
function generationText(generation: { ms: number; tokens: number | null } | null, candidates: number): string | null {
  if (!generation) return null;
  const seconds = (generation.ms / 1000).toFixed(1);
  const tokens = generation.tokens === null ? '' : `, ${countOf(generation.tokens, 'token')}`;
  return `Planned in ${seconds} s${tokens}${candidates > 1 ? ` for ${candidates} candidates` : ''}.`;
}
