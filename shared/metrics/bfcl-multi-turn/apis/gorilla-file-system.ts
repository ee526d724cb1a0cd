import { defineApiClass, PyError, type BfclApi } from '../api';
import { formatFixed, isInt, isNumber, num, pyStr } from '../py-num';
import { pyType } from '../../bfcl/values';
import { entryState, FsDirectory, FsFile, loadTree, sameEntry } from './file-system-tree';
import {
  compareCodePoints,
  pyContains,
  pyLen,
  pySubstring,
  pyTruthy,
  requireStr,
  rstripChars,
  splitLines,
  splitWords,
  stripChars,
  utf8Length,
} from './py-str';

/**
 * BFCL's GorillaFileSystem: a shell-like file system the model moves through one folder at a
 * time. Results and errors are the leaderboard's, down to its quirks (`pwd` names the root,
 * `cp` into a directory shares the copied directory's children with the original).
 */
export class GorillaFileSystem implements BfclApi {
  root = new FsDirectory('/', null);
  currentDir = this.root;
  longContext = false;

  loadScenario(scenario: Record<string, unknown>, longContext: boolean) {
    this.longContext = longContext;
    this.root = loadTree(scenario, longContext);
    this.currentDir = this.root;
  }

  publicState() {
    return { root: entryState(this.root), long_context: this.longContext };
  }

  /** The directory a path names from here, or the leaderboard's `cd` error for it. */
  navigate(path: unknown): FsDirectory | { error: string } {
    if (path === null || path === '.') return this.currentDir;
    if (path === '/') return this.root;
    const names = stripChars(requireStr(path, 'strip'), '/').split('/');
    let directory = (path as string).startsWith('/') ? this.root : this.currentDir;
    for (const name of names) {
      const next = directory.get(name);
      if (!(next instanceof FsDirectory)) return { error: `cd: '${path as string}': No such file or directory` };
      directory = next;
    }
    return directory;
  }

  /** The file of this name here, if there is one (a directory of that name is not). */
  localFile(name: unknown): FsFile | undefined {
    if (!this.currentDir.has(name)) return undefined;
    const entry = this.currentDir.get(name);
    return entry instanceof FsFile ? entry : undefined;
  }
}

/** Names may not hold the characters a shell would read as paths, globs or redirections. */
const validName = (name: unknown) => ![...'|/\\?%*:"><'].some((c) => pyContains(name, c));

/** The text of a file, as the leaderboard's str methods need it. */
const fileLines = (file: FsFile) => splitLines(requireStr(file.content, 'splitlines'));

type Fs = GorillaFileSystem;

const pwd = (fs: Fs) => {
  const names: string[] = [];
  for (let dir: FsDirectory | null = fs.currentDir; dir; dir = dir.parent) names.push(dir.name);
  return { current_working_directory: `/${names.reverse().join('/')}` };
};

const ls = (fs: Fs, showHidden: unknown) => {
  const names = [...fs.currentDir.contents.keys()];
  return { current_directory_content: pyTruthy(showHidden) ? names : names.filter((n) => !n.startsWith('.')) };
};

function cd(fs: Fs, folderArg: unknown) {
  const folder = rstripChars(requireStr(folderArg, 'rstrip'), '/') || '/';
  if (!['.', '..', '/'].includes(folder) && folder.includes('/'))
    return { error: `cd: ${folder}: Unsupported path. Only one folder level at a time is supported.` };
  if (folder === '..') {
    if (fs.currentDir.parent) fs.currentDir = fs.currentDir.parent;
    else if (sameEntry(fs.root, fs.currentDir))
      return { error: 'Current directory is already the root. Cannot go back.' };
    else return { error: 'cd: ..: No such directory' };
    return {};
  }
  const target = fs.navigate(folder);
  if (!(target instanceof FsDirectory)) return target;
  fs.currentDir = target;
  return { current_working_directory: target.name };
}

function mkdir(fs: Fs, name: unknown) {
  if (!validName(name)) return { error: `mkdir: cannot create directory '${pyStr(name)}': Invalid character` };
  if (fs.currentDir.has(name)) return { error: `mkdir: cannot create directory '${name}': File exists` };
  fs.currentDir.addDirectory(hashableName(name));
  return null;
}

function touch(fs: Fs, name: unknown) {
  if (!validName(name)) return { error: `touch: cannot touch '${pyStr(name)}': Invalid character` };
  if (fs.currentDir.has(name)) return { error: `touch: cannot touch '${name}': File exists` };
  fs.currentDir.addFile(hashableName(name));
  return null;
}

/** A name that passed `in contents` without being a str (a tuple) would be a key Trellis can't hold. */
function hashableName(name: unknown): string {
  if (typeof name !== 'string') throw new Error(`a ${pyType(name)} as a file name is not supported`);
  return name;
}

function echo(fs: Fs, content: unknown, fileName: unknown) {
  if (fileName === null) return { terminal_output: content };
  if (!validName(fileName)) return { error: `echo: cannot write to '${pyStr(fileName)}': Invalid character` };
  if (!pyTruthy(fileName)) return { terminal_output: content };
  if (!fs.currentDir.has(fileName)) return { error: `echo: cannot write to '${pyStr(fileName)}': No such file` };
  const entry = fs.currentDir.get(fileName)!;
  if (!(entry instanceof FsFile)) throw new PyError("'Directory' object has no attribute '_write'", 'AttributeError');
  entry.content = content;
  return null;
}

function cat(fs: Fs, name: unknown) {
  if (!validName(name)) return { error: `cat: '${pyStr(name)}': Invalid character` };
  if (!fs.currentDir.has(name)) return { error: `cat: '${pyStr(name)}': No such file or directory` };
  const entry = fs.currentDir.get(name)!;
  return entry instanceof FsFile ? { file_content: entry.content } : { error: `cat: '${name}': Is a directory` };
}

function find(fs: Fs, path: unknown, name: unknown) {
  const target = fs.navigate(path);
  if (!(target instanceof FsDirectory))
    return target.error.startsWith('cd:') ? { error: target.error.replace('cd:', 'find:') } : target;
  const matches: string[] = [];
  const search = (directory: FsDirectory, base: string) => {
    for (const [entryName, entry] of directory.contents) {
      const entryPath = `${base}/${entryName}`;
      if (name === null || pySubstring(name, entryName)) matches.push(entryPath);
      if (entry instanceof FsDirectory) search(entry, entryPath);
    }
  };
  search(target, rstripChars(requireStr(path, 'rstrip'), '/'));
  return { matches };
}

const WC_UNITS: Record<string, string> = { l: 'lines', w: 'words', c: 'characters' };

function wc(fs: Fs, fileName: unknown, mode: unknown) {
  if (typeof mode !== 'string' || !Object.hasOwn(WC_UNITS, mode)) return { error: `wc: invalid mode '${pyStr(mode)}'` };
  const file = fs.localFile(fileName);
  if (!file) return { error: `wc: ${pyStr(fileName)}: No such file or directory` };
  const count =
    mode === 'l'
      ? fileLines(file).length
      : mode === 'w'
        ? splitWords(requireStr(file.content, 'split')).length
        : pyLen(file.content);
  return { count, type: WC_UNITS[mode] };
}

function sort(fs: Fs, fileName: unknown) {
  const file = fs.localFile(fileName);
  if (!file) return { error: `sort: ${pyStr(fileName)}: No such file or directory` };
  return { sorted_content: fileLines(file).sort(compareCodePoints).join('\n') };
}

function grep(fs: Fs, fileName: unknown, pattern: unknown) {
  const file = fs.localFile(fileName);
  if (!file) return { error: `grep: ${pyStr(fileName)}: No such file or directory` };
  return { matching_lines: fileLines(file).filter((line) => pySubstring(pattern, line)) };
}

const sizeOf = (directory: FsDirectory): number =>
  [...directory.contents.values()].reduce(
    (total, entry) =>
      total + (entry instanceof FsFile ? utf8Length(requireStr(entry.content, 'encode')) : sizeOf(entry)),
    0,
  );

function du(fs: Fs, humanReadable: unknown) {
  let size = sizeOf(fs.currentDir);
  if (!pyTruthy(humanReadable)) return { disk_usage: `${size} bytes` };
  for (const unit of ['B', 'KB', 'MB', 'GB', 'TB']) {
    if (size < 1024) return { disk_usage: `${formatFixed(size, 2)} ${unit}` };
    size /= 1024;
  }
  return { disk_usage: `${formatFixed(size, 2)} PB` };
}

function tail(fs: Fs, fileName: unknown, linesArg: unknown) {
  const file = fs.localFile(fileName);
  if (!file) return { error: `tail: ${pyStr(fileName)}: No such file or directory` };
  const lines = fileLines(file);
  let count = linesArg;
  if (!isNumber(count))
    throw new PyError(`'>' not supported between instances of '${pyType(count)}' and 'int'`, 'TypeError');
  if (num(count) > lines.length) count = lines.length;
  // A float that was not cut down to the line count can't be a slice index; a bool can.
  if (!isInt(count) && typeof count !== 'boolean')
    throw new PyError('slice indices must be integers or None or have an __index__ method', 'TypeError');
  return { last_lines: lines.slice(-num(count)).join('\n') };
}

function diff(fs: Fs, name1: unknown, name2: unknown) {
  const here = fs.currentDir;
  if (here.has(name1) && here.has(name2)) {
    const [file1, file2] = [here.get(name1), here.get(name2)];
    if (file1 instanceof FsFile && file2 instanceof FsFile) {
      const [lines1, lines2] = [fileLines(file1), fileLines(file2)];
      const changed: string[] = [];
      for (let i = 0; i < Math.min(lines1.length, lines2.length); i++)
        if (lines1[i] !== lines2[i]) changed.push(`- ${lines1[i]}\n+ ${lines2[i]}`);
      return { diff_lines: changed.join('\n') };
    }
  }
  return { error: `diff: ${pyStr(name1)} or ${pyStr(name2)}: No such file or directory` };
}

/** `mv` and `cp`: the checks they share, then `place` puts the entry where it goes. */
function transfer(fs: Fs, verb: 'mv' | 'cp', source: unknown, destination: unknown) {
  const [action, past] = verb === 'mv' ? ['move', 'moved'] : ['copy', 'copied'];
  const here = fs.currentDir;
  if (!here.has(source)) return { error: `${verb}: cannot ${action} '${pyStr(source)}': No such file or directory` };
  const entry = here.get(source)!;
  if (pyContains(destination, '/'))
    return { error: `${verb}: path not allowed in destination. Provide only a file or directory name.` };
  const place = (into: FsDirectory, name: string) => {
    if (entry instanceof FsFile) into.addFile(name, entry.content);
    else into.addDirectory(name).contents = verb === 'mv' ? entry.contents : new Map(entry.contents);
  };
  if (!here.has(destination)) {
    if (verb === 'mv') here.contents.delete(source);
    place(here, destination as string);
    return { result: `'${source}' ${past} to '${destination as string}'` };
  }
  const target = here.get(destination);
  if (!(target instanceof FsDirectory))
    return { error: `${verb}: cannot ${action} '${source}' to '${destination}': Not a directory` };
  // mv looks for the name inside the directory; cp for "dest/source", which no entry is named.
  const clash = verb === 'mv' ? source : `${destination}/${source}`;
  if (target.has(clash))
    return { error: `${verb}: cannot ${action} '${source}' to '${destination}/${source}': File exists` };
  if (verb === 'mv') here.contents.delete(source);
  place(target, source);
  return { result: `'${source}' ${past} to '${destination}/${source}'` };
}

function rm(fs: Fs, name: unknown) {
  if (!fs.currentDir.has(name)) return { error: `rm: cannot remove '${pyStr(name)}': No such file or directory` };
  fs.currentDir.contents.delete(name);
  return { result: `'${name}' removed` };
}

function rmdir(fs: Fs, name: unknown) {
  const here = fs.currentDir;
  if (!here.has(name)) return { error: `rmdir: cannot remove '${pyStr(name)}': No such file or directory` };
  const entry = here.get(name)!;
  if (!(entry instanceof FsDirectory)) return { error: `rmdir: cannot remove '${name}': Not a directory` };
  if (entry.contents.size) return { error: `rmdir: cannot remove '${name}': Directory not empty` };
  here.contents.delete(name);
  return { result: `'${name}' removed` };
}

const required = (name: string) => ({ name });
const optional = (name: string, value: unknown) => ({ name, default: value });

export const gorillaFileSystemApi = defineApiClass<GorillaFileSystem>({
  name: 'GorillaFileSystem',
  stateless: false,
  create: () => new GorillaFileSystem(),
  methods: {
    pwd: { params: [], run: (fs) => pwd(fs) },
    ls: { params: [optional('a', false)], run: (fs, a) => ls(fs, a.a) },
    cd: { params: [required('folder')], run: (fs, a) => cd(fs, a.folder) },
    mkdir: { params: [required('dir_name')], run: (fs, a) => mkdir(fs, a.dir_name) },
    touch: { params: [required('file_name')], run: (fs, a) => touch(fs, a.file_name) },
    echo: {
      params: [required('content'), optional('file_name', null)],
      run: (fs, a) => echo(fs, a.content, a.file_name),
    },
    cat: { params: [required('file_name')], run: (fs, a) => cat(fs, a.file_name) },
    find: { params: [optional('path', '.'), optional('name', null)], run: (fs, a) => find(fs, a.path, a.name) },
    wc: { params: [required('file_name'), optional('mode', 'l')], run: (fs, a) => wc(fs, a.file_name, a.mode) },
    sort: { params: [required('file_name')], run: (fs, a) => sort(fs, a.file_name) },
    grep: { params: [required('file_name'), required('pattern')], run: (fs, a) => grep(fs, a.file_name, a.pattern) },
    du: { params: [optional('human_readable', false)], run: (fs, a) => du(fs, a.human_readable) },
    tail: { params: [required('file_name'), optional('lines', 10)], run: (fs, a) => tail(fs, a.file_name, a.lines) },
    diff: {
      params: [required('file_name1'), required('file_name2')],
      run: (fs, a) => diff(fs, a.file_name1, a.file_name2),
    },
    mv: {
      params: [required('source'), required('destination')],
      run: (fs, a) => transfer(fs, 'mv', a.source, a.destination),
    },
    rm: { params: [required('file_name')], run: (fs, a) => rm(fs, a.file_name) },
    rmdir: { params: [required('dir_name')], run: (fs, a) => rmdir(fs, a.dir_name) },
    cp: {
      params: [required('source'), required('destination')],
      run: (fs, a) => transfer(fs, 'cp', a.source, a.destination),
    },
  },
});
