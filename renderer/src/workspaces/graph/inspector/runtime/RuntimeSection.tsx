import { useEffect, useRef, useState } from 'react';
import type { Tool, ToolRuntime } from '../../../../../../shared/domain';
import { newRuntime, RUNTIME_KIND_NAMES, RUNTIME_KINDS, type RuntimeKind } from '../../../../../../shared/runtimes';
import { useGraphUi } from '../../state';
import { RUNTIME_EDITORS, type RuntimeEditor } from './editors';
import { TryIt } from './TryIt';
import './runtime.css';

/** Typing is saved once it pauses, like schema edits: one undo step per pause, not per key. */
const APPLY_DELAY_MS = 500;

/** The picker's choices: none, then every kind of the registry. */
const CHOICES: { kind: RuntimeKind | 'none'; label: string }[] = [
  { kind: 'none', label: 'None' },
  ...RUNTIME_KIND_NAMES.map((kind) => ({ kind, label: RUNTIME_KINDS[kind].label })),
];

/** A kind's editor for a runtime of that kind. */
function KindEditor({
  tool,
  runtime,
  onChange,
}: {
  tool: Tool;
  runtime: ToolRuntime;
  onChange(next: ToolRuntime): void;
}) {
  const { Editor } = RUNTIME_EDITORS[runtime.kind] as RuntimeEditor<RuntimeKind>;
  return <Editor tool={tool} runtime={runtime} onChange={onChange} />;
}

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
    if (next === 'none') return update(null);
    const dialog = RUNTIME_EDITORS[next].opensDialog;
    if (dialog) return useGraphUi.getState().openDialog(dialog);
    update(newRuntime(next, tool));
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
          {CHOICES.map((k) => (
            <option key={k.kind} value={k.kind}>
              {/* A kind made in a dialog says so until it is the one shown. */}
              {k.kind !== 'none' && k.kind !== kind && RUNTIME_EDITORS[k.kind].opensDialog ? `${k.label}…` : k.label}
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
      {draft && <KindEditor tool={tool} runtime={draft} onChange={(next) => update(next, true)} />}
      {draft && <TryIt tool={{ ...tool, runtime: draft }} />}
    </section>
  );
}
