import { ChevronsRight, Pause, Play, Square, StepForward } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { RunView } from '../../../../shared/contract/runs';
import { callOutcome, failedCallsText, outcomeLevel } from '../../../../shared/runs/outcome';
import { api } from '../../api/api';
import { CommandButton } from '../../components/CommandButton';
import { ConsentDetails } from '../../components/ConsentDetails';
import { ErrorNote } from '../../components/ErrorNote';
import { GoalVerdictNote } from '../../components/WorldView';
import { Breakpoints } from './Breakpoints';
import { RunTimeline } from './RunTimeline';
import { useShallow } from '../../state/create-store';
import { useRuns, type RunsState } from './state';
import { useRunWorld } from './use-run-world';

function describeNext(run: RunView): string {
  // A stopped run goes no further: fork it from a turn to go on.
  if (run.status === 'stopped') return 'The run is stopped; fork it from a turn to go on from there.';
  const next = run.nextAction;
  switch (next.kind) {
    case 'call':
      return next.tool ? `Next: call ${next.tool} (${next.stepId})` : 'Next: the model chooses a call or answers';
    case 'execute':
      // A replay's call is executed by its recorded result.
      return run.mode === 'replay'
        ? `Next: the recorded result of ${next.call.name}(${JSON.stringify(next.call.args)})`
        : `Next: execute ${next.call.name}(${JSON.stringify(next.call.args)})`;
    case 'answer':
      return 'Next: the final answer';
    case 'replay':
      return `Next: the recorded ${next.role} turn`;
    case 'done':
      return 'The run is finished.';
  }
}

/** What this view reads from the Plans & Runs store (one shallow-compared slice). */
const selector = (s: RunsState) => ({
  run: s.run,
  starting: s.starting,
  busy: s.busy,
  error: s.error,
  act: s.act,
  showRun: s.showRun,
  restartedReplay: s.restartedReplay,
});

/** Step, Continue, Pause, Stop and Run to here over the open run, with its breakpoints and timeline. */
export function Debugger() {
  const { run, starting, busy, error, act, showRun, restartedReplay } = useRuns(useShallow(selector));
  const [until, setUntil] = useState('');
  // A continuing run pushes each turn; follow it.
  useEffect(
    () => api.on('runs.changed', (changed) => useRuns.getState().run?.id === changed.id && showRun(changed)),
    [showRun],
  );
  const progress = starting && (
    <p className="runs-starting" role="status" data-testid="run-starting">
      <progress aria-label="Starting the run" /> Starting the run…
    </p>
  );
  if (!run)
    return (
      <>
        {progress}
        <ErrorNote message={error} />
        {!starting && (
          <p className="muted">Generate a plan and run it, or open a trajectory from the Trajectories workspace.</p>
        )}
      </>
    );
  const finished = run.status === 'finished' || run.status === 'stopped';
  // A run that ends is only green when its calls went through: failed calls, and once it has
  // finished calls that got no result (a replayed record without one), colour the badge.
  const outcome = callOutcome(run.turns);
  const level = outcomeLevel(outcome, run.status === 'finished');
  const failedText = failedCallsText(outcome, run.status === 'finished');
  // A step in progress (the model thinking, a tool answering) runs, though the run is not continuing.
  const status = busy && run.status === 'ready' ? 'running' : run.status;
  return (
    <section className="debugger" aria-label="Debugger">
      <header>
        <strong>{run.mode === 'replay' ? 'Replay' : run.mode === 'agent' ? 'Agent run' : 'Plan run'}</strong>{' '}
        <span className={`run-status status-${status} outcome-${level}`} data-testid="run-status">
          {status}
        </span>{' '}
        {failedText && (
          <span className={`run-outcome outcome-${level}`} data-testid="run-outcome">
            {failedText}
          </span>
        )}{' '}
        <span className="muted">
          {run.turns.length} {run.turns.length === 1 ? 'turn' : 'turns'}
        </span>
        {run.forkOf && <span className="muted"> · fork at turn {run.forkOf.turnIndex}</span>}
      </header>
      {progress}
      <p className="muted" data-testid="next-action">
        {describeNext(run)}
      </p>
      {run.note && <p className="note">{run.note}</p>}
      {/* Said until the replay has moved: then it is where the person took it. */}
      {restartedReplay === run.id && run.turns.length === 0 && (
        <p className="note" role="status" data-testid="replay-restarted">
          This replay starts again from its first turn: where it stood before the reload was kept by the backend, which
          has restarted since.
        </p>
      )}
      {run.consent && (
        <div className="consent" role="alert">
          <p>{run.consent.message}</p>
          <ConsentDetails consent={run.consent} />
          <button
            type="button"
            onClick={() =>
              void act((runId) => api.invoke('runs.allow', { runId, kind: run.consent!.kind, key: run.consent!.key }))
            }
          >
            Allow
          </button>
        </div>
      )}
      <div className="controls toolbar" role="toolbar" aria-label="Run controls">
        <CommandButton id="run.step" icon={StepForward} />
        <CommandButton id="run.continue" icon={Play} />
        <CommandButton id="run.pause" icon={Pause} />
        <CommandButton id="run.stop" icon={Square} iconSize={13} />
        <input
          aria-label="Run to turn"
          placeholder="turn"
          size={4}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
        />
        <button
          type="button"
          disabled={busy || finished || !until}
          onClick={() => void act((runId) => api.invoke('runs.continue', { runId, untilTurns: Number(until) + 1 }))}
        >
          <ChevronsRight size={14} aria-hidden />
          Run to here
        </button>
      </div>
      <ErrorNote message={error} />
      <Breakpoints run={run} />
      <TimelineWithWorld run={run} />
    </section>
  );
}

/** The timeline with the world of each call in an environment, and the goal check's verdict after it. */
function TimelineWithWorld({ run }: { run: RunView }) {
  const { worlds, verdict } = useRunWorld(run);
  return (
    <>
      <RunTimeline run={run} worlds={worlds} />
      {verdict && <GoalVerdictNote verdict={verdict} />}
    </>
  );
}
