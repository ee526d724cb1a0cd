import { describe, expect, it } from 'vitest';
import type { Turn } from '../../../shared/domain';
import { firstDivergence, rerunStart } from '../../../shared/experiments/divergence';
import { sideBySide, summarize, verdictOf } from '../../../shared/experiments/table';
import type { ExperimentRun } from '../../../shared/experiments/types';

const call = (name: string, args: unknown, id = 'c1'): Turn => ({ role: 'assistant', toolCalls: [{ id, name, args }] });
const result = (content: string, id = 'c1'): Turn => ({ role: 'tool', toolCallId: id, content });
const answer = (content: string, thought?: string): Turn => ({
  role: 'assistant',
  content,
  ...(thought ? { thought } : {}),
});
const start: Turn[] = [
  { role: 'system', content: 'S' },
  { role: 'user', content: 'Weather in Oslo?' },
];
const recording = [...start, call('get_weather', { city: 'Oslo', unit: 'C' }), result('{"t":3}'), answer('3°C.')];

describe('the first divergence of a re-run from its recording', () => {
  it('is none when the calls and the answer are the same, whatever the thoughts, call ids and replay notes', () => {
    const run = [
      ...start,
      { ...call('get_weather', { unit: 'C', city: 'Oslo' }, 'srv_0'), thought: 'I will look it up' },
      { ...result('{"t":3}', 'srv_0'), thought: 'replayed: exact' },
      answer('3°C.', 'done'),
    ];
    expect(firstDivergence(recording, run, 2)).toBeNull();
  });

  it('names each argument that differs, the tool when it differs, and the answer', () => {
    const args = [...start, call('get_weather', { city: 'oslo', unit: 'F' })];
    expect(firstDivergence(recording, args, 2)).toEqual({
      kind: 'arguments',
      runTurn: 2,
      sourceTurn: 2,
      changes: [
        { path: 'toolCalls[0].args.city', before: 'Oslo', after: 'oslo' },
        { path: 'toolCalls[0].args.unit', before: 'C', after: 'F' },
      ],
    });
    expect(firstDivergence(recording, [...start, call('get_forecast', { city: 'Oslo' })], 2)).toMatchObject({
      kind: 'tool',
      changes: [{ path: 'toolCalls[0].name', before: 'get_weather', after: 'get_forecast' }],
    });
    expect(firstDivergence(recording, [...recording.slice(0, 4), answer('Cold.')], 2)).toEqual({
      kind: 'answer',
      runTurn: 4,
      sourceTurn: 4,
      changes: [{ path: 'content', before: '3°C.', after: 'Cold.' }],
    });
    // Answering at once where the recording called a tool is another tool choice.
    expect(firstDivergence(recording, [...start, answer('3°C.')], 2)).toMatchObject({ kind: 'tool', runTurn: 2 });
    // A run that stops where the recording goes on differs in length.
    expect(firstDivergence(recording, recording.slice(0, 4), 2)).toMatchObject({
      kind: 'length',
      runTurn: null,
      sourceTurn: 4,
    });
  });

  it('compares from the run’s own start when a system prompt was put first', () => {
    const bare = recording.slice(1);
    const run = [
      { role: 'system' as const, content: 'New' },
      ...bare.slice(0, 1),
      call('get_weather', { city: 'Bergen', unit: 'C' }),
    ];
    expect(firstDivergence(bare, run, 1, 2)).toMatchObject({ kind: 'arguments', sourceTurn: 1, runTurn: 2 });
  });

  it('starts a re-run at the first assistant turn, or at the chosen one when it is an assistant turn', () => {
    expect(rerunStart(recording)).toEqual({ start: 2 });
    expect(rerunStart(recording, 4)).toEqual({ start: 4 });
    expect(rerunStart(recording, 3)).toEqual({ error: 'turn 3 is a tool turn; its assistant turns are 2, 4' });
    expect(rerunStart(start)).toEqual({ error: 'it has no assistant turn to re-run' });
  });
});

describe('the first divergence compares values, not spellings', () => {
  const ask: Turn[] = [{ role: 'user', content: 'auth is failing: check it, scale it, roll back' }];
  const parallel = (ids: [string, string], args: unknown = { service: 'auth' }): Turn => ({
    role: 'assistant',
    toolCalls: [
      { id: ids[0], name: 'get_health', args },
      { id: ids[1], name: 'list_deploys', args },
    ],
  });
  const health = (id: string, text = '{\n  "service": "auth",\n  "error_rate": 0.30\n}') => result(text, id);
  const deploys = (id: string, text = '{ "deploys": [ { "version": "v5.8.0" }, { "version": "v5.7.9" } ] }') =>
    result(text, id);
  const recorded = [
    ...ask,
    parallel(['call_1', 'call_2']),
    health('call_1'),
    deploys('call_2'),
    call('rollback_deploy', { service: 'auth', to_version: 'v5.7.9', replicas: 3.0 }, 'call_3'),
    result('{"ok": true}', 'call_3'),
    answer('Rolled back auth to v5.7.9.'),
  ];

  it('is none for a run whose results are the same values written compactly, with JSON arguments as text', () => {
    const rerun = [
      ...ask,
      parallel(['srv_0', 'srv_1'], '{"service":"auth"}'),
      health('srv_0', '{"error_rate":0.3,"service":"auth"}'),
      deploys('srv_1', '{"deploys":[{"version":"v5.8.0"},{"version":"v5.7.9"}]}'),
      call('rollback_deploy', { replicas: 3, to_version: 'v5.7.9', service: 'auth' }, 'srv_2'),
      result('{"ok":true}', 'srv_2'),
      answer('Rolled back auth to v5.7.9.'),
    ];
    expect(firstDivergence(recorded, rerun, 1)).toBeNull();
  });

  it('pairs parallel calls and their results by call id, whatever order they were made and answered in', () => {
    const rerun = [
      ...ask,
      { role: 'assistant' as const, toolCalls: [...parallel(['srv_0', 'srv_1']).toolCalls!].reverse() },
      deploys('srv_1', '{"deploys":[{"version":"v5.8.0"},{"version":"v5.7.9"}]}'),
      health('srv_0', '{"service":"auth","error_rate":0.3}'),
      ...recorded.slice(4),
    ];
    expect(firstDivergence(recorded, rerun, 1)).toBeNull();
    // A result that truly differs is found at its own turn, named by its call, not by position.
    const other = [...rerun];
    other[2] = deploys('srv_1', '{"deploys":[{"version":"v5.8.0"}]}');
    expect(firstDivergence(recorded, other, 1)).toMatchObject({ kind: 'result', sourceTurn: 3, runTurn: 2 });
  });

  it('finds the real first divergence after turns that differ only in spelling', () => {
    const rerun = [
      ...ask,
      parallel(['srv_0', 'srv_1']),
      health('srv_0', '{"service":"auth","error_rate":0.3}'),
      deploys('srv_1', '{"deploys":[{"version":"v5.8.0"},{"version":"v5.7.9"}]}'),
      call('rollback_deploy', { service: 'auth', to_version: 'v5.8.0', replicas: 3 }, 'srv_2'),
    ];
    expect(firstDivergence(recorded, rerun, 1)).toEqual({
      kind: 'arguments',
      runTurn: 4,
      sourceTurn: 4,
      changes: [{ path: 'toolCalls[0].args.to_version', before: 'v5.7.9', after: 'v5.8.0' }],
    });
  });
});

const run = (patch: Partial<ExperimentRun>): ExperimentRun => ({
  sourceId: 's1',
  sourceTitle: 'one',
  candidate: 0,
  runId: 'r1',
  verdict: 'same',
  error: null,
  divergence: null,
  misses: [],
  outcomeBefore: 'success',
  outcomeAfter: 'success',
  findingsBefore: 0,
  findingsAfter: 0,
  turns: 5,
  tokens: { prompt: 10, completion: 2 },
  ms: 5,
  ...patch,
});

describe('verdicts and the table', () => {
  it('improves from failure to success, regresses the other way, diverges otherwise, errs when it could not run', () => {
    const d = { kind: 'tool' as const, runTurn: 2, sourceTurn: 2, changes: [] };
    expect(verdictOf({ error: null, divergence: d, outcomeBefore: 'failure', outcomeAfter: 'success' })).toBe(
      'improved',
    );
    expect(verdictOf({ error: null, divergence: d, outcomeBefore: 'success', outcomeAfter: 'failure' })).toBe(
      'regressed',
    );
    expect(verdictOf({ error: null, divergence: d, outcomeBefore: 'success', outcomeAfter: 'success' })).toBe(
      'diverged',
    );
    expect(verdictOf({ error: null, divergence: null, outcomeBefore: 'failure', outcomeAfter: 'failure' })).toBe(
      'same',
    );
    expect(verdictOf({ error: 'boom', divergence: null, outcomeBefore: 'failure', outcomeAfter: null })).toBe(
      'errored',
    );
  });

  it('counts per candidate and sets two candidates side by side, the better run named', () => {
    const runs = [
      run({ verdict: 'same' }),
      run({
        sourceId: 's2',
        sourceTitle: 'two',
        verdict: 'regressed',
        outcomeAfter: 'failure',
        misses: [{ turn: 3, tool: 't', args: {}, nearest: null }],
      }),
      // Errored: counted as such, and in neither side of "succeeded".
      run({ sourceId: 's3', sourceTitle: 'three', verdict: 'errored', error: 'down', outcomeAfter: null }),
      run({ candidate: 1, verdict: 'same' }),
      run({ candidate: 1, sourceId: 's2', sourceTitle: 'two', verdict: 'same', findingsAfter: 1 }),
    ];
    const candidates = [
      { model: { kind: 'local' as const }, format: 'json' as const, temperature: 0, maxTokens: 8, seed: 1, label: 'A' },
      { model: { kind: 'local' as const }, format: 'json' as const, temperature: 0, maxTokens: 8, seed: 1, label: 'B' },
    ];
    expect(summarize(candidates, runs)[0]).toMatchObject({
      label: 'A',
      runs: 3,
      same: 1,
      regressed: 1,
      errored: 1,
      misses: 1,
      succeededBefore: 2,
      succeededAfter: 1,
    });
    expect(sideBySide(runs, 0, 1).map((r) => [r.sourceTitle, r.better])).toEqual([
      ['one', null],
      ['two', 'b'],
      ['three', null],
    ]);
  });
});
