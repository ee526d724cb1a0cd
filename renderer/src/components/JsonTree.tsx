import { useState } from 'react';
import { isObject } from '../../../shared/json';

/** How many entries of a list or object show before a "more" button: a large state stays light to draw. */
const PAGE = 100;

const isContainer = (value: unknown): value is object => Array.isArray(value) || isObject(value);

/** `[3]`, `{2}`: what a collapsed container holds. */
const sizeOf = (value: object) =>
  Array.isArray(value) ? `[${value.length}]` : `{${Object.keys(value as Record<string, unknown>).length}}`;

function Scalar({ value }: { value: unknown }) {
  const kind = value === null ? 'null' : typeof value;
  return <span className={`json-${kind}`}>{JSON.stringify(value)}</span>;
}

/** The entries of an open container, a page at a time. */
function Entries({ value }: { value: object }) {
  const [shown, setShown] = useState(PAGE);
  const entries = Array.isArray(value)
    ? value.map((v, i) => [String(i), v] as const)
    : Object.entries(value as Record<string, unknown>);
  return (
    <ul>
      {entries.slice(0, shown).map(([key, child]) => (
        <li key={key}>
          <JsonNode name={key} value={child} />
        </li>
      ))}
      {entries.length > shown && (
        <li>
          <button type="button" className="link" onClick={() => setShown((n) => n + PAGE * 10)}>
            Show {Math.min(PAGE * 10, entries.length - shown)} more of {entries.length - shown}
          </button>
        </li>
      )}
    </ul>
  );
}

/** One key and its value; a container opens on a click and draws its entries only while open. */
function JsonNode({ name, value, open = false }: { name?: string; value: unknown; open?: boolean }) {
  const [isOpen, setOpen] = useState(open);
  const label = name !== undefined && <span className="json-key">{name}: </span>;
  if (!isContainer(value))
    return (
      <span className="json-leaf">
        {label}
        <Scalar value={value} />
      </span>
    );
  return (
    <details open={isOpen} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        {label}
        <span className="muted">{sizeOf(value)}</span>
      </summary>
      {isOpen && <Entries value={value} />}
    </details>
  );
}

/**
 * A JSON value as a tree whose containers open on a click (the top one open): only what is open
 * is drawn, so a state of tens of kilobytes reads as its top-level keys.
 */
export function JsonTree({ value, label }: { value: unknown; label: string }) {
  return (
    <div className="json-tree" role="group" aria-label={label}>
      <JsonNode value={value} open />
    </div>
  );
}
