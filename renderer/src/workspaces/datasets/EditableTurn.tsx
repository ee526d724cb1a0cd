import { lazy, Suspense, useRef, useState } from 'react';
import type { Finding, Turn } from '../../../../shared/domain';
import { Turn as TurnSchema } from '../../../../shared/domain';
import { formatProblem } from '../../../../shared/checks/format';
import { api } from '../../api/api';
import { ErrorNote } from '../../components/ErrorNote';
import { TurnView } from '../../components/TurnView';

const JsonEditor = lazy(() => import('../../components/JsonEditor'));

/** What of a turn can be edited: everything but its role and its measured timing and tokens. */
const editable = (turn: Turn) => {
  const { role: _, timing: __, tokens: ___, ...rest } = turn;
  return rest;
};

/**
 * A turn in the review queue. Edit opens its JSON (thought, content, tool calls, observation);
 * the text is checked as it is typed (JSON, then the turn's shape), the edit is saved as a new
 * version, the recorded turn stays available, and Revert puts it back.
 */
export function EditableTurn({
  trajectoryId,
  turn,
  index,
  findings,
  original,
}: {
  trajectoryId: string;
  turn: Turn;
  index: number;
  findings: Finding[];
  original: Turn | null;
}) {
  const [draft, setDraft] = useState<unknown>(null);
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [live, setLive] = useState<Finding[] | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  /** Runs the checks on the edited version, against the trajectory's tool graph, as the user types. */
  const checkLive = (next: Turn) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      void api
        .invoke('trajectories.checkTurn', { id: trajectoryId, turnIndex: index, turn: next })
        .then(setLive, () => setLive(null));
    }, 300);
  };
  /** The edited value as a turn, or null with the reason shown. */
  const check = (value: unknown): Turn | null => {
    const parsed = TurnSchema.safeParse({ ...(value as object), role: turn.role });
    if (!parsed.success) {
      setError(parsed.error.issues.map((i) => `${i.path.join('.') || 'turn'}: ${i.message}`).join('; '));
      return null;
    }
    setError(null);
    return parsed.data;
  };
  const save = async () => {
    const next = check(draft);
    if (!next) return;
    setSaveError(null);
    try {
      await api.invoke('trajectories.editTurn', {
        id: trajectoryId,
        turnIndex: index,
        turn: { ...next, role: turn.role },
      });
    } catch (e) {
      // The editor stays open with the user's text; the reason is shown under it.
      setSaveError(`Not saved: ${(e as Error).message}`);
      return;
    }
    // The queue fetches the edited turn and its findings again when the backend tells of the change.
    await api.invoke('trajectories.check', { id: trajectoryId });
    setEditing(false);
    setLive(null);
  };
  return (
    <div className="editable-turn">
      <TurnView turn={turn} index={index} findings={findings} />
      {original && (
        <details className="edit-diff">
          <summary>Edited — recorded version</summary>
          <pre>{JSON.stringify(editable(original), null, 2)}</pre>
          <button
            type="button"
            onClick={() =>
              void api
                .invoke('trajectories.revertTurn', { id: trajectoryId, turnIndex: index })
                .then(() => api.invoke('trajectories.check', { id: trajectoryId }))
            }
          >
            Revert to recorded
          </button>
        </details>
      )}
      {!editing ? (
        <button
          type="button"
          className="link"
          onClick={() => {
            setDraft(editable(turn));
            setEditing(true);
          }}
        >
          Edit turn {index}
        </button>
      ) : (
        <div className="turn-json-editor">
          <Suspense fallback={<p className="muted">Loading editor…</p>}>
            <JsonEditor
              path={`turn.${trajectoryId}.${index}`}
              label={`Turn ${index} JSON`}
              value={editable(turn)}
              height={200}
              onChange={(value) => {
                setDraft(value);
                const next = check(value);
                if (next) checkLive({ ...next, role: turn.role });
              }}
            />
          </Suspense>
          {error && <p className="error">{error}</p>}
          <ErrorNote message={saveError} />
          {!error && live && (
            <p className={live.length ? 'error' : 'muted'} data-testid="live-checks">
              {live.length
                ? `Checks on this version: ${live.map(formatProblem).join('; ')}`
                : 'Checks on this version: no findings.'}
            </p>
          )}
          <div className="row">
            <button type="button" className="primary" disabled={Boolean(error)} onClick={() => void save()}>
              Save turn
            </button>
            <button type="button" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
