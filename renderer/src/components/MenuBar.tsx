import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { CATEGORIES, formatKeybinding, whyDisabled, type Command } from '../commands/registry';
import { canRunFrom, runCommand } from '../commands/run-command';
import { useUi } from '../state/ui-store';

/** The enabled items of the open menu, in order. */
const itemsOf = (nav: HTMLElement | null) =>
  Array.from(nav?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? []);

/**
 * Application menus, built from the command registry. Keys as in a desktop menu bar: Enter,
 * Space or ↓ on a menu opens it at its first item, ↑ ↓ Home End move, ← → go to the next menu,
 * Escape closes it and gives the focus back to its name; a click elsewhere or a workspace switch
 * closes it too.
 */
export function MenuBar({ commands }: { commands: readonly Command[] }) {
  const [open, setOpen] = useState<string | null>(null);
  const nav = useRef<HTMLElement>(null);
  /** Where the focus goes once the menu just opened is drawn. */
  const focusNext = useRef<'first' | 'last' | null>(null);
  const workspace = useUi((s) => s.workspace);
  // Whether a command is enabled is read as its menu opens (predicates also read the graph
  // editor's history, which is not UI state), so the bar does not re-render on every UI change.
  const ui = open ? useUi.getState() : null;

  useEffect(() => setOpen(null), [workspace]);

  useEffect(() => {
    if (!open) return;
    const items = itemsOf(nav.current);
    if (focusNext.current === 'first') items[0]?.focus();
    if (focusNext.current === 'last') items.at(-1)?.focus();
    focusNext.current = null;
    const outside = (event: MouseEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(null);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const openAt = (category: string, focus: 'first' | 'last') => {
    focusNext.current = focus;
    setOpen(category);
  };
  const menuButton = (category: string) =>
    nav.current?.querySelector<HTMLButtonElement>(`[data-menu="${CSS.escape(category)}"]`) ?? null;
  const neighbour = (category: string, step: number) =>
    CATEGORIES[
      (CATEGORIES.indexOf(category as (typeof CATEGORIES)[number]) + step + CATEGORIES.length) % CATEGORIES.length
    ]!;

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    const category = target.closest<HTMLElement>('[data-category]')?.dataset.category;
    if (!category) return;
    const inMenu = target.getAttribute('role') === 'menuitem';
    const items = itemsOf(nav.current);
    const at = items.indexOf(target as HTMLButtonElement);
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    switch (event.key) {
      case 'Escape':
        if (!open) return;
        handled();
        setOpen(null);
        menuButton(category)?.focus();
        return;
      case 'ArrowDown':
        handled();
        if (inMenu) items[(at + 1) % items.length]?.focus();
        else openAt(category, 'first');
        return;
      case 'ArrowUp':
        handled();
        if (inMenu) items[(at - 1 + items.length) % items.length]?.focus();
        else openAt(category, 'last');
        return;
      case 'Home':
      case 'End':
        if (!inMenu) return;
        handled();
        (event.key === 'Home' ? items[0] : items.at(-1))?.focus();
        return;
      case 'ArrowRight':
      case 'ArrowLeft': {
        handled();
        const next = neighbour(category, event.key === 'ArrowRight' ? 1 : -1);
        if (open) openAt(next, 'first');
        else menuButton(next)?.focus();
        return;
      }
      case 'Enter':
      case ' ':
        if (inMenu) return;
        handled();
        if (open === category) setOpen(null);
        else openAt(category, 'first');
        return;
    }
  };

  return (
    <nav ref={nav} className="menubar" aria-label="Main menu" onMouseLeave={() => setOpen(null)} onKeyDown={onKeyDown}>
      <span className="brand">Trellis</span>
      {CATEGORIES.map((category) => (
        <div key={category} className="menu" data-category={category}>
          <button
            type="button"
            data-menu={category}
            aria-haspopup="menu"
            aria-expanded={open === category}
            onClick={() => setOpen(open === category ? null : category)}
          >
            {category}
          </button>
          {open === category && ui && (
            <ul role="menu" aria-label={category}>
              {commands
                .filter((c) => c.category === category)
                .map((command) => (
                  <li key={command.id} role="none">
                    <button
                      type="button"
                      role="menuitem"
                      // A command of another workspace is on: it opens that workspace and runs there.
                      disabled={!canRunFrom(command, ui)}
                      title={canRunFrom(command, ui) ? undefined : whyDisabled(command, ui)}
                      onClick={() => {
                        setOpen(null);
                        void runCommand(command);
                      }}
                    >
                      <span>{command.label}</span>
                      {command.keybinding && <kbd>{formatKeybinding(command.keybinding)}</kbd>}
                    </button>
                  </li>
                ))}
            </ul>
          )}
        </div>
      ))}
    </nav>
  );
}
