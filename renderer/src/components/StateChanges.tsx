import { useState } from 'react';
import { describeStateChanges, type StateChange } from '../../../shared/environments/state-diff';

/** Changes listed before a "show all": a state rewritten wholesale still reads from the top. */
const FIRST = 50;
/** A value beside its path is cut here; the whole of it is its tooltip. */
const BRIEF = 80;

function Value({ value }: { value: unknown }) {
  const text = JSON.stringify(value) ?? 'undefined';
  return (
    <code className="state-value" title={text.length > BRIEF ? text.slice(0, 4000) : undefined}>
      {text.length > BRIEF ? `${text.slice(0, BRIEF)}…` : text}
    </code>
  );
}

/** What changed in a world's state, path by path: added, removed, or old → new. */
export function StateChanges({ changes }: { changes: readonly StateChange[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? changes : changes.slice(0, FIRST);
  return (
    <div className="state-changes">
      <p data-testid="state-changes-summary">{describeStateChanges(changes)}</p>
      {changes.length > 0 && (
        <ul aria-label="Changed paths">
          {shown.map((change) => (
            <li key={`${change.kind} ${change.path}`} className={`change-${change.kind}`}>
              <code className="state-path">{change.path || '(the whole state)'}</code>{' '}
              <span className="change-kind">{change.kind}</span>{' '}
              {change.kind === 'added' && <Value value={change.after} />}
              {change.kind === 'removed' && <Value value={change.before} />}
              {change.kind === 'changed' && (
                <>
                  <Value value={change.before} /> → <Value value={change.after} />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {!all && changes.length > FIRST && (
        <button type="button" className="link" onClick={() => setAll(true)}>
          Show all {changes.length} changes
        </button>
      )}
    </div>
  );
}
