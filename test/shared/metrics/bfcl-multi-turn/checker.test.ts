import { describe, expect, it } from 'vitest';
import { defineApiClass, type BfclApi } from '../../../../shared/metrics/bfcl-multi-turn/api';
import {
  firstDifference,
  missingResponses,
  scoreMultiTurnEntry,
} from '../../../../shared/metrics/bfcl-multi-turn/checker';
import { decodeExecuteStep, StepNotDecoded } from '../../../../shared/metrics/bfcl-multi-turn/decode';

/** A small class in the leaderboard's shape: folders, a current one, a counter of notes. */
class Folders implements BfclApi {
  folders: string[] = [];
  current = '/';
  notes: string[] = [];
  loadScenario(scenario: Record<string, unknown>) {
    this.folders = [...((scenario.folders as string[] | undefined) ?? [])];
  }
  publicState() {
    return { folders: this.folders, current: this.current, notes: this.notes };
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
    mkdir: {
      params: [{ name: 'dir_name' }],
      run(api, { dir_name }) {
        api.folders.push(dir_name as string);
        return 'None';
      },
    },
    pwd: { params: [], run: (api) => ({ current_working_directory: api.current }) },
    note: {
      params: [{ name: 'text' }, { name: 'tags', default: null }],
      run(api, { text }) {
        api.notes.push(text as string);
        return null;
      },
    },
  },
});
const classes = { Folders: folders };
const entry = (id = 'multi_turn_base_7') => ({
  id,
  involvedClasses: ['Folders'],
  initialConfig: { Folders: { folders: ['docs', 'temp'] } },
});
const truth = [["cd(folder='docs')", 'pwd()'], [], ["mkdir(dir_name='new')"]];
const score = (result: unknown, mode: 'prompt' | 'fc' = 'prompt', gt = truth) =>
  scoreMultiTurnEntry(entry(), gt, result, mode, { classes });

// Verdicts and messages as multi_turn_checker.py and eval_runner.py word them.
describe('BFCL multi-turn checker: the leaderboard’s verdict per entry', () => {
  it('passes the ground truth written as a prompt-mode model writes it, with chat steps skipped', () => {
    const verdict = score([
      ["[cd(folder='docs'), pwd()]", 'Done.'],
      ['I cannot do that.'],
      ["[mkdir(dir_name='new')]"],
    ]);
    expect(verdict).toMatchObject({ valid: true });
    expect(verdict.details.turns[0]!.steps[0]!.results).toEqual([
      '{"current_working_directory": "docs"}',
      '{"current_working_directory": "docs"}',
    ]);
    expect(verdict.details.turns[0]!.skipped).toEqual([{ step: 1, reason: expect.stringContaining('not decoded') }]);
  });

  it('inference_error when the result is not a list of turns', () => {
    expect(score('the model timed out')).toMatchObject({
      valid: false,
      errorType: 'multi_turn:inference_error',
      errorMessage: 'Error during inference phase. Model did not output a list of model responses.',
    });
  });

  it('force_terminated when the number of turns differs from the ground truth', () => {
    expect(score([["[cd(folder='docs')]"]])).toMatchObject({
      errorType: 'multi_turn:force_terminated',
      errorMessage:
        'Model was force-terminated during inference phase. The length of the model result turns (1) does not match the length of the ground truth turns (3).',
    });
  });

  it('empty_turn_model_response when no step of a turn with ground truth decodes to a call', () => {
    const verdict = score([["[cd(folder='docs'), pwd()]"], [], ['[]', "[mkdir(dir_name='new'"]]);
    expect(verdict).toMatchObject({
      errorType: 'multi_turn:empty_turn_model_response',
      errorMessage: 'Model response list is empty for turn 2',
      details: { turn: 2 },
    });
    expect(verdict.details.turns[2]!.skipped.map((s) => s.step)).toEqual([0, 1]);
  });

  it('instance_state_mismatch names the class and each attribute that differs, as repr', () => {
    const verdict = score([["[cd(folder='temp'), pwd()]"], [], ["[mkdir(dir_name='new')]"]]);
    expect(verdict).toMatchObject({
      errorType: 'multi_turn:instance_state_mismatch',
      errorMessage: 'Model instance for Folders does not match the state with ground truth instance.',
      details: {
        turn: 0,
        state: {
          className: 'Folders',
          differences: [{ attribute: 'current', model: "'temp'", groundTruth: "'docs'" }],
        },
      },
    });
  });

  it('execution_response_mismatch lists the ground truth results missing from all turns so far', () => {
    // Same state (cd twice ends in docs), but pwd's answer never came.
    const verdict = score([["[cd(folder='temp'), cd(folder='docs')]"], [], ["[mkdir(dir_name='new')]"]]);
    expect(verdict).toMatchObject({
      errorType: 'multi_turn:execution_response_mismatch',
      errorMessage:
        'Model response execution results so far does not contain all the ground truth response execution results for turn 0.',
      details: { turn: 0, missing: ['{"current_working_directory": "docs"}'] },
    });
  });

  it('counts responses of earlier turns, and runs calls made where the ground truth is empty', () => {
    // mkdir made early, in the turn where nothing was asked: turn 2's state and its response are already there.
    expect(score([["[cd(folder='docs'), pwd()]"], ["[mkdir(dir_name='new')]"], ['[pwd()]']])).toMatchObject({
      valid: true,
    });
    // The same call made one turn too early, where the ground truth asks for something else, is a state mismatch.
    const gt = [["cd(folder='docs')"], ["mkdir(dir_name='new')"]];
    expect(score([["[cd(folder='docs'), mkdir(dir_name='new')]"], ['[pwd()]']], 'prompt', gt)).toMatchObject({
      errorType: 'multi_turn:instance_state_mismatch',
      details: { turn: 0, state: { differences: [{ attribute: 'folders' }] } },
    });
  });

  it('reads a function-calling model’s steps: JSON text or objects, text steps skipped', () => {
    const fc = [[[{ cd: '{"folder": "docs"}' }, { pwd: {} }], 'Here you are.'], [], [{ mkdir: '{"dir_name": "new"}' }]];
    expect(score(fc, 'fc')).toMatchObject({ valid: true });
    const broken = [[[{ cd: '{"folder": "docs"' }]], [], [[{ mkdir: '{"dir_name": "new"}' }]]];
    expect(score(broken, 'fc')).toMatchObject({ errorType: 'multi_turn:empty_turn_model_response' });
  });

  it('a prompt-mode positional argument is dropped by the decoder, as the leaderboard drops it', () => {
    expect(score([["[cd('docs'), pwd()]"], [], ["[mkdir(dir_name='new')]"]])).toMatchObject({
      errorType: 'multi_turn:instance_state_mismatch',
    });
  });

  it('an entry whose API class Trellis lacks is its own verdict', () => {
    expect(
      scoreMultiTurnEntry(
        { ...entry(), involvedClasses: ['MathAPI'] },
        [['add(a=1,b=2)']],
        [['[add(a=1,b=2)]']],
        'prompt',
        { classes },
      ),
    ).toMatchObject({
      valid: false,
      errorType: 'trellis:unknown_api_class',
    });
  });
});

describe('BFCL multi-turn decoding: the handlers’ decode_execute', () => {
  it('prompt mode writes keyword arguments back with repr, nested calls and dicts as parse_nested_value does', () => {
    expect(decodeExecuteStep("[f(a=1, b=2.0, c='x', d=[1, (2, 3)], e=None, g=True)]", 'prompt')).toEqual([
      "f(a=1, b=2.0, c='x', d=[1, (2, 3)], e=None, g=True)",
    ]);
    expect(decodeExecuteStep("f(x={'k': 1, 'm': 'v'}, y=g(z=1), w={'a': {'b': 2}})", 'prompt')).toEqual([
      "f(x={'k': 1, 'm': 'v'}, y=g(z=1), w=a(b=2))",
    ]);
    expect(decodeExecuteStep('[]', 'prompt')).toEqual([]);
    expect(() => decodeExecuteStep('f(x={})', 'prompt')).toThrow(StepNotDecoded);
    expect(() => decodeExecuteStep(['f(x=1)'], 'prompt')).toThrow(StepNotDecoded);
    expect(() => decodeExecuteStep('```python\n[f(x=1)]\n```', 'prompt')).toThrow(StepNotDecoded);
  });

  it('FC mode writes name(k=repr(v),…) for every key of every item', () => {
    expect(decodeExecuteStep([{ f: '{"a": 1, "b": 1.0, "c": "x", "d": [true, null]}', g: { h: 'y' } }], 'fc')).toEqual([
      "f(a=1,b=1.0,c='x',d=[True, None])",
      "g(h='y')",
    ]);
    expect(decodeExecuteStep({ f: '{}' }, 'fc')).toEqual(['f()']);
    expect(decodeExecuteStep('', 'fc')).toEqual([]);
    for (const step of ['text', [{ f: '[1]' }], ['f'], 5, null])
      expect(() => decodeExecuteStep(step, 'fc')).toThrow(StepNotDecoded);
  });

  it('a nested state difference says where it first differs: a key only one side has, or the first unequal item', () => {
    const tree = (contents: Record<string, unknown>) => ({ name: 'home', contents });
    expect(firstDifference(tree({ a: 1, b: 2 }), tree({ a: 1, c: 2 }), 'root')).toEqual({
      path: "root['contents']['c']",
      model: '(absent)',
      groundTruth: '2',
    });
    expect(firstDifference([1, [2, 3]], [1, [2, 4]], 'xs')).toEqual({ path: 'xs[1][1]', model: '3', groundTruth: '4' });
    expect(firstDifference([1], [1, 2], 'xs')).toEqual({ path: 'xs', model: '[1]', groundTruth: '[1, 2]' });
  });

  it('responses are matched as a multiset, in any order', () => {
    expect(missingResponses(['a', 'b', 'a'], ['b', 'a', 'c'])).toEqual(['a']);
    expect(missingResponses(['a', 'b'], ['b', 'a'])).toEqual([]);
  });
});
