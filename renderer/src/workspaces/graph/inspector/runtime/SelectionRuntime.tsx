import { useState } from 'react';
import type { Tool, ToolRuntime } from '../../../../../../shared/domain';
import { splitCommandLine } from '../../../../../../shared/runtimes';
import { useUi } from '../../../../state/ui-store';
import './runtime.css';

type Choice = 'none' | 'llm-simulated' | 'mcp' | 'http' | 'replay';
/** The picker before a choice: what the selection has now, when that is not one of the choices. */
type Shown = Choice | 'as-now';

const CHOICES: readonly Choice[] = ['none', 'llm-simulated', 'mcp', 'http', 'replay'];
/** Kinds set per tool only (each its own code or responses), as the picker names them. */
const PER_TOOL: Record<string, string> = { mock: 'mock code', fixed: 'fixed responses' };

/** What the selected tools have now: one kind the picker offers, or what to say instead. */
function currentRuntime(tools: readonly Tool[]): { shown: Shown; asNow: string } {
  const kinds = new Set(tools.map((t) => t.runtime?.kind ?? 'none'));
  const [only] = kinds;
  if (kinds.size === 1 && CHOICES.includes(only as Choice)) return { shown: only as Choice, asNow: '' };
  return {
    shown: 'as-now',
    asNow: kinds.size === 1 ? `As now: ${PER_TOOL[only!] ?? only}` : 'As now: different kinds',
  };
}

/** One runtime for several selected tools: each gets its own name where the runtime names a tool. */
export function SelectionRuntime({ tools, onChange }: { tools: Tool[]; onChange(next: Tool[]): void }) {
  // The picker starts on what the tools have now; Apply waits for a choice that changes them.
  const [{ shown, asNow }] = useState(() => currentRuntime(tools));
  const [choice, setChoice] = useState<Shown>(shown);
  const [command, setCommand] = useState('');
  const [url, setUrl] = useState('https://api.example.com/{tool}');
  const words = splitCommandLine(command);

  const runtimeFor = (tool: Tool): ToolRuntime | null => {
    switch (choice) {
      case 'as-now':
        return tool.runtime ?? null;
      case 'none':
        return null;
      case 'llm-simulated':
        return { kind: 'llm-simulated' };
      case 'mcp':
        return { kind: 'mcp', server: { command: words![0]!, args: words!.slice(1) }, tool: tool.name };
      case 'http':
        return { kind: 'http', method: 'POST', url: url.replace(/\{tool\}/g, tool.name) };
      case 'replay':
        return null;
    }
  };
  const ready = choice !== 'as-now' && (choice !== 'mcp' || (words !== null && words.length > 0));
  const apply = () => {
    if (choice === 'replay') return useUi.getState().openDialog('replay');
    onChange(tools.map((t) => ({ ...t, runtime: runtimeFor(t) })));
    useUi.getState().notify(`Set the runtime of ${tools.length} tools. Undo with Ctrl+Z.`);
  };

  return (
    <section className="runtime-section" aria-label="Runtime of the selected tools">
      <h3>Runtime of {tools.length} tools</h3>
      <label>
        Kind
        <select
          aria-label="Runtime kind for the selection"
          id="runtime-kind"
          value={choice}
          onChange={(e) => setChoice(e.target.value as Shown)}
        >
          {shown === 'as-now' && (
            <option value="as-now" disabled>
              {asNow}
            </option>
          )}
          <option value="llm-simulated">Simulated by the model</option>
          <option value="mcp">MCP server (each tool by its own name)</option>
          <option value="http">HTTP endpoint ({'{tool}'} = each tool’s name)</option>
          <option value="replay">Replay of recorded calls…</option>
          <option value="none">None</option>
        </select>
      </label>
      {choice === 'mcp' && (
        <label>
          Server command
          <input
            value={command}
            placeholder="npx -y @modelcontextprotocol/server-everything"
            spellCheck={false}
            onChange={(e) => setCommand(e.target.value)}
          />
        </label>
      )}
      {choice === 'http' && (
        <label>
          URL template (POST, arguments as the JSON body)
          <input value={url} spellCheck={false} onChange={(e) => setUrl(e.target.value)} />
        </label>
      )}
      <p className="muted">{tools.map((t) => `${t.name}: ${t.runtime?.kind ?? 'none'}`).join(' · ')}</p>
      <div className="buttons">
        <button type="button" className="primary" disabled={!ready} onClick={apply}>
          {choice === 'replay'
            ? 'Choose recordings…'
            : choice === 'as-now'
              ? 'Choose a kind to apply'
              : `Apply to ${tools.length} tools`}
        </button>
      </div>
    </section>
  );
}
