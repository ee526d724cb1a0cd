import { AGENT_FORMATS, type AgentFormat } from '../../../../shared/experiments/types';
import { ArrowDown, ArrowUp, Bot, FileText, Play, Plus, Save, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { PlanStep } from '../../../../shared/domain';
import { clipAtWord, countOf } from '../../../../shared/text';
import { stepArgumentsSchema } from '../../../../shared/plans/argument-schema';
import type { StartMode } from '../../../../shared/runs';
import { api } from '../../api/api';
import { useAction } from '../../api/use-action';
import { useQuery } from '../../api/use-query';
import { ErrorNote } from '../../components/ErrorNote';
import { firstClickOnly } from '../../components/first-click';
import { useShallow } from '../../state/create-store';
import { NOT_YET, usePlans, type PlansState } from './plans-state';
import { useRuns } from './state';
import { RunWithProblems } from './RunWithProblems';
import { useModelInUse } from './use-model-in-use';
import { WorkflowText } from './WorkflowText';
import { ProblemLine } from '../../components/ProblemLine';

const JsonEditor = lazy(() => import('../../components/JsonEditor'));

const nextId = (steps: PlanStep[]) => `s${Math.max(0, ...steps.map((s) => Number(s.id.slice(1)) || 0)) + 1}`;

/**
 * The plan as a list of steps: tool, arguments (JSON in Monaco), what each depends on, and the
 * problems validation finds on it; steps can be added, removed and reordered; the plan reads
 * and writes WorfBench's text form.
 */
/** What this view reads from the plans store (one shallow-compared slice). */
const selector = (s: PlansState) => ({
  graphId: s.graphId,
  intent: s.intent,
  steps: s.steps,
  problems: s.problems,
  checking: s.checking,
  checkError: s.checkError,
  setSteps: s.setSteps,
  openPlan: s.openPlan,
  planSaved: s.planSaved,
  unsaved: s.unsaved,
  restored: s.restored,
  planId: s.planId,
  planner: s.planner,
  candidates: s.candidates,
});

export function PlanEditor({ tools, onRun }: { tools: string[]; onRun(mode: StartMode): void }) {
  const {
    graphId,
    intent,
    steps,
    problems,
    checking,
    checkError,
    setSteps,
    openPlan,
    planSaved,
    unsaved,
    restored,
    planId,
    planner,
    candidates,
  } = usePlans(useShallow(selector));
  // The recorded trajectories the plan in the editor followed, while it is still as the planner made it.
  const followed = candidates.find((c) => c.steps === steps)?.followed ?? [];
  const starting = useRuns((s) => s.starting);
  // Read again when the plan in the editor is saved (Save plan, or a run of unsaved steps saves them),
  // and when a plan is saved elsewhere (\`trellis plan\` in a terminal).
  const saved = useQuery(
    graphId ? () => api.invoke('plans.list', { graphId }) : null,
    [graphId, planId],
    ['plans.changed'],
  );
  // An agent run needs a model: Run as agent waits for one, as the model planner does.
  const agentModel = useModelInUse();
  // Each step's arguments editor completes from its tool's parameters.
  const graph = useQuery(
    graphId ? () => api.invoke('graphs.get', { id: graphId }) : null,
    [graphId],
    ['graphs.changed'],
  );
  const toolOf = (name: string) => graph.data?.tools.find((t) => t.name === name);
  const [editing, setEditing] = useState<string | null>(null);
  const [showText, setShowText] = useState(false);
  // Running a plan with problems asks first; the question is about these steps only.
  const [confirmFor, setConfirmFor] = useState<PlanStep[] | null>(null);
  const action = useAction();
  const update = (id: string, patch: Partial<PlanStep>) =>
    void setSteps(steps.map((s) => (s.id === id ? { ...s, ...patch } : s)));
  const move = (i: number, delta: number) => {
    const next = [...steps];
    const [step] = next.splice(i, 1);
    next.splice(i + delta, 0, step!);
    void setSteps(next);
  };
  const general = problems.filter((p) => p.where.step === null);

  return (
    <section className="plan-editor" aria-label="Plan steps">
      <header>
        <strong>Plan</strong>
        <span className="muted" data-testid="plan-summary">
          {countOf(steps.length, 'step')} · {checking ? 'checking…' : countOf(problems.length, 'problem')}
        </span>
        <span className="plan-tools">
          <button
            type="button"
            className="icon-button"
            aria-expanded={showText}
            title={showText ? 'Hide the WorfBench text' : 'The plan as WorfBench text (read or write)'}
            onClick={() => setShowText(!showText)}
          >
            <FileText size={15} aria-hidden />
            {/* Named by text, not aria-label: the WorfBench text field is the one labelled so. */}
            <span className="visually-hidden">{showText ? 'Hide text' : 'WorfBench text…'}</span>
          </button>
          <button
            type="button"
            className="icon-button"
            title="Save plan"
            disabled={!steps.length || !graphId || !intent.trim() || action.busy}
            onClick={() =>
              action.run(async () => {
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
                saved.reload();
              })
            }
          >
            <Save size={15} aria-hidden />
            <span className="visually-hidden">Save plan</span>
          </button>
        </span>
      </header>
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
      <ol className="steps">
        {steps.map((step, i) => {
          const mine = problems.filter((p) => p.where.step === step.id);
          return (
            <li key={step.id} className={mine.length ? 'has-problems' : ''} data-testid={`step-${step.id}`}>
              <div className="row">
                <strong className="step-id">{step.id}</strong>
                <select
                  aria-label={`Tool of ${step.id}`}
                  value={step.tool}
                  onChange={(e) => update(step.id, { tool: e.target.value })}
                >
                  {!tools.includes(step.tool) && <option>{step.tool}</option>}
                  {tools.map((t) => (
                    <option key={t}>{t}</option>
                  ))}
                </select>
                <input
                  aria-label={`Depends on of ${step.id}`}
                  title="Steps this one depends on, comma-separated"
                  placeholder="after…"
                  value={step.dependsOn.join(', ')}
                  onChange={(e) =>
                    update(step.id, {
                      dependsOn: e.target.value
                        .split(',')
                        .map((d) => d.trim())
                        .filter(Boolean),
                    })
                  }
                />
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${step.id} up`}
                  title="Move up"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUp size={14} aria-hidden />
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Move ${step.id} down`}
                  title="Move down"
                  disabled={i === steps.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDown size={14} aria-hidden />
                </button>
                <button type="button" onClick={() => setEditing(editing === step.id ? null : step.id)}>
                  {editing === step.id ? 'Done' : 'Arguments'}
                </button>
                <button
                  type="button"
                  className="icon-button"
                  aria-label={`Remove ${step.id}`}
                  title="Remove step"
                  onClick={() => void setSteps(steps.filter((s) => s.id !== step.id))}
                >
                  <X size={14} aria-hidden />
                </button>
              </div>
              {editing === step.id ? (
                <Suspense fallback={<p className="muted">Loading editor…</p>}>
                  <JsonEditor
                    path={`plan.${step.id}.args`}
                    label={`Arguments of ${step.id}`}
                    value={step.args}
                    schema={toolOf(step.tool) && stepArgumentsSchema(toolOf(step.tool)!)}
                    onChange={(args) =>
                      args &&
                      typeof args === 'object' &&
                      !Array.isArray(args) &&
                      update(step.id, { args: args as PlanStep['args'] })
                    }
                  />
                </Suspense>
              ) : (
                <pre className="args" aria-label={`Arguments of ${step.id} (JSON)`} tabIndex={0}>
                  {JSON.stringify(step.args, null, 2)}
                </pre>
              )}
              {mine.map((p, j) => (
                <p key={j} className="problem">
                  <ProblemLine problem={p} />
                </p>
              ))}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="add-step"
        disabled={!tools.length}
        title={tools.length ? undefined : NOT_YET.tools}
        onClick={() => void setSteps([...steps, { id: nextId(steps), tool: tools[0]!, args: {}, dependsOn: [] }])}
      >
        <Plus size={14} aria-hidden />
        Add step
      </button>
      <div className="toolbar plan-actions">
        <button
          type="button"
          className="primary"
          disabled={!steps.length || !graphId || !intent.trim() || starting || checking}
          title={
            checking
              ? 'Checking the plan…'
              : !steps.length
                ? tools.length
                  ? 'Add a step or generate a plan first'
                  : NOT_YET.tools
                : !intent.trim()
                  ? NOT_YET.intent
                  : undefined
          }
          onClick={firstClickOnly(() => (problems.length || checkError ? setConfirmFor(steps) : onRun('plan')))}
        >
          <Play size={14} aria-hidden />
          {starting ? 'Starting…' : 'Run plan'}
        </button>
        <button
          type="button"
          disabled={!graphId || !intent.trim() || starting || agentModel === null}
          onClick={firstClickOnly(() => onRun('agent'))}
          title={
            agentModel === null
              ? 'No model is loaded: load one in Models (Ctrl+5) to run as an agent'
              : !intent.trim()
                ? NOT_YET.intent
                : `${agentModel ?? 'The loaded model'} picks each call`
          }
        >
          <Bot size={14} aria-hidden />
          Run as agent
        </button>
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
      {showText && <WorkflowText graphId={graphId} steps={steps} onRead={setSteps} />}
      {saved.data && saved.data.length > 0 && (
        <label className="saved-plans">
          Saved plans
          <select
            aria-label="Saved plans"
            value=""
            onChange={(e) => {
              const plan = saved.data?.find((p) => p.id === e.target.value);
              if (plan) void openPlan(plan);
            }}
          >
            <option value="">Open a saved plan…</option>
            {saved.data.map((p) => (
              <option key={p.id} value={p.id}>
                {clipAtWord(p.intent, 60)} ({countOf(p.steps.length, 'step')}, {new Date(p.createdAt).toLocaleString()})
              </option>
            ))}
          </select>
        </label>
      )}
      <ErrorNote message={action.error} />
    </section>
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
