import { PyError } from '../api';
import { pyEquals } from '../../bfcl/values';
import { FILES_KEPT_SHORT, LONG_CONTEXT_IMAGE_FILES, LONG_FILE_TEXT } from './file-system-long-context';
import { requireHashable } from './py-str';

/**
 * The file system's tree as the leaderboard keeps it: directories hold their entries in insertion
 * order (a moved entry goes last), and entries are shared by reference where the leaderboard
 * shares them (a copied directory's children are the original's; a moved one keeps its map).
 */

export class FsFile {
  readonly kind = 'file';
  constructor(
    readonly name: string,
    /** A str, unless `echo` wrote something else into it. */
    public content: unknown = '',
  ) {}
}

export class FsDirectory {
  readonly kind = 'directory';
  contents = new Map<string, FsEntry>();
  constructor(
    readonly name: string,
    readonly parent: FsDirectory | null,
  ) {}

  /** `name in contents`, with Python's TypeError for a list or dict name. */
  has(name: unknown): name is string {
    requireHashable(name);
    return typeof name === 'string' && this.contents.has(name);
  }

  /** An entry by name; `.` is the directory itself. */
  get(name: string): FsEntry | undefined {
    return name === '.' ? this : this.contents.get(name);
  }

  addFile(name: string, content: unknown = ''): void {
    if (this.contents.has(name))
      throw new PyError(`File '${name}' already exists in directory '${this.name}'.`, 'ValueError');
    this.contents.set(name, new FsFile(name, content));
  }

  /** Adds an empty subdirectory and returns it. */
  addDirectory(name: string): FsDirectory {
    if (this.contents.has(name))
      throw new PyError(`Directory '${name}' already exists in directory '${this.name}'.`, 'ValueError');
    const directory = new FsDirectory(name, this);
    this.contents.set(name, directory);
    return directory;
  }
}

export type FsEntry = FsFile | FsDirectory;

/** The leaderboard's `==` on entries: same kind, name, and content or contents. */
export function sameEntry(a: FsEntry, b: FsEntry): boolean {
  if (a.kind !== b.kind || a.name !== b.name) return false;
  if (a instanceof FsFile) return pyEquals(a.content, (b as FsFile).content);
  const other = (b as FsDirectory).contents;
  if (a.contents.size !== other.size) return false;
  for (const [name, entry] of a.contents) {
    const match = other.get(name);
    if (!match || !sameEntry(entry, match)) return false;
  }
  return true;
}

/** An entry as the state checker compares it: `{ name, content }` or `{ name, contents }`. */
export function entryState(entry: FsEntry): Record<string, unknown> {
  if (entry instanceof FsFile) return { name: entry.name, content: entry.content };
  return {
    name: entry.name,
    contents: Object.fromEntries([...entry.contents].map(([name, child]) => [name, entryState(child)])),
  };
}

/** One entry of the scenario's `root`: `{ type: 'directory', contents }` or `{ type: 'file', content }`. */
interface ScenarioEntry {
  type: string;
  contents?: Record<string, ScenarioEntry>;
  content?: unknown;
}

/**
 * The tree a scenario describes: its `root` holds one directory, which becomes the root. In the
 * long-context category, files get the long text and directories without subdirectories the images.
 */
export function loadTree(scenario: Record<string, unknown>, longContext: boolean): FsDirectory {
  const root = scenario.root as Record<string, ScenarioEntry> | undefined;
  if (!root) return new FsDirectory('/', null);
  const [rootName, rootEntry] = Object.entries(root)[0]!;
  const fill = (directory: FsDirectory, entries: Record<string, ScenarioEntry>) => {
    let hasSubdirectory = false;
    for (const [name, entry] of Object.entries(entries)) {
      if (entry.type === 'directory') {
        hasSubdirectory = true;
        const child = new FsDirectory(name, directory);
        fill(child, entry.contents ?? {});
        directory.contents.set(name, child);
      } else if (entry.type === 'file') {
        const longer = longContext && !FILES_KEPT_SHORT.includes(name);
        const content = longer ? `${entry.content as string}${LONG_FILE_TEXT}` : entry.content;
        directory.contents.set(name, new FsFile(name, content));
      }
    }
    if (!hasSubdirectory && longContext) for (const image of LONG_CONTEXT_IMAGE_FILES) directory.addFile(image);
  };
  const rootDirectory = new FsDirectory(rootName, null);
  fill(rootDirectory, rootEntry.contents ?? {});
  return rootDirectory;
}
