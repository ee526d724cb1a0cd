import { useState } from 'react';
import type { RunView } from '../../../../shared/contract/runs';
import { callOutcome } from '../../../../shared/runs/outcome';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { TurnView } from '../../components/TurnView';
import { TurnWorld } from '../../components/WorldView';
import type { TurnWorld as World } from '../../../../shared/environments/world-states';
import { firstClickOnly } from '../../components/first-click';
import { useShallow } from '../../state/create-store';
import { useRuns, type RunsState } from './state';
import { TurnEditor } from './TurnEditor';

/** What this view reads from the Plans & Runs store (one shallow-compared slice). */
const selector = (s: RunsState) => ({ act: s.act, busy: s.busy });

/**
 * The run's turns with timing and tokens; each can be edited (when paused) or forked from, with
 * buttons that show on the turn under the pointer or holding the focus. A call into the run's
 * environment opens the world around it.
 */
export function RunTimeline({ run, worlds }: { run: RunView; worlds: ReadonlyMap<number, World> }) {
  const { act, busy } = useRuns(useShallow(selector));
  const [editing, setEditing] = useState<number | null>(null);
  const pending = run.nextAction.kind === 'execute' ? run.nextAction.call.id : null;
  const editable = run.trajectoryId !== null && run.status !== 'running';
  const trajectoryId = run.trajectoryId;
  // Edited turns carry a mark: what the debugger shows is not what was recorded.
  const edits = useQuery(trajectoryId ? () => api.invoke('trajectories.edits', { id: trajectoryId }) : null, [
    trajectoryId,
    run.turns,
  ]).data;
  const editedAt = new Map(edits?.map((e) => [e.turnIndex, e.editedAt]));
  // Which tool each observation answers, by call id.
  const callNames = new Map(run.turns.flatMap((t) => t.toolCalls ?? []).map((c) => [c.id, c.name]));
  const failed = new Set(callOutcome(run.turns).failedTurns);
  return (
    <ol className="timeline" aria-label="Timeline">
      {run.turns.map((turn, i) => (
        // Focusable, so that the keyboard reaches the turn's actions: they show on hover or focus only.
        <li
          key={i}
          tabIndex={0}
          className={[turn.toolCalls?.some((c) => c.id === pending) && 'pending-call', editing === i && 'editing']
            .filter(Boolean)
            .join(' ')}
        >
          <TurnView
            turn={turn}
            index={i}
            editedAt={editedAt.get(i)}
            failed={failed.has(i)}
            findings={run.warnings
              .filter((w) => w.turnIndex === i)
              .map((w) => ({
                code: w.kind,
                severity: 'warning',
                message: w.message,
                where: { at: 'turn', turn: i, path: w.path },
              }))}
          />
          <div className="turn-actions" role="group" aria-label={`Actions of turn ${i}`}>
            {editable && (
              <button type="button" disabled={busy} onClick={() => setEditing(editing === i ? null : i)}>
                Edit
              </button>
            )}
            <button
              type="button"
              disabled={busy}
              onClick={firstClickOnly(() => void act((runId) => api.invoke('runs.fork', { runId, turnIndex: i })))}
            >
              Fork from here
            </button>
          </div>
          {worlds.has(i) && <TurnWorld world={worlds.get(i)!} index={i} />}
          {editing === i && (
            <TurnEditor
              index={i}
              turn={turn}
              graphId={run.graphId}
              answers={callNames.get(turn.toolCallId ?? '') ?? null}
              close={() => setEditing(null)}
            />
          )}
        </li>
      ))}
    </ol>
  );
}
