import type { TrajectoryFilter } from '../../../../../shared/domain';
import {
  AGENT_FORMATS,
  TOOL_POLICIES,
  type AgentFormat,
  type ToolPolicy,
} from '../../../../../shared/experiments/types';
import { countOf, trajectoriesCount } from '../../../../../shared/text';
import { api } from '../../../api/api';
import { useJob } from '../../../api/use-job';
import { useQuery } from '../../../api/use-query';
import { SELECTION_CHANGES } from '../../../api/use-refresh';
import { ErrorNote } from '../../../components/ErrorNote';
import { JobProgress } from '../../../components/JobProgress';
import { createStore, useShallow } from '../../../state/create-store';
import { everyField, formDraft } from '../../../state/form-draft';

/** The new-experiment form's values: kept when the pane closes or another workspace opens. */
const useExperimentDraft = createStore(
  formDraft({
    baseUrl: 'http://127.0.0.1:8080/v1',
    model: 'default',
    apiKey: '',
    format: 'tools' as AgentFormat,
    policy: 'replay' as ToolPolicy,
    systemPrompt: '',
    fromTurn: '',
    name: '',
  }),
);

/** A new experiment over the browser's filter: a server candidate, its prompt, where to start, how calls are answered. */
export function ExperimentForm({ filter, onRan }: { filter: TrajectoryFilter; onRan(id: string): void }) {
  const { baseUrl, model, apiKey, format, policy, systemPrompt, fromTurn, name, patch } = useExperimentDraft(
    useShallow(everyField),
  );
  const job = useJob();
  const selected = useQuery(
    () => api.invoke('trajectories.summarize', { filter }),
    [JSON.stringify(filter)],
    SELECTION_CHANGES,
  ).data;
  const start = () =>
    void job.run(async (jobId) => {
      const view = await api.invoke('experiments.run', {
        jobId,
        definition: {
          name: name.trim() || `${model} @ ${baseUrl}`,
          filter,
          toolPolicy: policy,
          ...(fromTurn.trim() ? { fromTurn: Number(fromTurn) } : {}),
          candidates: [
            {
              model: { kind: 'server', baseUrl, model },
              format,
              ...(systemPrompt.trim() ? { systemPrompt } : {}),
            },
          ],
        },
        ...(apiKey ? { apiKeys: { [baseUrl]: apiKey } } : {}),
      });
      onRan(view.id);
    });
  return (
    <form
      className="experiment-form"
      aria-label="New experiment"
      onSubmit={(e) => {
        e.preventDefault();
        if (!job.busy) start();
      }}
    >
      <p className="muted" data-testid="experiment-scope">
        Re-runs {selected ? `the ${trajectoriesCount(selected.trajectories)}` : 'the trajectories'} the browser&apos;s
        filter selects with this candidate.
      </p>
      <label>
        Name
        <input value={name} placeholder="(the model and server)" onChange={(e) => patch({ name: e.target.value })} />
      </label>
      <label>
        Server URL
        <input value={baseUrl} onChange={(e) => patch({ baseUrl: e.target.value })} />
      </label>
      <label>
        Model
        <input value={model} onChange={(e) => patch({ model: e.target.value })} />
      </label>
      <label>
        API key
        <input
          type="password"
          autoComplete="off"
          value={apiKey}
          placeholder="(none, or the key given in Models)"
          title="Sent to this server with the experiment's requests; never saved in the workspace"
          onChange={(e) => patch({ apiKey: e.target.value })}
        />
      </label>
      <label>
        Request format
        <select
          value={format}
          title={AGENT_FORMATS[format]}
          onChange={(e) => patch({ format: e.target.value as AgentFormat })}
        >
          {Object.entries(AGENT_FORMATS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tool calls answered by
        <select
          value={policy}
          title={TOOL_POLICIES[policy]}
          onChange={(e) => patch({ policy: e.target.value as ToolPolicy })}
        >
          {Object.entries(TOOL_POLICIES).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Re-run from turn
        <input
          inputMode="numeric"
          value={fromTurn}
          placeholder="the first assistant turn"
          onChange={(e) => patch({ fromTurn: e.target.value.replace(/\D/g, '') })}
        />
      </label>
      <label>
        System prompt
        <textarea
          rows={3}
          value={systemPrompt}
          placeholder="(the recorded one)"
          onChange={(e) => patch({ systemPrompt: e.target.value })}
        />
      </label>
      <div className="toolbar">
        <button type="submit" disabled={job.busy}>
          {job.busy ? 'Running…' : 'Run experiment'}
        </button>
        {job.busy && (
          <JobProgress progress={job.progress} label="Experiment progress" onCancel={job.cancel}>
            {job.progress && `${job.progress.done} of ${countOf(job.progress.total, 'run')}`}
          </JobProgress>
        )}
      </div>
      <ErrorNote message={job.error} />
    </form>
  );
}
