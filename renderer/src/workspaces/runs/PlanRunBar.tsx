import { Bot, Play } from 'lucide-react';
import { useState } from 'react';
import { AGENT_FORMATS, type AgentFormat } from '../../../../shared/experiments/types';
import type { PlanStep } from '../../../../shared/domain';
import type { StartMode } from '../../../../shared/runs';
import { useRegisterAction } from '../../commands/panel-actions';
import { CommandButton } from '../../components/CommandButton';
import { useShallow } from '../../state/create-store';
import { NOT_YET, usePlans } from './plans-state';
import { RunWithProblems } from './RunWithProblems';
import { useRuns } from './state';
import { useModelInUse } from './use-model-in-use';

/**
 * Run plan and Run as agent (the `plan.run` and `plan.runAsAgent` commands), how the agent asks
 * the model, and the question asked before a plan with problems runs.
 */
export function PlanRunBar({ tools, onRun }: { tools: string[]; onRun(mode: StartMode): void }) {
  const { graphId, intent, steps, problems, checking, checkError } = usePlans(
    useShallow((s) => ({
      graphId: s.graphId,
      intent: s.intent,
      steps: s.steps,
      problems: s.problems,
      checking: s.checking,
      checkError: s.checkError,
    })),
  );
  const starting = useRuns((s) => s.starting);
  // An agent run needs a model: Run as agent waits for one, as the model planner does.
  const agentModel = useModelInUse();
  // Running a plan with problems asks first; the question is about these steps only.
  const [confirmFor, setConfirmFor] = useState<PlanStep[] | null>(null);
  const noIntent = !intent.trim();
  // What both ways of running need: an intent, a graph, and no run starting.
  const notReady = noIntent ? NOT_YET.intent : !graphId ? 'Choose a graph first' : starting ? 'Starting…' : undefined;
  const planOff = checking
    ? 'Checking the plan…'
    : !steps.length
      ? tools.length
        ? 'Add a step or generate a plan first'
        : NOT_YET.tools
      : notReady;
  const agentOff =
    agentModel === null ? 'No model is loaded: load one in Models (Ctrl+5) to run as an agent' : notReady;
  useRegisterAction('runPlan', () => (problems.length || checkError ? setConfirmFor(steps) : onRun('plan')), planOff);
  useRegisterAction('runAsAgent', () => onRun('agent'), agentOff);

  return (
    <>
      <div className="toolbar plan-actions">
        <CommandButton
          id="plan.run"
          icon={Play}
          className="primary"
          label={starting ? 'Starting…' : 'Run plan'}
          startsWork
        />
        <CommandButton
          id="plan.runAsAgent"
          icon={Bot}
          label="Run as agent"
          hint={`${agentModel ?? 'The loaded model'} picks each call`}
          startsWork
        />
        <AgentFormatPick />
      </div>
      {confirmFor === steps && (
        <RunWithProblems
          problems={problems}
          checkError={checkError}
          onRun={() => {
            setConfirmFor(null);
            onRun('plan');
          }}
          onCancel={() => setConfirmFor(null)}
        />
      )}
    </>
  );
}

const FORMAT_NAMES: Record<AgentFormat, string> = { tools: 'Chat with tools', json: 'Graph-constrained JSON' };

/** How Run as agent asks the model each turn (the longer wording of each in its tooltip). */
function AgentFormatPick() {
  const format = useRuns((s) => s.agentFormat);
  const setFormat = useRuns((s) => s.setAgentFormat);
  return (
    <select
      aria-label="Agent asks the model with"
      title={AGENT_FORMATS[format]}
      value={format}
      onChange={(e) => setFormat(e.target.value as AgentFormat)}
    >
      {(Object.keys(AGENT_FORMATS) as AgentFormat[]).map((f) => (
        <option key={f} value={f} title={AGENT_FORMATS[f]}>
          {FORMAT_NAMES[f]}
        </option>
      ))}
    </select>
  );
}
