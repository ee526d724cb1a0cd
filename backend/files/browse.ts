import fs from 'node:fs';
import path from 'node:path';
import type { FolderEntry } from '../../shared/contract/system';
import { TrellisError } from '../../shared/errors';

/** A folder the browser may show, with everything under it. */
export interface BrowseRoot {
  name: string;
  path: string;
}

export interface FolderListing {
  path: string;
  roots: BrowseRoot[];
  root: BrowseRoot;
  crumbs: BrowseRoot[];
  entries: FolderEntry[];
  truncated: boolean;
}

/** A folder with more entries than this lists the first ones, folders first, and says so. */
export const MAX_ENTRIES = 5000;

const isUnder = (root: string, target: string) => {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The roots as they are on disk (a home folder may itself be a symlink); a root that is missing is left out. */
function realRoots(roots: BrowseRoot[]): BrowseRoot[] {
  const real: BrowseRoot[] = [];
  for (const root of roots) {
    try {
      const resolved = fs.realpathSync(root.path);
      if (!real.some((r) => r.path === resolved)) real.push({ name: root.name, path: resolved });
    } catch {
      // Not there (a home folder that was never made): nothing to browse under it.
    }
  }
  return real;
}

/** The outermost root `target` is under, if any: the breadcrumb goes up as far as may be browsed. */
const rootOf = (roots: BrowseRoot[], target: string) =>
  roots.filter((r) => isUnder(r.path, target)).sort((a, b) => a.path.length - b.path.length)[0];

/**
 * A folder's entries for the file browser, only under `roots`: the path is resolved (`..`
 * collapsed, then every symlink followed) before it is checked, so neither `..` nor a symlink
 * leads out. A symlink inside that points outside is left out of the listing.
 */
export function listFolder(requested: string, allowed: BrowseRoot[]): FolderListing {
  const roots = realRoots(allowed);
  const where = roots.map((r) => `${r.name} (${r.path})`).join(' and ');
  if (!path.isAbsolute(requested))
    throw new TrellisError('E1002', `"${requested}" is not an absolute path.`, 'Give the whole path, from /.');
  const resolved = path.resolve(requested);
  const outside = (shown: string) =>
    new TrellisError('E3010', `${shown} is outside the folders the file browser shows: ${where || 'none'}.`);
  const real = safeRealpath(resolved);
  const lexicallyInside = [...roots, ...allowed].some((r) => isUnder(path.resolve(r.path), resolved));
  const shown = requested === resolved ? resolved : `${requested} (${resolved})`;
  if (real === null) {
    if (lexicallyInside) throw new TrellisError('E3001', `No folder at ${resolved}.`);
    throw outside(shown);
  }
  const root = rootOf(roots, real);
  if (!root) throw outside(real === resolved ? shown : `${shown}, a link to ${real},`);
  const stat = fs.statSync(real);
  if (!stat.isDirectory()) throw new TrellisError('E1002', `${real} is a file, not a folder.`);

  const entries: FolderEntry[] = [];
  for (const dirent of fs.readdirSync(real, { withFileTypes: true })) {
    const full = path.join(real, dirent.name);
    let target = full;
    if (dirent.isSymbolicLink()) {
      const linked = safeRealpath(full);
      // A broken link, or one that leads outside the roots: nothing the browser may open.
      if (linked === null || !rootOf(roots, linked)) continue;
      target = linked;
    }
    let info: fs.Stats;
    try {
      info = fs.statSync(target);
    } catch {
      continue; // Gone since the folder was read, or not readable.
    }
    if (!info.isDirectory() && !info.isFile()) continue; // Pipes, sockets, devices: nothing to import or write to.
    entries.push({
      name: dirent.name,
      kind: info.isDirectory() ? 'dir' : 'file',
      size: info.isDirectory() ? 0 : info.size,
      modified: info.mtime.toISOString(),
    });
  }
  entries.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'dir' ? -1 : 1));

  const crumbs: BrowseRoot[] = [root];
  const rel = path.relative(root.path, real);
  if (rel)
    for (const part of rel.split(path.sep))
      crumbs.push({ name: part, path: path.join(crumbs[crumbs.length - 1]!.path, part) });
  return {
    path: real,
    roots,
    root,
    crumbs,
    entries: entries.slice(0, MAX_ENTRIES),
    truncated: entries.length > MAX_ENTRIES,
  };
}

function safeRealpath(target: string): string | null {
  try {
    return fs.realpathSync(target);
  } catch {
    return null;
  }
}
