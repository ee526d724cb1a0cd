import { X } from 'lucide-react';
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';

/** How many of a scrolled list's rows are cut off below its bottom edge (whole or in part). */
function rowsBelow(list: HTMLElement): number {
  const edge = list.scrollTop + list.clientHeight;
  let below = 0;
  for (const row of list.querySelectorAll<HTMLElement>(':scope > label'))
    if (row.offsetTop + row.offsetHeight > edge + 1) below++;
  return below;
}

/**
 * Picks any number of tools from a known list: the picked ones as removable chips, the rest as a
 * filterable list of checkboxes (Tab and Space work as anywhere else).
 */
export function ToolPicker({
  label,
  tools,
  value,
  onChange,
  emptyText,
}: {
  label: string;
  tools: string[];
  value: string[];
  onChange(next: string[]): void;
  /** What an empty pick means, shown while nothing is picked. */
  emptyText: string;
}) {
  const [filter, setFilter] = useState('');
  const listId = useId();
  const needle = filter.trim().toLowerCase();
  const shown = needle ? tools.filter((t) => t.toLowerCase().includes(needle)) : tools;
  const toggle = (tool: string, on: boolean) => onChange(on ? [...value, tool] : value.filter((t) => t !== tool));
  // The list scrolls when it holds more than it shows: say how many are below, until they are in view.
  const list = useRef<HTMLDivElement>(null);
  const [below, setBelow] = useState(0);
  const [scrolls, setScrolls] = useState(false);
  const measure = useCallback(() => {
    const el = list.current;
    if (!el) return;
    setBelow(rowsBelow(el));
    setScrolls(el.scrollHeight > el.clientHeight + 1);
  }, []);
  useLayoutEffect(() => {
    measure();
    const observer = new ResizeObserver(measure);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, [measure, shown.length]);
  return (
    <fieldset className="tool-picker">
      <legend>{label}</legend>
      <div className="chips" aria-live="polite">
        {value.length === 0 && (
          <span className="muted">{tools.length ? emptyText : 'This graph has no tools yet: add them in Graph.'}</span>
        )}
        {value.map((tool) => (
          <span key={tool} className="chip">
            {tool}
            <button
              type="button"
              className="icon-button"
              aria-label={`Remove ${tool} from ${label.toLowerCase()}`}
              onClick={() => toggle(tool, false)}
            >
              <X size={12} aria-hidden />
            </button>
          </span>
        ))}
      </div>
      {tools.length > 6 && (
        <input
          type="search"
          aria-label={`Filter ${label.toLowerCase()}`}
          aria-controls={listId}
          placeholder="Filter tools…"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      )}
      {tools.length > 0 && (
        <div className={`options-frame${below ? ' more-below' : ''}`}>
          <div className="options" id={listId} role="group" aria-label={label} ref={list} onScroll={measure}>
            {shown.map((tool) => (
              <label key={tool} title={tool}>
                <input
                  type="checkbox"
                  checked={value.includes(tool)}
                  onChange={(e) => toggle(tool, e.target.checked)}
                />
                <span>{tool}</span>
              </label>
            ))}
            {shown.length === 0 && <span className="muted">No tool matches “{filter}”.</span>}
          </div>
          {/* Below the list, never over a row; its line stays while the list scrolls, so rows do not jump. */}
          {scrolls && (
            <div className="more-line" aria-hidden>
              {below > 0 && (
                <span className="more-hint" data-testid="picker-more">
                  {below} more ↓
                </span>
              )}
            </div>
          )}
        </div>
      )}
    </fieldset>
  );
}
