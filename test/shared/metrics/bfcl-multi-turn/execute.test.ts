import { describe, expect, it } from 'vitest';
import { defineApiClass, PyError, type BfclApi } from '../../../../shared/metrics/bfcl-multi-turn/api';
import { BfclWorld } from '../../../../shared/metrics/bfcl-multi-turn/execute';
import { add, float, truediv } from '../../../../shared/metrics/bfcl-multi-turn/py-num';
import { PyFloat } from '../../../../shared/metrics/bfcl/values';

/** A small class in the leaderboard's shape: a folder list with a current folder, and arithmetic. */
class Folders implements BfclApi {
  folders: string[] = [];
  current = '/';
  long_context = false;
  loadScenario(scenario: Record<string, unknown>, longContext: boolean) {
    this.folders = (scenario.folders as string[] | undefined) ?? [];
    this.long_context = longContext;
  }
  publicState() {
    return { folders: this.folders, long_context: this.long_context };
  }
}
const folders = defineApiClass<Folders>({
  name: 'Folders',
  stateless: false,
  create: () => new Folders(),
  methods: {
    cd: {
      params: [{ name: 'folder' }],
      run(api, { folder }) {
        if (!api.folders.includes(folder as string)) return { error: `cd: ${String(folder)}: No such directory` };
        api.current = folder as string;
        return { current_working_directory: folder };
      },
    },
    ls: { params: [{ name: 'a', default: false }], run: (api) => ({ current_directory_content: api.folders }) },
    mv: { params: [{ name: 'source' }, { name: 'destination' }], run: () => null },
    rm: { params: [{ name: 'file_name' }], run: () => 'removed' },
  },
});
const math = defineApiClass<BfclApi>({
  name: 'Math',
  stateless: true,
  create: () => ({ loadScenario: () => undefined, publicState: () => ({}) }),
  methods: {
    add: { params: [{ name: 'a' }, { name: 'b' }], run: (_api, { a, b }) => ({ result: add(a, b) }) },
    divide: {
      params: [{ name: 'a' }, { name: 'b' }],
      run: (_api, { a, b }) => {
        if (b === 0) throw new PyError('division by zero', 'ZeroDivisionError');
        return { result: truediv(a, b) };
      },
    },
    mean: {
      params: [{ name: 'numbers' }],
      run: (_api, { numbers }) => [float(2), (numbers as unknown[]).length, true, null],
    },
  },
});
const classes = { Folders: folders, Math: math };
const world = () => new BfclWorld(['Folders', 'Math'], { Folders: { folders: ['x'] } }, false, classes);

describe('BFCL multi-turn executor: call strings run as the leaderboard runs them', () => {
  // Expected strings printed by the leaderboard's execute_multi_turn_func_call on calls of the same
  // shapes (GorillaFileSystem's cd/ls/mv and MathAPI's add there).
  it("binds arguments as Python does, with Python's TypeError messages", () => {
    expect(
      world().execute([
        'cd()',
        'cd(folder="x", extra=1)',
        'cd("x", folder="y")',
        'cd("a","b")',
        'mv()',
        'ls(True, True)',
        'cd("a", "b", extra=1)',
      ]),
    ).toEqual([
      "Error during execution: Folders.cd() missing 1 required positional argument: 'folder'",
      "Error during execution: Folders.cd() got an unexpected keyword argument 'extra'",
      "Error during execution: Folders.cd() got multiple values for argument 'folder'",
      'Error during execution: Folders.cd() takes 2 positional arguments but 3 were given',
      "Error during execution: Folders.mv() missing 2 required positional arguments: 'source' and 'destination'",
      'Error during execution: Folders.ls() takes from 1 to 2 positional arguments but 3 were given',
      // The unknown keyword is told before the extra positional argument, as in CPython.
      "Error during execution: Folders.cd() got an unexpected keyword argument 'extra'",
    ]);
  });
  it('refuses a keyword given twice as Python’s compiler does, before any call in the text runs', () => {
    const w = world();
    expect(w.execute(['cd(folder="x", folder="x")', 'ls(a=cd(folder="x", folder="y"))'])).toEqual([
      'Error during execution: keyword argument repeated: folder (<string>, line 1)',
      'Error during execution: keyword argument repeated: folder (<string>, line 1)',
    ]);
    expect((w.instances.get('Folders') as Folders).current).toBe('/');
  });
  it('refuses the names the leaderboard refuses, and names it does not know', () => {
    expect(world().execute(['exit()', 'foo(x=1)', 'cd(folder=nope)'])).toEqual([
      'Error during execution: Function call exit is not allowed.',
      "Error during execution: name 'foo' is not defined",
      "Error during execution: name 'nope' is not defined",
    ]);
  });
  it('evaluates arithmetic in arguments with ints and floats kept apart, and writes results as json.dumps or str', () => {
    const results = world().execute([
      'add(a=-1, b=2*3)',
      'add(a=1/2, b=0)',
      'add(a=1, b=2.0)',
      'add(a=-0.0, b=-0.0)',
      'add(a=-True, b=0)',
      'divide(a=1, b=0)',
      'mean(numbers=[1,2,3])',
      'rm(file_name="z")',
      'mv(source="a", destination="b")',
    ]);
    expect(results).toEqual([
      '{"result": 5}',
      '{"result": 0.5}',
      '{"result": 3.0}',
      '{"result": -0.0}',
      '{"result": -1}',
      'Error during execution: division by zero',
      '[2.0, 3, True, None]',
      'removed',
      'None',
    ]);
  });
  it('keeps state across calls, loads a deep copy of the scenario, and skips loading stateless classes', () => {
    const config = { Folders: { folders: ['x', 'y'] } };
    const w = new BfclWorld(['Folders', 'Math'], config, true, classes);
    expect(w.execute(['cd(folder="y")', 'ls()'])).toEqual([
      '{"current_working_directory": "y"}',
      '{"current_directory_content": ["x", "y"]}',
    ]);
    (w.instances.get('Folders') as Folders).folders.push('z');
    expect(config.Folders.folders).toEqual(['x', 'y']);
    expect(w.instances.get('Folders')!.publicState()).toEqual({ folders: ['x', 'y', 'z'], long_context: true });
    expect(() => new BfclWorld(['Nope'], {}, false, classes)).toThrow(/no API class named Nope/);
  });
  it('gives the method of the last class that declares a name', () => {
    const other = defineApiClass<BfclApi>({
      name: 'Other',
      stateless: true,
      create: () => ({ loadScenario: () => undefined, publicState: () => ({}) }),
      methods: { add: { params: [], run: () => new PyFloat(1) } },
    });
    expect(new BfclWorld(['Math', 'Other'], {}, false, { ...classes, Other: other }).execute(['add()'])).toEqual([
      '1.0',
    ]);
  });
});
