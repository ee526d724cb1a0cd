import { countOf } from '../../../../../../shared/text';
import { useState } from 'react';
import type { Tool, ToolRuntime } from '../../../../../../shared/domain';
import { RUNTIME_KIND_NAMES, RUNTIME_KINDS, type RuntimeKind } from '../../../../../../shared/runtimes';
import { useUi } from '../../../../state/ui-store';
import { RUNTIME_EDITORS, type SelectionChoice } from './editors';
import './runtime.css';

/** The kinds a selection can be given at once (each its own way), in the registry's order. */
const SELECTABLE = RUNTIME_KIND_NAMES.flatMap((kind) => {
  const choice = RUNTIME_EDITORS[kind].forSelection as SelectionChoice<RuntimeKind> | undefined;
  return choice ? [{ kind, choice }] : [];
});

type Choice = RuntimeKind | 'none';
/** The picker before a choice: what the selection has now, when that is not one of the choices. */
type Shown = Choice | 'as-now';

const offered = (kind: Choice) => kind === 'none' || SELECTABLE.some((s) => s.kind === kind);

/** What the selected tools have now: one kind the picker offers, or what to say instead. */
function currentRuntime(tools: readonly Tool[]): { shown: Shown; asNow: string } {
  const kinds = new Set<Choice>(tools.map((t) => t.runtime?.kind ?? 'none'));
  const [only] = kinds;
  if (kinds.size === 1 && offered(only!)) return { shown: only!, asNow: '' };
  // A kind set per tool only (each its own code or responses), as the registry names it.
  return {
    shown: 'as-now',
    asNow: kinds.size === 1 ? `As now: ${RUNTIME_KINDS[only as RuntimeKind].noun}` : 'As now: different kinds',
  };
}

/** What each kind's field starts with (a URL template, an empty command line). */
const initialTexts = () =>
  Object.fromEntries(SELECTABLE.map(({ kind, choice }) => [kind, choice.field?.initial ?? '']));

/** One runtime for several selected tools: each gets its own name where the runtime names a tool. */
export function SelectionRuntime({ tools, onChange }: { tools: Tool[]; onChange(next: Tool[]): void }) {
  // The picker starts on what the tools have now; Apply waits for a choice that changes them.
  const [{ shown, asNow }] = useState(() => currentRuntime(tools));
  const [choice, setChoice] = useState<Shown>(shown);
  const [texts, setTexts] = useState<Record<string, string>>(initialTexts);
  const selectable = SELECTABLE.find((s) => s.kind === choice)?.choice;
  const text = texts[choice] ?? '';
  const dialog = choice === 'as-now' || choice === 'none' ? undefined : RUNTIME_EDITORS[choice].opensDialog;

  const runtimeFor = (tool: Tool): ToolRuntime | null => {
    if (choice === 'as-now') return tool.runtime ?? null;
    return selectable?.runtimeFor(tool, text) ?? null;
  };
  const ready =
    choice !== 'as-now' &&
    (choice === 'none' || dialog !== undefined || selectable?.runtimeFor(tools[0]!, text) != null);
  const apply = () => {
    if (dialog) return useUi.getState().openDialog(dialog);
    onChange(tools.map((t) => ({ ...t, runtime: runtimeFor(t) })));
    useUi.getState().notify(`Set the runtime of ${countOf(tools.length, 'tool')}. Undo with Ctrl+Z.`);
  };

  return (
    <section className="runtime-section" aria-label="Runtime of the selected tools">
      <h3>Runtime of {countOf(tools.length, 'tool')}</h3>
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
          {SELECTABLE.map(({ kind, choice: c }) => (
            <option key={kind} value={kind}>
              {c.label}
            </option>
          ))}
          <option value="none">None</option>
        </select>
      </label>
      {selectable?.field && (
        <label>
          {selectable.field.label}
          <input
            value={text}
            placeholder={selectable.field.placeholder}
            spellCheck={false}
            onChange={(e) => setTexts({ ...texts, [choice]: e.target.value })}
          />
        </label>
      )}
      <p className="muted">{tools.map((t) => `${t.name}: ${t.runtime?.kind ?? 'none'}`).join(' · ')}</p>
      <div className="buttons">
        <button type="button" className="primary" disabled={!ready} onClick={apply}>
          {dialog
            ? 'Choose recordings…'
            : choice === 'as-now'
              ? 'Choose a kind to apply'
              : `Apply to ${countOf(tools.length, 'tool')}`}
        </button>
      </div>
    </section>
  );
}
