import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import './quick-pick.css';

export interface QuickPickOption<V extends string = string> {
  value: NoInfer<V>;
  label: string;
  /** Said beside the label, quieter (a count, a version). */
  detail?: string;
  title?: string;
}

interface Props<V extends string> {
  /** The choice's name: the button's and the list's accessible name. */
  label: string;
  value: NoInfer<V>;
  options: QuickPickOption<V>[];
  onChange(value: NoInfer<V>): void;
  disabled?: boolean;
  /** Shown on the button when no option has the value. */
  placeholder?: string;
}

/** Whole rows shown before the list scrolls. */
const PAGE = 10;

const matches = (option: QuickPickOption, query: string) =>
  `${option.label} ${option.detail ?? ''}`.toLowerCase().includes(query.trim().toLowerCase());

/**
 * A choice among a few values, as VS Code's quick pick: a button that shows the current one and
 * opens a list under it with a filter box. Type to filter, ↑/↓ (Home/End, PageUp/PageDown) to
 * move, Enter or a click picks, Escape or Tab closes, and the focus goes back to the button. The
 * button carries the value in `data-value`.
 */
export function QuickPick<V extends string>({ label, value, options, onChange, disabled, placeholder }: Props<V>) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [place, setPlace] = useState<{ left: number; top: number; minWidth: number; maxHeight: number } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  // Where the button was when the list opened.
  const anchor = useRef<DOMRect | null>(null);
  const listId = useId();
  const current = options.find((o) => o.value === value);
  const shown = options.filter((o) => matches(o, query));

  const show = (typed = '') => {
    if (disabled || !button.current) return;
    const index = typed ? 0 : Math.max(0, options.indexOf(current!));
    setQuery(typed);
    setActive(index);
    // Placed before it is drawn (a hidden filter box could not take the focus): under the button,
    // above it when there is no room below, at least as wide.
    const box = button.current.getBoundingClientRect();
    anchor.current = box;
    const below = window.innerHeight - box.bottom - 8;
    const above = box.top - 8;
    const up = below < 200 && above > below;
    setPlace({
      left: Math.max(8, Math.min(box.left, window.innerWidth - Math.max(box.width, 220) - 8)),
      top: up ? Math.max(8, box.top - Math.min(above, 360)) : box.bottom + 2,
      minWidth: box.width,
      maxHeight: Math.min(up ? above : below, 360),
    });
    setOpen(true);
  };
  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const pick = (option: QuickPickOption<V> | undefined) => {
    if (!option) return;
    close();
    if (option.value !== value) onChange(option.value);
  };

  // A press outside, or the window resizing or scrolling under it, closes the list where it is.
  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      const target = e.target as Node;
      if (!popup.current?.contains(target) && !button.current?.contains(target)) close(false);
    };
    // Only a scroll that moves the button away: the list is placed by it.
    const moved = (e: Event) => {
      const box = button.current?.getBoundingClientRect();
      if (popup.current?.contains(e.target as Node) || !box || !anchor.current) return;
      if (Math.abs(box.top - anchor.current.top) > 1 || Math.abs(box.left - anchor.current.left) > 1) close(false);
    };
    document.addEventListener('mousedown', outside, true);
    const resized = () => close(false);
    window.addEventListener('resize', resized);
    window.addEventListener('scroll', moved, true);
    return () => {
      document.removeEventListener('mousedown', outside, true);
      window.removeEventListener('resize', resized);
      window.removeEventListener('scroll', moved, true);
    };
  }, [open]);

  useEffect(() => {
    if (open) popup.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [open, active, query]);

  const onListKey = (e: KeyboardEvent) => {
    const last = shown.length - 1;
    if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, last));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (e.key === 'PageDown') setActive((i) => Math.min(i + PAGE, last));
    else if (e.key === 'PageUp') setActive((i) => Math.max(i - PAGE, 0));
    else if (e.key === 'Home' && e.ctrlKey) setActive(0);
    else if (e.key === 'End' && e.ctrlKey) setActive(last);
    else if (e.key === 'Enter') pick(shown[active]);
    else if (e.key === 'Escape') close();
    else if (e.key === 'Tab') return close();
    else return;
    e.preventDefault();
    // Escape closes this list only, not the dialog or panel it is in.
    e.stopPropagation();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        role="combobox"
        className="quick-pick-button"
        aria-label={label}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        data-value={value}
        disabled={disabled}
        title={current?.title}
        onClick={() => (open ? close() : show())}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') show();
          // Typing on the button starts the filter with what was typed.
          else if (e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey) show(e.key);
          else return;
          e.preventDefault();
          // The key was the filter's: not a shortcut of the workspace around (the review queue's J, A…).
          e.stopPropagation();
        }}
      >
        <span className="quick-pick-value">
          {current ? current.label : (placeholder ?? value)}
          {current?.detail && <span className="quick-pick-detail"> {current.detail}</span>}
        </span>
        <ChevronDown size={14} aria-hidden />
      </button>
      {open &&
        createPortal(
          <div
            ref={popup}
            className="quick-pick-popup"
            style={place ?? undefined}
            onMouseDown={(e) => e.stopPropagation()}
          >
            <input
              autoFocus
              role="combobox"
              aria-label={`Filter ${label}`}
              aria-expanded
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
              placeholder={`Filter ${label.toLowerCase()}…`}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onListKey}
              onBlur={(e) => {
                // To the button: its click closes the list (closing here would have it open again).
                const to = e.relatedTarget as Node | null;
                if (!popup.current?.contains(to) && !button.current?.contains(to)) close(false);
              }}
            />
            <ul id={listId} role="listbox" aria-label={label}>
              {shown.map((option, index) => (
                <li
                  key={option.value}
                  id={`${listId}-${index}`}
                  role="option"
                  data-value={option.value}
                  aria-selected={index === active}
                  aria-current={option.value === value ? 'true' : undefined}
                  title={option.title}
                  onMouseMove={() => setActive(index)}
                  // Picked on mousedown's click without moving the focus out of the filter first.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => pick(option)}
                >
                  <Check size={14} aria-hidden className="quick-pick-check" />
                  <span>{option.label}</span>
                  {option.detail && <span className="quick-pick-detail"> {option.detail}</span>}
                </li>
              ))}
              {shown.length === 0 && (
                <li className="muted quick-pick-none" aria-disabled>
                  Nothing matches “{query}”.
                </li>
              )}
            </ul>
          </div>,
          document.body,
        )}
    </>
  );
}
