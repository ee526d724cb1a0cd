import { useRef, useState } from 'react';
import type { Finding, Turn } from '../../../../shared/domain';
import { Turn as TurnSchema } from '../../../../shared/domain';
import { api } from '../../api/api';
import { TurnView } from '../trajectories/TurnView';

const editable = (turn: Turn) => {
  const { role: _, timing: __, tokens: ___, ...rest } = turn;
  return JSON.stringify(rest, null, 2);
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
  onChanged,
}: {
  trajectoryId: string;
  turn: Turn;
  index: number;
  findings: Finding[];
  original: Turn | null;
  onChanged(): void;
}) {
  const [text, setText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
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
  const check = (value: string): Turn | null => {
    try {
      const parsed = TurnSchema.safeParse({ ...(JSON.parse(value) as object), role: turn.role });
      if (!parsed.success) {
        setError(parsed.error.issues.map((i) => `${i.path.join('.') || 'turn'}: ${i.message}`).join('; '));
        return null;
      }
      setError(null);
      return parsed.data;
    } catch (e) {
      setError(`Not valid JSON yet: ${(e as Error).message}`);
      return null;
    }
  };
  const save = async () => {
    const next = text === null ? null : check(text);
    if (!next) return;
    await api.invoke('trajectories.editTurn', {
      id: trajectoryId,
      turnIndex: index,
      turn: { ...next, role: turn.role },
    });
    await api.invoke('trajectories.check', { id: trajectoryId });
    setText(null);
    onChanged();
  };
  return (
    <div className="editable-turn">
      <TurnView turn={turn} index={index} findings={findings} />
      {original && (
        <details className="edit-diff">
          <summary>Edited — recorded version</summary>
          <pre>{editable(original)}</pre>
          <button
            type="button"
            onClick={() =>
              void api.invoke('trajectories.revertTurn', { id: trajectoryId, turnIndex: index }).then(async () => {
                await api.invoke('trajectories.check', { id: trajectoryId });
                onChanged();
              })
            }
          >
            Revert to recorded
          </button>
        </details>
      )}
      {text === null ? (
        <button type="button" className="link" onClick={() => setText(editable(turn))}>
          Edit turn {index}
        </button>
      ) : (
        <div className="turn-json-editor">
          <textarea
            aria-label={`Turn ${index} JSON`}
            rows={Math.min(16, text.split('\n').length + 1)}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              const next = check(e.target.value);
              if (next) checkLive({ ...next, role: turn.role });
            }}
          />
          {error && <p className="error">{error}</p>}
          {!error && live && (
            <p className={live.length ? 'error' : 'muted'} data-testid="live-checks">
              {live.length
                ? `Checks on this version: ${live.map((f) => `${f.kind} ${f.path}: ${f.message}`).join('; ')}`
                : 'Checks on this version: no findings.'}
            </p>
          )}
          <div className="row">
            <button type="button" className="primary" disabled={Boolean(error)} onClick={() => void save()}>
              Save turn
            </button>
            <button type="button" onClick={() => setText(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
