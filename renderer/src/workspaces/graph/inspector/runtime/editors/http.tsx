import { HttpSecrets } from '../HttpSecrets';
import type { EditorProps, RuntimeEditor } from './types';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `2 in the path, 1 in the query`: where an imported runtime's arguments go. */
function placesOf(places: NonNullable<EditorProps<'http'>['runtime']['arguments']>): string {
  const counts = new Map<string, number>();
  for (const place of Object.values(places)) counts.set(place.in, (counts.get(place.in) ?? 0) + 1);
  return [...counts].map(([where, n]) => `${n} in the ${where}`).join(', ') || 'none';
}

/** Method, URL template (`{name}` filled from the argument) and headers of an HTTP tool. */
function HttpEditor({ runtime, onChange }: EditorProps<'http'>) {
  const headers = Object.entries(runtime.headers ?? {});
  const setHeaders = (rows: [string, string][]) => {
    const { headers: _drop, ...rest } = runtime;
    onChange(rows.length ? { ...rest, headers: Object.fromEntries(rows) } : rest);
  };
  return (
    <div className="runtime-fields">
      <div className="runtime-row">
        <label>
          Method
          <select value={runtime.method} onChange={(e) => onChange({ ...runtime, method: e.target.value })}>
            {METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className="grow">
          URL template
          <input
            value={runtime.url}
            placeholder="https://api.example.com/rooms/{room_id}"
            spellCheck={false}
            onChange={(e) => onChange({ ...runtime, url: e.target.value })}
          />
        </label>
      </div>
      {runtime.arguments ? (
        <p className="muted">
          Arguments go where the API description places them ({placesOf(runtime.arguments)}). Trellis asks before it
          calls a host.
        </p>
      ) : (
        <p className="muted">
          {'{name}'} in the URL takes the argument of that name; the other arguments go in the{' '}
          {runtime.method === 'GET' ? 'query string' : 'JSON body'}. Trellis asks before it calls a host.
        </p>
      )}
      {runtime.auth?.length ? <HttpSecrets auth={runtime.auth} /> : null}
      <fieldset>
        <legend>Headers</legend>
        {headers.map(([name, value], i) => (
          <div className="runtime-row" key={i}>
            <input
              aria-label={`Header ${i + 1} name`}
              placeholder="Name"
              value={name}
              onChange={(e) => setHeaders(headers.map((h, j) => (j === i ? [e.target.value, h[1]] : h)))}
            />
            <input
              aria-label={`Header ${i + 1} value`}
              placeholder="Value"
              className="grow"
              value={value}
              onChange={(e) => setHeaders(headers.map((h, j) => (j === i ? [h[0], e.target.value] : h)))}
            />
            <button
              type="button"
              aria-label={`Remove header ${i + 1}`}
              onClick={() => setHeaders(headers.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </div>
        ))}
        <button type="button" onClick={() => setHeaders([...headers, [`X-Header-${headers.length + 1}`, '']])}>
          Add header
        </button>
      </fieldset>
    </div>
  );
}

export const httpEditor: RuntimeEditor<'http'> = {
  Editor: HttpEditor,
  forSelection: {
    label: 'HTTP endpoint ({tool} = each tool’s name)',
    field: { label: 'URL template (POST, arguments as the JSON body)', placeholder: 'https://api.example.com/{tool}' },
    runtimeFor: (tool, url) => ({ kind: 'http', method: 'POST', url: url.replace(/\{tool\}/g, tool.name) }),
  },
};
