import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Tool, ToolRuntime } from '../../../../../../shared/domain';
import { newRuntime, type RuntimeKind } from '../../../../../../shared/runtimes';
import { useUi } from '../../../../state/ui-store';
import { HttpEditor, McpEditor, SimulatedEditor } from './EndpointEditors';
import { FixedResponsesEditor } from './FixedResponsesEditor';
import { ReplaySummary } from './ReplaySummary';
import { TryIt } from './TryIt';
import './runtime.css';

const MockCodeEditor = lazy(() => import('./MockCodeEditor'));

/** Typing is saved once it pauses, like schema edits: one undo step per pause, not per key. */
const APPLY_DELAY_MS = 500;

export const RUNTIME_KINDS: { kind: RuntimeKind | 'none'; label: string }[] = [
  { kind: 'none', label: 'None' },
  { kind: 'mock', label: 'JavaScript mock' },
  { kind: 'fixed', label: 'Fixed responses' },
  { kind: 'llm-simulated', label: 'Simulated by the model' },
  { kind: 'http', label: 'HTTP endpoint' },
  { kind: 'mcp', label: 'MCP server tool' },
  { kind: 'replay', label: 'Replay of recorded calls' },
];

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The tool's runtime: its kind, that kind's editor, and Try it. Edits show at once and are
 * saved with the graph when typing pauses; Try it always uses what is on screen.
 */
export function RuntimeSection({ tool, onChange }: { tool: Tool; onChange(runtime: ToolRuntime | null): void }) {
  const [draft, setDraft] = useState<ToolRuntime | null>(tool.runtime);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<ToolRuntime | null | undefined>(undefined);
  const commit = useRef(onChange);
  useEffect(() => {
    commit.current = onChange;
  });

  // An outside change (undo, a replay made from trajectories) replaces the draft.
  useEffect(() => {
    if (pending.current === undefined && !same(tool.runtime, draft)) setDraft(tool.runtime);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the saved runtime's changes count
  }, [tool.runtime]);
  // What is typed is saved even when the inspector closes before the pause.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current !== undefined) commit.current(pending.current);
    },
    [],
  );

  const update = (next: ToolRuntime | null, debounce = false) => {
    setDraft(next);
    clearTimeout(timer.current);
    pending.current = next;
    const apply = () => {
      pending.current = undefined;
      commit.current(next);
    };
    if (debounce) timer.current = setTimeout(apply, APPLY_DELAY_MS);
    else apply();
  };

  const kind = draft?.kind ?? 'none';
  const choose = (next: RuntimeKind | 'none') => {
    if (next === kind) return;
    if (next === 'replay') {
      useUi.getState().openDialog('replay');
      return;
    }
    update(next === 'none' ? null : newRuntime(next, tool));
  };

  return (
    <section className="runtime-section" aria-label="Runtime">
      <h3 id="runtime-heading">Runtime</h3>
      <label>
        Kind
        <select
          aria-label="Runtime kind"
          id="runtime-kind"
          value={kind}
          onChange={(e) => choose(e.target.value as RuntimeKind | 'none')}
        >
          {RUNTIME_KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.kind === 'replay' && kind !== 'replay' ? 'Replay of recorded calls…' : k.label}
            </option>
          ))}
        </select>
      </label>
      {draft === null && (
        <p className="muted">
          None yet: a run stops at this tool with an error. Write a mock, give fixed responses, let the model play it,
          call an endpoint, or replay what it answered in imported trajectories.
        </p>
      )}
      {draft?.kind === 'mock' && (
        <Suspense fallback={<p className="muted">Loading editor…</p>}>
          <MockCodeEditor
            tool={tool.name}
            code={draft.code}
            onChange={(code) => update({ kind: 'mock', code }, true)}
          />
        </Suspense>
      )}
      {draft?.kind === 'fixed' && <FixedResponsesEditor runtime={draft} onChange={(next) => update(next, true)} />}
      {draft?.kind === 'llm-simulated' && <SimulatedEditor runtime={draft} onChange={(next) => update(next, true)} />}
      {draft?.kind === 'http' && <HttpEditor runtime={draft} onChange={(next) => update(next, true)} />}
      {draft?.kind === 'mcp' && <McpEditor runtime={draft} onChange={(next) => update(next, true)} />}
      {draft?.kind === 'replay' && <ReplaySummary runtime={draft} />}
      {draft && <TryIt tool={{ ...tool, runtime: draft }} />}
    </section>
  );
}
