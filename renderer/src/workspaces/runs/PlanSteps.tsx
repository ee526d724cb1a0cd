import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { PlanStep, Tool } from '../../../../shared/domain';
import { stepArgumentsSchema } from '../../../../shared/plans/argument-schema';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { useRegisterAction } from '../../commands/panel-actions';
import { CommandButton } from '../../components/CommandButton';
import { ProblemLine } from '../../components/ProblemLine';
import { useShallow } from '../../state/create-store';
import { NOT_YET, usePlans, type PlanProblems } from './plans-state';

const JsonEditor = lazy(() => import('../../components/JsonEditor'));

const nextId = (steps: PlanStep[]) => `s${Math.max(0, ...steps.map((s) => Number(s.id.slice(1)) || 0)) + 1}`;

/** The plan's steps, one row each, and Add step (the `plan.addStep` command) under them. */
export function PlanSteps({ tools }: { tools: string[] }) {
  const { graphId, steps, problems, setSteps } = usePlans(
    useShallow((s) => ({ graphId: s.graphId, steps: s.steps, problems: s.problems, setSteps: s.setSteps })),
  );
  // Each step's arguments editor completes from its tool's parameters.
  const graph = useQuery(
    graphId ? () => api.invoke('graphs.get', { id: graphId }) : null,
    [graphId],
    ['graphs.changed'],
  );
  const [editing, setEditing] = useState<string | null>(null);
  const update = (id: string, patch: Partial<PlanStep>) =>
    void setSteps(steps.map((s) => (s.id === id ? { ...s, ...patch } : s)));
  const move = (i: number, delta: number) => {
    const next = [...steps];
    const [step] = next.splice(i, 1);
    next.splice(i + delta, 0, step!);
    void setSteps(next);
  };
  useRegisterAction(
    'addStep',
    () => void setSteps([...steps, { id: nextId(steps), tool: tools[0]!, args: {}, dependsOn: [] }]),
    tools.length ? undefined : NOT_YET.tools,
  );

  return (
    <>
      <ol className="steps">
        {steps.map((step, i) => (
          <StepRow
            key={step.id}
            step={step}
            tools={tools}
            tool={graph.data?.tools.find((t) => t.name === step.tool)}
            problems={problems.filter((p) => p.where.step === step.id)}
            editing={editing === step.id}
            onEdit={(on) => setEditing(on ? step.id : null)}
            onChange={(patch) => update(step.id, patch)}
            onMove={(delta) => move(i, delta)}
            first={i === 0}
            last={i === steps.length - 1}
            onRemove={() => void setSteps(steps.filter((s) => s.id !== step.id))}
          />
        ))}
      </ol>
      <CommandButton id="plan.addStep" icon={Plus} className="add-step" label="Add step" />
    </>
  );
}

/** One step: its controls, its arguments (read, or edited in Monaco) and its problems. */
function StepRow({
  step,
  tools,
  tool,
  problems,
  editing,
  onEdit,
  onChange,
  onMove,
  first,
  last,
  onRemove,
}: StepControlsProps & {
  /** The step's tool as the graph defines it, for its arguments' completion; undefined while loading. */
  tool: Tool | undefined;
  problems: PlanProblems;
}) {
  return (
    <li className={problems.length ? 'has-problems' : ''} data-testid={`step-${step.id}`}>
      <StepControls {...{ step, tools, editing, onEdit, onChange, onMove, first, last, onRemove }} />
      {editing ? (
        <Suspense fallback={<p className="muted">Loading editor…</p>}>
          <JsonEditor
            path={`plan.${step.id}.args`}
            label={`Arguments of ${step.id}`}
            value={step.args}
            schema={tool && stepArgumentsSchema(tool)}
            onChange={(args) =>
              args && typeof args === 'object' && !Array.isArray(args) && onChange({ args: args as PlanStep['args'] })
            }
          />
        </Suspense>
      ) : (
        <pre className="args" aria-label={`Arguments of ${step.id} (JSON)`} tabIndex={0}>
          {JSON.stringify(step.args, null, 2)}
        </pre>
      )}
      {problems.map((p, j) => (
        <p key={j} className="problem">
          <ProblemLine problem={p} />
        </p>
      ))}
    </li>
  );
}

interface StepControlsProps {
  step: PlanStep;
  tools: string[];
  editing: boolean;
  onEdit(editing: boolean): void;
  onChange(patch: Partial<PlanStep>): void;
  onMove(delta: -1 | 1): void;
  first: boolean;
  last: boolean;
  onRemove(): void;
}

/** A step's line: its id, tool, what it depends on, move up and down, Arguments, remove. */
function StepControls({ step, tools, editing, onEdit, onChange, onMove, first, last, onRemove }: StepControlsProps) {
  return (
    <div className="row">
      <strong className="step-id">{step.id}</strong>
      <select aria-label={`Tool of ${step.id}`} value={step.tool} onChange={(e) => onChange({ tool: e.target.value })}>
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
          onChange({
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
        disabled={first}
        onClick={() => onMove(-1)}
      >
        <ArrowUp size={14} aria-hidden />
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Move ${step.id} down`}
        title="Move down"
        disabled={last}
        onClick={() => onMove(1)}
      >
        <ArrowDown size={14} aria-hidden />
      </button>
      <button type="button" onClick={() => onEdit(!editing)}>
        {editing ? 'Done' : 'Arguments'}
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={`Remove ${step.id}`}
        title="Remove step"
        onClick={onRemove}
      >
        <X size={14} aria-hidden />
      </button>
    </div>
  );
}
