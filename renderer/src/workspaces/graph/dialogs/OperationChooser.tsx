import { useMemo, useState, type ReactNode } from 'react';
import type { Result } from '../../../../../shared/contract';
import type { Tool } from '../../../../../shared/domain';
import { countOf } from '../../../../../shared/text';

type Parsed = Result<'tools.parse'>;
type Operation = NonNullable<Parsed['operations']>[number];

const UNTAGGED = '(no tag)';
/** Operations listed at once: a big API's hundreds stay behind the filter. */
const SHOWN = 200;

const tagsOf = (op: Operation) => (op.tags.length ? op.tags : [UNTAGGED]);

/**
 * Which operations of an API description to add, by tag or one by one (all at first). Shown by
 * the import dialog once a description is read; `tools` are the chosen ones' tools.
 */
export function useOperationChoice(parsed: Parsed | null): { tools: Tool[]; chooser: ReactNode } {
  const operations = parsed?.operations;
  // Chosen tool names, for the text read last; null: all of them.
  const [chosen, setChosen] = useState<{ of: Parsed; names: Set<string> } | null>(null);
  const names = chosen && chosen.of === parsed ? chosen.names : null;
  const tools = useMemo(
    () => (parsed ? (names ? parsed.tools.filter((t) => names.has(t.name)) : parsed.tools) : []),
    [parsed, names],
  );
  if (!parsed || !operations?.length) return { tools, chooser: null };
  const picked = names ?? new Set(operations.map((o) => o.tool));
  return {
    tools,
    chooser: (
      <OperationChooser
        operations={operations}
        picked={picked}
        onChange={(next) => setChosen({ of: parsed, names: next })}
      />
    ),
  };
}

function OperationChooser({
  operations,
  picked,
  onChange,
}: {
  operations: Operation[];
  picked: Set<string>;
  onChange(next: Set<string>): void;
}) {
  const [filter, setFilter] = useState('');
  const tags = useMemo(() => {
    const byTag = new Map<string, string[]>();
    for (const op of operations) for (const tag of tagsOf(op)) byTag.set(tag, [...(byTag.get(tag) ?? []), op.tool]);
    return [...byTag.entries()];
  }, [operations]);
  const needle = filter.trim().toLowerCase();
  const shown = operations.filter(
    (op) => !needle || `${op.tool} ${op.method} ${op.path} ${op.tags.join(' ')}`.toLowerCase().includes(needle),
  );
  const toggle = (tools: string[], on: boolean) => {
    const next = new Set(picked);
    for (const tool of tools) {
      if (on) next.add(tool);
      else next.delete(tool);
    }
    onChange(next);
  };
  return (
    <fieldset className="operation-chooser">
      <legend>
        Operations to add: {picked.size} of {operations.length}
      </legend>
      <div className="operation-tags" role="group" aria-label="Tags">
        <button
          type="button"
          onClick={() =>
            toggle(
              operations.map((o) => o.tool),
              true,
            )
          }
        >
          All
        </button>
        <button type="button" onClick={() => onChange(new Set())}>
          None
        </button>
        {tags.map(([tag, tools]) => {
          const on = tools.filter((t) => picked.has(t)).length;
          return (
            <label key={tag} className="checkbox">
              <input
                type="checkbox"
                aria-label={`Tag ${tag}`}
                checked={on === tools.length}
                ref={(el) => {
                  if (el) el.indeterminate = on > 0 && on < tools.length;
                }}
                onChange={(e) => toggle(tools, e.target.checked)}
              />
              {tag} ({tools.length})
            </label>
          );
        })}
      </div>
      <input
        aria-label="Filter operations"
        placeholder="Filter operations by name, path or tag"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <ul className="operation-list">
        {shown.slice(0, SHOWN).map((op) => (
          <li key={op.tool}>
            <label className="checkbox">
              <input
                type="checkbox"
                aria-label={`Operation ${op.tool}`}
                checked={picked.has(op.tool)}
                onChange={(e) => toggle([op.tool], e.target.checked)}
              />
              <code>{op.method}</code> <code>{op.path}</code> <span className="muted">{op.tool}</span>
            </label>
          </li>
        ))}
      </ul>
      {shown.length > SHOWN && (
        <p className="muted">
          {countOf(shown.length - SHOWN, 'more operation')} not listed: filter to find them (tags choose them all).
        </p>
      )}
    </fieldset>
  );
}
