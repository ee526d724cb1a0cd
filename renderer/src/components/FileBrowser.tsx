import { ChevronRight, File, Folder, Home } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import type { Result } from '../../../shared/contract';
import { api } from '../api/api';
import { ErrorNote } from './ErrorNote';
import { QuickPick } from './QuickPick';
import './file-browser.css';

type Listing = Result<'system.listFolder'>;
type Entry = Listing['entries'][number];

export interface FileBrowserProps {
  title: string;
  /** A file to open, or the folder to write into. */
  mode: 'file' | 'folder';
  /** The file kinds offered first (`jsonl`, `gz`…); the filter can show all files too. */
  extensions?: string[];
  /** Where to open: the field's path (its folder) when it is inside what may be browsed. */
  start?: string;
  onPick(path: string): void;
  onClose(): void;
}

const sepOf = (folder: string) => (folder.includes('\\') && !folder.includes('/') ? '\\' : '/');
const join = (folder: string, name: string) =>
  folder.endsWith(sepOf(folder)) ? `${folder}${name}` : `${folder}${sepOf(folder)}${name}`;
const parentOf = (file: string) => file.slice(0, Math.max(1, file.lastIndexOf(sepOf(file))));

/** 1.2 KB, 34 MB: enough to tell files apart. */
function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = n / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The backend machine's files, as Jupyter's file browser shows them: under the home folder and
 * the workspace's folder only (the backend refuses the rest). ↑/↓ move, Enter opens a folder or
 * picks a file, Backspace goes up, Escape closes; the breadcrumb and the roots jump.
 */
export function FileBrowser({ title, mode, extensions = [], start, onPick, onClose }: FileBrowserProps) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const [kinds, setKinds] = useState<'these' | 'all'>(extensions.length ? 'these' : 'all');
  // The entry to put the cursor on once a folder is listed (the folder just left, going up).
  const [selectName, setSelectName] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();

  const open = useCallback(async (folder?: string, select?: string) => {
    try {
      const next = await api.invoke('system.listFolder', folder ? { path: folder } : {});
      setListing(next);
      setError(null);
      setActive(-1);
      setSelectName(select ?? null);
    } catch (e) {
      setError((e as Error).message);
    }
    list.current?.focus();
  }, []);
  // Opens where the field points when that may be browsed, else on the workspace folder.
  useEffect(() => {
    const first = start?.trim();
    void (async () => {
      if (first) {
        for (const folder of mode === 'folder' ? [first, parentOf(first)] : [parentOf(first)]) {
          try {
            setListing(await api.invoke('system.listFolder', { path: folder }));
            list.current?.focus();
            return;
          } catch {
            // Not a folder that may be browsed: try the next, then the default.
          }
        }
      }
      await open();
    })();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- where it opens is read once

  const shown = (listing?.entries ?? []).filter(
    (e) =>
      e.kind === 'dir' ||
      (mode === 'file' && (kinds === 'all' || extensions.some((x) => e.name.toLowerCase().endsWith(`.${x}`)))),
  );
  useEffect(() => {
    if (active === -1 && listing) {
      const index = selectName ? shown.findIndex((e) => e.name === selectName) : -1;
      setActive(Math.max(0, index));
    }
  }, [active, listing, selectName, shown]);
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [active, listing]);

  const up = () => {
    if (!listing || listing.crumbs.length < 2) return;
    void open(listing.crumbs[listing.crumbs.length - 2]!.path, listing.crumbs[listing.crumbs.length - 1]!.name);
  };
  const choose = (entry: Entry | undefined) => {
    if (!entry || !listing) return;
    const full = join(listing.path, entry.name);
    if (entry.kind === 'dir') void open(full);
    else onPick(full);
  };

  const onKey = (e: KeyboardEvent) => {
    const last = shown.length - 1;
    if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, last));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(last);
    else if (e.key === 'PageDown') setActive((i) => Math.min(i + 10, last));
    else if (e.key === 'PageUp') setActive((i) => Math.max(i - 10, 0));
    else if (e.key === 'Enter') choose(shown[active]);
    else if (e.key === 'Backspace') up();
    else return;
    e.preventDefault();
  };

  const activeEntry = shown[active];
  return createPortal(
    <div className="overlay" onMouseDown={onClose}>
      <div
        className="dialog file-browser"
        role="dialog"
        aria-label={title}
        onMouseDown={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !e.defaultPrevented) {
            e.preventDefault();
            onClose();
          }
          // Keys stay in the dialog: the review queue's J, A, R… must not act behind it.
          e.stopPropagation();
        }}
      >
        <h2>{title}</h2>
        <div className="file-browser-bar">
          <span className="file-browser-roots" role="group" aria-label="Places">
            {listing?.roots.map((root) => (
              <button
                key={root.path}
                type="button"
                aria-pressed={listing.root.path === root.path && listing.crumbs.length === 1}
                title={root.path}
                onClick={() => void open(root.path)}
              >
                {root.name === 'Home' ? <Home size={14} aria-hidden /> : <Folder size={14} aria-hidden />}
                {root.name}
              </button>
            ))}
          </span>
          {mode === 'file' && extensions.length > 0 && (
            <QuickPick<'these' | 'all'>
              label="File types"
              value={kinds}
              options={[
                { value: 'these', label: extensions.map((x) => `.${x}`).join(' ') },
                { value: 'all', label: 'All files' },
              ]}
              onChange={setKinds}
            />
          )}
        </div>
        <nav className="file-browser-crumbs" aria-label="Path">
          {listing?.crumbs.map((crumb, i) => (
            <span key={crumb.path}>
              {i > 0 && <ChevronRight size={12} aria-hidden />}
              <button
                type="button"
                className="crumb"
                title={crumb.path}
                aria-current={i === listing.crumbs.length - 1 ? 'location' : undefined}
                onClick={() => void open(crumb.path)}
              >
                {crumb.name}
              </button>
            </span>
          ))}
        </nav>
        <ErrorNote message={error} />
        <ul
          ref={list}
          id={listId}
          className="file-browser-list"
          role="listbox"
          aria-label="Files"
          tabIndex={0}
          aria-activedescendant={activeEntry ? `${listId}-${active}` : undefined}
          onKeyDown={onKey}
        >
          {shown.map((entry, index) => (
            <li
              key={entry.name}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              data-kind={entry.kind}
              onClick={() => setActive(index)}
              onDoubleClick={() => choose(entry)}
            >
              {entry.kind === 'dir' ? <Folder size={14} aria-hidden /> : <File size={14} aria-hidden />}
              <span className="name">{entry.name}</span>
              <span className="size">{entry.kind === 'dir' ? '' : bytes(entry.size)}</span>
              <span className="modified">{when(entry.modified)}</span>
            </li>
          ))}
          {listing && shown.length === 0 && (
            <li className="muted" aria-disabled>
              {mode === 'folder' ? 'No folders here.' : 'No folders or matching files here.'}
            </li>
          )}
          {listing?.truncated && <li className="muted">Only the first {listing.entries.length} entries are shown.</li>}
        </ul>
        <p className="muted file-browser-keys">↑/↓ move · Enter opens a folder or picks a file · Backspace goes up</p>
        <div className="buttons">
          <span className="file-browser-chosen" data-testid="file-browser-chosen">
            {mode === 'folder'
              ? listing?.path
              : activeEntry?.kind === 'file' && listing
                ? join(listing.path, activeEntry.name)
                : ''}
          </span>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          {mode === 'folder' ? (
            <button type="button" className="primary" disabled={!listing} onClick={() => onPick(listing!.path)}>
              Choose this folder
            </button>
          ) : (
            <button type="button" className="primary" disabled={!activeEntry} onClick={() => choose(activeEntry)}>
              {activeEntry?.kind === 'dir' ? 'Open folder' : 'Choose file'}
            </button>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
