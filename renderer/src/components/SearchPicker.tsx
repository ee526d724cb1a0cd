import { useState, type ReactNode } from 'react';

interface Props<T> {
  /** The dialog's name. */
  title: string;
  /** The search box's label. */
  label: string;
  placeholder: string;
  /** The items matching the query, best first. */
  search(query: string): T[];
  keyOf(item: T): string;
  render(item: T): ReactNode;
  pick(item: T): void;
  close(): void;
}

/** A search box over a list, driven from the keyboard: ↑/↓ to move, Enter to pick, Esc to close. */
export function SearchPicker<T>({ title, label, placeholder, search, keyOf, render, pick, close }: Props<T>) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = search(query);
  const choose = (item: T | undefined) => {
    if (!item) return;
    close();
    pick(item);
  };
  return (
    <div className="overlay" onMouseDown={close}>
      <div className="palette" role="dialog" aria-label={title} onMouseDown={(e) => e.stopPropagation()}>
        <input
          autoFocus
          aria-label={label}
          placeholder={placeholder}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
            else if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, matches.length - 1));
            else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
            else if (e.key === 'Enter') choose(matches[active]);
            else return;
            e.preventDefault();
          }}
        />
        <ul role="listbox">
          {matches.map((item, index) => (
            <li
              key={keyOf(item)}
              role="option"
              aria-selected={index === active}
              onMouseEnter={() => setActive(index)}
              onClick={() => choose(item)}
            >
              {render(item)}
            </li>
          ))}
          {matches.length === 0 && <li className="muted">Nothing matches “{query}”.</li>}
        </ul>
      </div>
    </div>
  );
}
