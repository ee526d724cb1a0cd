import { countOf } from '../../../../../../shared/text';
import { useState } from 'react';
import type { Tool, ToolRuntime } from '../../../../../../shared/domain';
import { RUNTIME_KIND_NAMES, RUNTIME_KINDS, type RuntimeKind } from '../../../../../../shared/runtimes';
import { useUi } from '../../../../state/ui-store';
import { useGraphUi } from '../../state';
import { RUNTIME_EDITORS, type SelectionChoice } from './editors';
import { describeReplacedRuntimes } from './replaced-runtimes';
import './runtime.css';

/** The kinds a selection can be given at once (each its own way), in the registry's order. */
const SELECTABLE = RUNTIME_KIND_NAMES.flatMap((kind) => {
  const choice = RUNTIME_EDITORS[kind].forSelection as SelectionChoice<RuntimeKind> | undefined;
  return choice ? [{ kind, choice }] : [];
});

type Choice = RuntimeKind | 'none';
/** The picker before a choice: what the selection has now, when that is not one of the choices. */
type Shown = Choice | 'as-now';

/**
 * What the selected tools have now, which the picker starts on: "None" when none has a runtime,
 * else "As now" naming the kind. Never a kind with a template to apply: one click would then
 * overwrite each tool's own runtime (an imported spec's routes) with a placeholder.
 */
function currentRuntime(tools: readonly Tool[]): { shown: Shown; asNow: string } {
  const kinds = new Set<Choice>(tools.map((t) => t.runtime?.kind ?? 'none'));
  const [only] = kinds;
  if (kinds.size === 1 && only === 'none') return { shown: 'none', asNow: '' };
  const runtimes = new Set(tools.map((t) => JSON.stringify(t.runtime ?? null)));
  const noun = kinds.size === 1 ? RUNTIME_KINDS[only as RuntimeKind].noun : 'different kinds';
  const each = kinds.size === 1 && runtimes.size > 1 ? `, ${runtimes.size} different` : '';
  return { shown: 'as-now', asNow: `As now: ${noun}${each}` };
}

/** One runtime for several selected tools: each gets its own name where the runtime names a tool. */
export function SelectionRuntime({ tools, onChange }: { tools: Tool[]; onChange(next: Tool[]): void }) {
  // The picker starts on what the tools have now; Apply waits for a choice that changes them.
  const [{ shown, asNow }] = useState(() => currentRuntime(tools));
  const [choice, setChoice] = useState<Shown>(shown);
  // Each kind's field starts empty: its example is a placeholder, never a value Apply would write.
  const [texts, setTexts] = useState<Record<string, string>>({});
  const selectable = SELECTABLE.find((s) => s.kind === choice)?.choice;
  const text = texts[choice] ?? '';
  const dialog = choice === 'as-now' || choice === 'none' ? undefined : RUNTIME_EDITORS[choice].opensDialog;

  const runtimeFor = (tool: Tool): ToolRuntime | null => {
    if (choice === 'as-now') return tool.runtime ?? null;
    return selectable?.runtimeFor(tool, text) ?? null;
  };
  const ready =
    choice !== 'as-now' &&
    (choice === 'none' ||
      dialog !== undefined ||
      ((!selectable?.field || text.trim() !== '') && selectable?.runtimeFor(tools[0]!, text) != null));
  // What Apply would overwrite, asked about before it does: null when nothing a person set is lost.
  const [replacing, setReplacing] = useState<string | null>(null);
  const write = () => {
    setReplacing(null);
    onChange(tools.map((t) => ({ ...t, runtime: runtimeFor(t) })));
    useUi.getState().notify(`Set the runtime of ${countOf(tools.length, 'tool')}. Undo with Ctrl+Z.`);
  };
  const apply = () => {
    if (dialog) return useGraphUi.getState().openDialog(dialog);
    const replaced = describeReplacedRuntimes(tools, runtimeFor);
    if (replaced) setReplacing(replaced);
    else write();
  };
  const choose = (next: Shown) => {
    setReplacing(null);
    setChoice(next);
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
          onChange={(e) => choose(e.target.value as Shown)}
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
            onChange={(e) => {
              setReplacing(null);
              setTexts({ ...texts, [choice]: e.target.value });
            }}
          />
        </label>
      )}
      <p className="muted">{tools.map((t) => `${t.name}: ${t.runtime?.kind ?? 'none'}`).join(' · ')}</p>
      {replacing ? (
        <div className="replace-question" role="group" aria-label="Replace runtimes?">
          <p>{replacing}. Replace them? Undo with Ctrl+Z restores them all.</p>
          <div className="buttons">
            <button type="button" onClick={() => setReplacing(null)}>
              Keep them
            </button>
            <button type="button" onClick={write}>
              Replace {countOf(tools.length, 'runtime')}
            </button>
          </div>
        </div>
      ) : (
        <div className="buttons">
          <button type="button" className="primary" disabled={!ready} onClick={apply}>
            {dialog
              ? 'Choose recordings…'
              : choice === 'as-now'
                ? 'Choose a kind to apply'
                : `Apply to ${countOf(tools.length, 'tool')}`}
          </button>
        </div>
      )}
    </section>
  );
}
