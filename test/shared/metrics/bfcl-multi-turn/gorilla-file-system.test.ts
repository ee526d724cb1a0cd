import { describe, expect, it } from 'vitest';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { pyEquals } from '../../../../shared/metrics/bfcl/values';

// Every expected string below was printed by the leaderboard's GorillaFileSystem (bfcl_eval,
// func_source_code/gorilla_file_system.py) run through its execute_multi_turn_func_call on the same
// scenario and calls, with CPython 3.11.

const file = (content: string) => ({ type: 'file', content });
const directory = (contents: Record<string, unknown>) => ({ type: 'directory', contents });

const HOME = {
  GorillaFileSystem: {
    root: {
      home: directory({
        'notes.txt': file('beta\nalpha\ngamma delta\n'),
        'draft.txt': file('beta\nALPHA\ngamma'),
        '.secret': file('x'),
        projects: directory({ 'plan.md': file('café ✓'), old: directory({}) }),
      }),
    },
  },
};

/** One world over the scenario; each turn's calls run in it, in order, as the leaderboard runs them. */
const worldOf = (config: Record<string, unknown>, longContext = false) =>
  new BfclWorld(['GorillaFileSystem'], config, longContext);

describe('GorillaFileSystem, as the leaderboard runs it', () => {
  const world = worldOf(HOME);

  it('moves one folder at a time; pwd names the root folder too', () => {
    expect(
      world.execute([
        'pwd()',
        'ls()',
        'ls(a=True)',
        "cd(folder='projects')",
        'pwd()',
        "cd(folder='..')",
        "cd(folder='..')",
        "cd(folder='projects/old')",
        "cd(folder='nope')",
        'cd(folder=5)',
      ]),
    ).toEqual([
      '{"current_working_directory": "/home"}',
      '{"current_directory_content": ["notes.txt", "draft.txt", "projects"]}',
      '{"current_directory_content": ["notes.txt", "draft.txt", ".secret", "projects"]}',
      '{"current_working_directory": "projects"}',
      '{"current_working_directory": "/home/projects"}',
      '{}',
      '{"error": "Current directory is already the root. Cannot go back."}',
      '{"error": "cd: projects/old: Unsupported path. Only one folder level at a time is supported."}',
      '{"error": "cd: \'nope\': No such file or directory"}',
      "Error during execution: 'int' object has no attribute 'rstrip'",
    ]);
  });

  it('creates directories and files once, refusing path characters', () => {
    expect(
      world.execute([
        "mkdir(dir_name='archive')",
        "mkdir(dir_name='archive')",
        "mkdir(dir_name='a/b')",
        "touch(file_name='empty.txt')",
        "touch(file_name='notes.txt')",
        'touch(file_name=None)',
      ]),
    ).toEqual([
      'None',
      '{"error": "mkdir: cannot create directory \'archive\': File exists"}',
      '{"error": "mkdir: cannot create directory \'a/b\': Invalid character"}',
      'None',
      '{"error": "touch: cannot touch \'notes.txt\': File exists"}',
      "Error during execution: argument of type 'NoneType' is not iterable",
    ]);
  });

  it('writes with echo and reads with cat, failing as Python fails on a directory or a list', () => {
    expect(
      world.execute([
        "echo(content='hi there')",
        "echo(content='one\\ntwo', file_name='empty.txt')",
        "echo(content='x', file_name='missing.txt')",
        "echo(content='x', file_name='projects')",
        "cat(file_name='empty.txt')",
        "cat(file_name='projects')",
        "cat(file_name='nope')",
        "cat(file_name=['x'])",
      ]),
    ).toEqual([
      '{"terminal_output": "hi there"}',
      'None',
      '{"error": "echo: cannot write to \'missing.txt\': No such file"}',
      "Error during execution: 'Directory' object has no attribute '_write'",
      '{"file_content": "one\\ntwo"}',
      '{"error": "cat: \'projects\': Is a directory"}',
      '{"error": "cat: \'nope\': No such file or directory"}',
      "Error during execution: unhashable type: 'list'",
    ]);
  });

  it('finds by substring under a path, in insertion order', () => {
    expect(
      world.execute([
        'find()',
        "find(path='projects', name='o')",
        "find(path='/home/projects/')",
        "find(path='zzz')",
        'find(name=3)',
      ]),
    ).toEqual([
      '{"matches": ["./notes.txt", "./draft.txt", "./.secret", "./projects", "./projects/plan.md", "./projects/old", "./archive", "./empty.txt"]}',
      '{"matches": ["projects/old"]}',
      '{"error": "find: \'/home/projects/\': No such file or directory"}',
      '{"error": "find: \'zzz\': No such file or directory"}',
      "Error during execution: 'in <string>' requires string as left operand, not int",
    ]);
  });

  it('counts, sorts and greps lines as str.splitlines and str.split do', () => {
    expect(
      world.execute([
        "wc(file_name='notes.txt')",
        "wc(file_name='notes.txt', mode='w')",
        "wc(file_name='projects/plan.md', mode='c')",
        "wc(file_name='notes.txt', mode='x')",
        "sort(file_name='notes.txt')",
        "grep(file_name='notes.txt', pattern='a')",
        "grep(file_name='nope', pattern='a')",
      ]),
    ).toEqual([
      '{"count": 3, "type": "lines"}',
      '{"count": 4, "type": "words"}',
      '{"error": "wc: projects/plan.md: No such file or directory"}',
      '{"error": "wc: invalid mode \'x\'"}',
      '{"sorted_content": "alpha\\nbeta\\ngamma delta"}',
      '{"matching_lines": ["beta", "alpha", "gamma delta"]}',
      '{"error": "grep: nope: No such file or directory"}',
    ]);
  });

  it('sizes in UTF-8 bytes, tails with slice semantics, diffs paired lines', () => {
    expect(
      world.execute([
        'du()',
        'du(human_readable=True)',
        "tail(file_name='notes.txt', lines=2)",
        "tail(file_name='notes.txt', lines=0)",
        "tail(file_name='notes.txt', lines=2.0)",
        "tail(file_name='notes.txt', lines='2')",
        "diff(file_name1='notes.txt', file_name2='draft.txt')",
        "diff(file_name1='notes.txt', file_name2='nope')",
      ]),
    ).toEqual([
      '{"disk_usage": "56 bytes"}',
      '{"disk_usage": "56.00 B"}',
      '{"last_lines": "alpha\\ngamma delta"}',
      '{"last_lines": "beta\\nalpha\\ngamma delta"}',
      'Error during execution: slice indices must be integers or None or have an __index__ method',
      "Error during execution: '>' not supported between instances of 'str' and 'int'",
      '{"diff_lines": "- alpha\\n+ ALPHA\\n- gamma delta\\n+ gamma"}',
      '{"error": "diff: notes.txt or nope: No such file or directory"}',
    ]);
  });

  it('copies and moves into directories or under new names', () => {
    expect(
      world.execute([
        "cp(source='notes.txt', destination='archive')",
        "cp(source='notes.txt', destination='archive')",
        "cp(source='projects', destination='projects_copy')",
        "cp(source='draft.txt', destination='a/b')",
        "mv(source='draft.txt', destination='archive')",
        "mv(source='empty.txt', destination='renamed.txt')",
        "mv(source='renamed.txt', destination='notes.txt')",
        "mv(source='nope', destination='x')",
      ]),
    ).toEqual([
      '{"result": "\'notes.txt\' copied to \'archive/notes.txt\'"}',
      "Error during execution: File 'notes.txt' already exists in directory 'archive'.",
      '{"result": "\'projects\' copied to \'projects_copy\'"}',
      '{"error": "cp: path not allowed in destination. Provide only a file or directory name."}',
      '{"result": "\'draft.txt\' moved to \'archive/draft.txt\'"}',
      '{"result": "\'empty.txt\' moved to \'renamed.txt\'"}',
      '{"error": "mv: cannot move \'renamed.txt\' to \'notes.txt\': Not a directory"}',
      '{"error": "mv: cannot move \'nope\': No such file or directory"}',
    ]);
  });

  it('removes files and only empty directories, and leaves the state the leaderboard compares', () => {
    expect(
      world.execute([
        "rm(file_name='renamed.txt')",
        "rm(file_name='renamed.txt')",
        "rmdir(dir_name='projects')",
        "rmdir(dir_name='notes.txt')",
        "cd(folder='archive')",
        "rmdir(dir_name='nope')",
        "cd(folder='/')",
        'ls()',
      ]),
    ).toEqual([
      '{"result": "\'renamed.txt\' removed"}',
      '{"error": "rm: cannot remove \'renamed.txt\': No such file or directory"}',
      '{"error": "rmdir: cannot remove \'projects\': Directory not empty"}',
      '{"error": "rmdir: cannot remove \'notes.txt\': Not a directory"}',
      '{"current_working_directory": "archive"}',
      '{"error": "rmdir: cannot remove \'nope\': No such file or directory"}',
      '{"current_working_directory": "home"}',
      '{"current_directory_content": ["notes.txt", "projects", "archive", "projects_copy"]}',
    ]);
    const notes = { name: 'notes.txt', content: 'beta\nalpha\ngamma delta\n' };
    const projects = { 'plan.md': { name: 'plan.md', content: 'café ✓' }, old: { name: 'old', contents: {} } };
    const expected = {
      long_context: false,
      root: {
        name: 'home',
        contents: {
          'notes.txt': notes,
          '.secret': { name: '.secret', content: 'x' },
          projects: { name: 'projects', contents: projects },
          archive: {
            name: 'archive',
            contents: { 'notes.txt': notes, 'draft.txt': { name: 'draft.txt', content: 'beta\nALPHA\ngamma' } },
          },
          projects_copy: { name: 'projects_copy', contents: projects },
        },
      },
    };
    expect(pyEquals(world.instances.get('GorillaFileSystem')!.publicState(), expected)).toBe(true);
  });
});

describe('GorillaFileSystem quirks the leaderboard has', () => {
  it('shares a copied directory’s children with the original, parents included', () => {
    const config = {
      GorillaFileSystem: { root: { w: directory({ src: directory({ 'a.txt': file('old'), deep: directory({}) }) }) } },
    };
    expect(
      worldOf(config).execute([
        "cp(source='src', destination='dup')",
        "cd(folder='dup')",
        "echo(content='new', file_name='a.txt')",
        "cd(folder='deep')",
        "cd(folder='..')",
        'pwd()',
        "cat(file_name='a.txt')",
      ]),
    ).toEqual([
      '{"result": "\'src\' copied to \'dup\'"}',
      '{"current_working_directory": "dup"}',
      'None',
      '{"current_working_directory": "deep"}',
      '{}',
      '{"current_working_directory": "/w/src"}',
      '{"file_content": "new"}',
    ]);
  });

  it('starts at a root named "/" when the scenario has none', () => {
    expect(worldOf({}).execute(['pwd()', 'ls()'])).toEqual([
      '{"current_working_directory": "//"}',
      '{"current_directory_content": []}',
    ]);
  });

  it('in the long-context category, lengthens files but the few it keeps and adds thirty images', () => {
    const config = {
      GorillaFileSystem: { root: { w: directory({ 'notes.txt': file('n'), 'report.txt': file('r') }) } },
    };
    const world = worldOf(config, true);
    const [listing, ...rest] = world.execute([
      'ls()',
      "wc(file_name='notes.txt', mode='c')",
      "wc(file_name='report.txt', mode='c')",
      'du(human_readable=True)',
    ]);
    const names = (JSON.parse(listing!) as { current_directory_content: string[] }).current_directory_content;
    expect(names.slice(0, 4)).toEqual([
      'notes.txt',
      'report.txt',
      'image_344822349461074042.jpg',
      'image_8219547643081662353.jpg',
    ]);
    expect(names).toHaveLength(32);
    expect(rest).toEqual([
      '{"count": 3252, "type": "characters"}',
      '{"count": 1, "type": "characters"}',
      '{"disk_usage": "3.20 KB"}',
    ]);
    expect(world.instances.get('GorillaFileSystem')!.publicState().long_context).toBe(true);
  });
});
