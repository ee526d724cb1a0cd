import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExperimentRun } from '../../../shared/experiments/types';
import { testBackend } from '../../helpers/backend';
import { startOpenAIServer, type ChatScript } from '../../helpers/openai-server';

/** The same 8 on-call runs logged pretty and compact (make-oncall.mjs); run 8 ends on a call. */
const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'experiments');
const PRETTY = path.join(FIXTURES, 'oncall-pretty.jsonl');
const COMPACT = path.join(FIXTURES, 'oncall-compact.jsonl');

type Message = {
  role: string;
  content?: string | null;
  tool_calls?: { function: { name: string; arguments: string } }[];
};
const records = fs
  .readFileSync(COMPACT, 'utf8')
  .trim()
  .split('\n')
  .map((line) => (JSON.parse(line) as { messages: Message[] }).messages);

let served = 0;

/** A candidate that repeats its recording: the recorded assistant message that comes next (with ids of its own). */
const repeatsTheRecording: ChatScript = (body) => {
  const asked = body.messages as Message[];
  const user = asked.find((m) => m.role === 'user')!.content;
  const recorded = records.find((r) => r.some((m) => m.role === 'user' && m.content === user))!;
  const turn = asked.filter((m) => m.role === 'assistant').length;
  const next = recorded.filter((m) => m.role === 'assistant')[turn];
  if (!next) return { content: 'The recording has no turn here.' };
  return next.tool_calls
    ? {
        toolCalls: next.tool_calls.map((c) => ({
          id: `srv_${++served}`,
          name: c.function.name,
          arguments: JSON.parse(c.function.arguments) as unknown,
        })),
      }
    : { content: next.content ?? '' };
};

const incident = (run: ExperimentRun) => Number(/\(incident (\d+)\)/.exec(run.sourceTitle)?.[1]);

describe('an experiment whose candidate repeats the recordings', () => {
  it('reports every run the same, whether the recordings were logged pretty or compact', async () => {
    const server = await startOpenAIServer({ script: repeatsTheRecording });
    const b = testBackend({ seed: false });
    for (const file of [PRETTY, COMPACT])
      expect((await b.registry.invoke('trajectories.import', { path: file, mode: 'strict' })).imported).toBe(8);
    const experiment = (file: string) =>
      b.registry.invoke('experiments.run', {
        definition: {
          name: path.basename(file),
          filter: { source: path.basename(file) },
          candidates: [{ label: 'repeats', model: { kind: 'server', baseUrl: server.baseUrl, model: 'oncall' } }],
        },
      });
    const pretty = await experiment(PRETTY);
    const compact = await experiment(COMPACT);
    const table = { runs: 8, same: 8, diverged: 0, improved: 0, regressed: 0, errored: 0, misses: 0 };
    expect(pretty.table).toEqual([expect.objectContaining(table)]);
    expect(compact.table).toEqual([expect.objectContaining(table)]);
    for (const run of [...pretty.runs, ...compact.runs]) expect(run.divergence).toBeNull();

    // A replayed result is the recorded text itself, byte for byte, not its value written out again.
    const first = pretty.runs.find((r) => incident(r) === 1)!;
    const source = await b.registry.invoke('trajectories.get', { id: first.sourceId });
    const rerun = await b.registry.invoke('trajectories.get', { id: first.runId! });
    const results = (turns: typeof source.turns) => turns.filter((t) => t.role === 'tool').map((t) => t.content);
    expect(results(rerun.turns)).toEqual(results(source.turns));
    expect(results(rerun.turns)[0]).toContain('\n  "replicas": 3.0,');

    // Run 8 was cut off on its rollback call: the re-run ends on the same call, its outcome as unknown.
    for (const cut of [pretty, compact].map((e) => e.runs.find((r) => incident(r) === 8)!)) {
      expect(cut).toMatchObject({ verdict: 'same', outcomeBefore: 'unknown', outcomeAfter: 'unknown', misses: [] });
      const turns = (await b.registry.invoke('trajectories.get', { id: cut.runId! })).turns;
      expect(turns.at(-1)!.toolCalls?.map((c) => c.name)).toEqual(['rollback_deploy']);
      expect(JSON.stringify(turns)).not.toContain('never called in the recording');
    }
  });

  it('still finds the first real divergence: another rollback version, after turns that differ only in spelling', async () => {
    const other: ChatScript = (body) => {
      const reply = repeatsTheRecording(body) as { toolCalls?: { name: string; arguments: Record<string, unknown> }[] };
      for (const call of reply.toolCalls ?? [])
        if (call.name === 'rollback_deploy') call.arguments = { ...call.arguments, to_version: 'v0.0.1' };
      return reply;
    };
    const server = await startOpenAIServer({ script: other });
    const b = testBackend({ seed: false });
    await b.registry.invoke('trajectories.import', { path: PRETTY, mode: 'strict' });
    const result = await b.registry.invoke('experiments.run', {
      definition: {
        name: 'other version',
        filter: { source: 'oncall-pretty.jsonl', text: 'payments' },
        candidates: [{ model: { kind: 'server', baseUrl: server.baseUrl, model: 'oncall' } }],
      },
    });
    // Incident 2: system, user, the parallel checks (turn 2) and their two results, then the rollback (turn 5).
    expect(result.runs).toHaveLength(2);
    expect(result.runs.find((r) => incident(r) === 2)!.divergence).toEqual({
      kind: 'arguments',
      runTurn: 5,
      sourceTurn: 5,
      changes: [{ path: 'toolCalls[0].args.to_version', before: 'v2.3.1', after: 'v0.0.1' }],
    });
  });
});
