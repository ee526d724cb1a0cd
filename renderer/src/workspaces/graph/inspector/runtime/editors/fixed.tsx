import { isObject } from '../../../../../../../shared/json';
import type { RuntimeOf } from '../../../../../../../shared/runtimes';
import { JsonField } from '../JsonField';
import type { EditorProps, RuntimeEditor } from './types';

type Fixed = RuntimeOf<'fixed'>;

/**
 * Fixed responses as a table: an argument pattern (the arguments that must be equal; those
 * left out match anything) and its response, first match wins; a default answers the rest.
 */
function FixedResponsesEditor({ runtime, onChange }: EditorProps<'fixed'>) {
  const setRow = (index: number, patch: Partial<Fixed['responses'][number]>) =>
    onChange({ ...runtime, responses: runtime.responses.map((r, i) => (i === index ? { ...r, ...patch } : r)) });
  const hasDefault = runtime.default !== undefined;
  return (
    <div className="fixed-responses">
      <table>
        <thead>
          <tr>
            <th scope="col">Arguments include</th>
            <th scope="col">Response</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {runtime.responses.map((row, i) => (
            <tr key={i}>
              <td>
                <JsonField
                  label={`Pattern ${i + 1}`}
                  rows={3}
                  value={row.match}
                  onChange={(match) => isObject(match) && setRow(i, { match })}
                />
              </td>
              <td>
                <JsonField
                  label={`Response ${i + 1}`}
                  value={row.result}
                  onChange={(result) => setRow(i, { result })}
                />
              </td>
              <td>
                <button
                  type="button"
                  aria-label={`Remove response ${i + 1}`}
                  title="Remove"
                  onClick={() => onChange({ ...runtime, responses: runtime.responses.filter((_, j) => j !== i) })}
                >
                  ×
                </button>
              </td>
            </tr>
          ))}
          <tr>
            <td>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={hasDefault}
                  onChange={(e) => {
                    const { default: _drop, ...rest } = runtime;
                    onChange(e.target.checked ? { ...rest, default: {} } : rest);
                  }}
                />
                Otherwise (default)
              </label>
            </td>
            <td>
              {hasDefault ? (
                <JsonField
                  label="Default response"
                  value={runtime.default}
                  onChange={(value) => onChange({ ...runtime, default: value })}
                />
              ) : (
                <span className="muted">an error: no fixed response matches</span>
              )}
            </td>
            <td />
          </tr>
        </tbody>
      </table>
      <button
        type="button"
        onClick={() => onChange({ ...runtime, responses: [...runtime.responses, { match: {}, result: {} }] })}
      >
        Add response
      </button>
    </div>
  );
}

/** Set per tool only: each tool's responses are its own. */
export const fixedEditor: RuntimeEditor<'fixed'> = { Editor: FixedResponsesEditor };
