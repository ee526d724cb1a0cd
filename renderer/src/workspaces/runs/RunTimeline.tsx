import { useEffect, useRef, useState } from 'react';
import type { RunView } from '../../../../shared/contract/runs';
import type { Turn } from '../../../../shared/domain';
import { api } from '../../api/api';
import { useQuery } from '../../api/use-query';
import { TurnView } from '../../components/TurnView';
import { useShallow } from 'zustand/react/shallow';
import { useRuns, type RunsState } from '../../state/runs-store';

function TurnEditor({ index, turn, close }: { index: number; turn: Turn; close(): void }) {
  const act = useRuns((s) => s.act);
  const call = turn.toolCalls?.[0];
  const [thought, setThought] = useState(turn.thought ?? '');
  const [content, setContent] = useState(turn.content ?? '');
  const [args, setArgs] = useState(call ? JSON.stringify(call.args, null, 2) : '');
  const [error, setError] = useState<string | null>(null);
  // The form opens under the turn: bring it into view, first field ready to type in.
  const form = useRef<HTMLDivElement>(null);
  useEffect(() => {
    form.current?.scrollIntoView({ block: 'nearest' });
    form.current?.querySelector('textarea')?.focus({ preventScroll: true });
  }, []);
  const save = () => {
    let parsedArgs: unknown;
    if (call) {
      try {
        parsedArgs = JSON.parse(args);
      } catch (e) {
        setError(`Arguments are not valid JSON: ${(e as Error).message}`);
        return;
      }
    }
    void act((runId) =>
      api.invoke('runs.edit', {
        runId,
        turnIndex: index,
        ...(turn.role === 'assistant' ? { thought } : {}),
        ...(turn.role !== 'assistant' || !call ? { content } : {}),
        ...(call ? { callId: call.id, args: parsedArgs } : {}),
      }),
    ).then(close);
  };
  return (
    <div className="turn-editor" aria-label={`Edit turn ${index}`} ref={form}>
      {turn.role === 'assistant' && (
        <label>
          Thought
          <textarea aria-label="Thought" rows={2} value={thought} onChange={(e) => setThought(e.target.value)} />
        </label>
      )}
      {call ? (
        <label>
          Arguments of {call.name}
          <textarea aria-label="Call arguments" rows={5} value={args} onChange={(e) => setArgs(e.target.value)} />
        </label>
      ) : (
        <label>
          {turn.role === 'tool' ? 'Observation' : 'Text'}
          <textarea
            aria-label={turn.role === 'tool' ? 'Observation' : 'Text'}
            rows={4}
            value={content}
            onChange={(e) => setContent(e.target.value)}
          />
        </label>
      )}
      {error && <p className="error">{error}</p>}
      <div className="row">
        <button type="button" className="primary" onClick={save}>
          Save edit
        </button>
        <button type="button" onClick={close}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** What this view reads from the Plans & Runs store (one shallow-compared slice). */
const selector = (s: RunsState) => ({ act: s.act, busy: s.busy });

/** The run's turns with timing and tokens; each can be edited (when paused), forked from, or run to. */
export function RunTimeline({ run }: { run: RunView }) {
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
  return (
    <ol className="timeline" aria-label="Timeline">
      {run.turns.map((turn, i) => (
        <li key={i} className={turn.toolCalls?.some((c) => c.id === pending) ? 'pending-call' : ''}>
          <TurnView
            turn={turn}
            index={i}
            editedAt={editedAt.get(i)}
            findings={run.warnings
              .filter((w) => w.turnIndex === i)
              .map((w) => ({
                kind: 'result-schema',
                severity: 'warning',
                turnIndex: i,
                path: w.path,
                message: w.message,
              }))}
          />
          <div className="turn-actions">
            {editable && (
              <button type="button" disabled={busy} onClick={() => setEditing(editing === i ? null : i)}>
                Edit
              </button>
            )}
            <button
              type="button"
              disabled={busy}
              onClick={() => void act((runId) => api.invoke('runs.fork', { runId, turnIndex: i }))}
            >
              Fork from here
            </button>
          </div>
          {editing === i && <TurnEditor index={i} turn={turn} close={() => setEditing(null)} />}
        </li>
      ))}
    </ol>
  );
}
