import { useEffect, useState } from 'react';
import { joinCommandLine, splitCommandLine } from '../../../../../../../shared/runtimes';
import { printableLine } from '../../../../../../../shared/text';
import type { EditorProps, RuntimeEditor } from './types';

/** The command line that starts an MCP server (stdio) and the name of its tool. */
function McpEditor({ runtime, onChange }: EditorProps<'mcp'>) {
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

export const mcpEditor: RuntimeEditor<'mcp'> = {
  Editor: McpEditor,
  forSelection: {
    label: 'MCP server (each tool by its own name)',
    field: { label: 'Server command', placeholder: 'npx -y @modelcontextprotocol/server-everything' },
    runtimeFor: (tool, line) => {
      const words = splitCommandLine(line);
      return words?.length
        ? { kind: 'mcp', server: { command: words[0]!, args: words.slice(1) }, tool: tool.name }
        : null;
    },
  },
};
