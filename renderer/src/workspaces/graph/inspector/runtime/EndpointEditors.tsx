import { useEffect, useState } from 'react';
import type { ToolRuntime } from '../../../../../../shared/domain';
import { joinCommandLine, splitCommandLine } from '../../../../../../shared/runtimes';
import { printableLine } from '../../../../../../shared/text';

type Http = Extract<ToolRuntime, { kind: 'http' }>;
type Mcp = Extract<ToolRuntime, { kind: 'mcp' }>;
type Simulated = Extract<ToolRuntime, { kind: 'llm-simulated' }>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Method, URL template (`{name}` filled from the argument) and headers of an HTTP tool. */
export function HttpEditor({ runtime, onChange }: { runtime: Http; onChange(next: Http): void }) {
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
      <p className="muted">
        {'{name}'} in the URL takes the argument of that name; the other arguments go in the{' '}
        {runtime.method === 'GET' ? 'query string' : 'JSON body'}. Trellis asks before it calls a host.
      </p>
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

/** The command line that starts an MCP server (stdio) and the name of its tool. */
export function McpEditor({ runtime, onChange }: { runtime: Mcp; onChange(next: Mcp): void }) {
  const [line, setLine] = useState(() =>
    runtime.server.command ? joinCommandLine([runtime.server.command, ...runtime.server.args]) : '',
  );
  const words = splitCommandLine(line);
  // An outside change (undo) replaces the text unless it already says the same.
  useEffect(() => {
    const current = splitCommandLine(line);
    const incoming = [runtime.server.command, ...runtime.server.args].filter((w, i) => i > 0 || w);
    if (JSON.stringify(current) !== JSON.stringify(incoming)) setLine(joinCommandLine(incoming));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only outside changes of the runtime count
  }, [runtime.server]);
  return (
    <div className="runtime-fields">
      <label>
        Server command
        <input
          value={line}
          placeholder="npx -y @modelcontextprotocol/server-everything"
          spellCheck={false}
          aria-invalid={words === null}
          onChange={(e) => {
            setLine(e.target.value);
            const next = splitCommandLine(e.target.value);
            // The environment and folder stay as they were: only the command line is edited here.
            if (next)
              onChange({ ...runtime, server: { ...runtime.server, command: next[0] ?? '', args: next.slice(1) } });
          }}
        />
      </label>
      {words === null && <p className="error">A quote is left open.</p>}
      <label>
        Tool on the server
        <input
          value={runtime.tool}
          spellCheck={false}
          onChange={(e) => onChange({ ...runtime, tool: e.target.value })}
        />
      </label>
      {(runtime.server.env || runtime.server.cwd !== undefined) && (
        <p className="muted" data-testid="mcp-environment">
          {runtime.server.cwd !== undefined && <>Folder: {printableLine(runtime.server.cwd)}. </>}
          {runtime.server.env && (
            <>
              Environment:{' '}
              {printableLine(joinCommandLine(Object.entries(runtime.server.env).map(([k, v]) => `${k}=${v}`)))}
            </>
          )}
        </p>
      )}
      <p className="muted">
        Trellis shows this command (with its environment and folder) and asks before it starts the server.
      </p>
    </div>
  );
}

/** What the model should know when it plays the tool (its description and returns schema are always given). */
export function SimulatedEditor({ runtime, onChange }: { runtime: Simulated; onChange(next: Simulated): void }) {
  return (
    <div className="runtime-fields">
      <label>
        Instructions for the model
        <textarea
          rows={3}
          value={runtime.instructions ?? ''}
          placeholder="e.g. Rooms are r1 (bedroom) and r2 (kitchen); temperatures are between 15 and 25."
          onChange={(e) => {
            const { instructions: _drop, ...rest } = runtime;
            onChange(e.target.value ? { ...rest, instructions: e.target.value } : rest);
          }}
        />
      </label>
      <p className="muted">
        The loaded model answers with JSON of the tool’s returns schema. Load a model (or connect a server) in Models.
      </p>
    </div>
  );
}
