import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExperimentRun } from '../../../shared/experiments/types';
import { testBackend } from '../../helpers/backend';
import { startOpenAIServer, type ChatScript } from '../../helpers/openai-server';
import { tempDir } from '../../helpers/temp';
import { WEATHER_50, weatherScript } from '../../helpers/weather-candidate';

/** Words only Trellis writes when it cannot use an answer: none may ever be a model's turn or training text. */
const TRELLIS_NOTES =
  /The model called|not JSON|not one of the run's tools|was not used|answered nothing|\(no answer\)/;

const taskOf = (body: Record<string, unknown>) =>
  Number(/\(task (\d+)\)/.exec(JSON.stringify(body.messages))?.[1] ?? 0);

/**
 * The weather candidate, except on three tasks: 20 calls with arguments that are not JSON, 21
 * calls a tool the run was not given, 22 meets a server error.
 */
const unusableOnSome: ChatScript = async (body) => {
  const task = taskOf(body);
  if (task === 20) return { toolCalls: [{ name: 'get_weather', arguments: '{"city": "Oslo", unit: C' }] };
  if (task === 21) return { toolCalls: [{ name: 'delete_city', arguments: { city: 'Oslo' } }] };
  if (task === 22) throw new Error('the model crashed');
  return weatherScript(body);
};

async function experiment() {
  const server = await startOpenAIServer({ script: unusableOnSome });
  const b = testBackend({ seed: false });
  await b.registry.invoke('trajectories.import', { path: WEATHER_50, mode: 'strict' });
  const result = await b.registry.invoke('experiments.run', {
    definition: {
      name: 'unusable answers',
      // Tasks 2 and 20–29, and those whose words have a "2…" in them.
      filter: { source: 'weather-50.jsonl', text: 'task 2' },
      candidates: [
        { label: 'scripted', model: { kind: 'server', baseUrl: server.baseUrl, model: 'w', concurrency: 2 } },
      ],
    },
  });
  const byTask = new Map(result.runs.map((r) => [Number(/\(task (\d+)\)/.exec(r.sourceTitle)?.[1]), r]));
  return { b, result, run: (task: number): ExperimentRun => byTask.get(task)! };
}

describe('a candidate answer Trellis cannot use', () => {
  it('errs the run with the reason in the table, and stores the model’s own call, never Trellis’s note', async () => {
    const { b, result, run } = await experiment();
    expect(result.table).toEqual([expect.objectContaining({ runs: result.runs.length, errored: 3 })]);
    expect(result.runs.filter((r) => r.error).map((r) => r.sourceTitle)).toHaveLength(3);

    expect(run(20)).toMatchObject({
      verdict: 'errored',
      error: 'The model called get_weather with arguments that are not JSON: {"city": "Oslo", unit: C',
    });
    expect(run(21)).toMatchObject({
      verdict: 'errored',
      error: 'The model called "delete_city", which is not one of the run\'s tools (get_weather, get_forecast).',
    });
    expect(run(22)).toMatchObject({ verdict: 'errored', error: expect.stringContaining('the model crashed') });
    // The server error left nothing of the candidate's: no run is kept.
    expect(run(22).runId).toBeNull();
    expect(run(23).verdict).toBe('same');

    // The malformed call is kept as the model wrote it (its arguments the raw text), and the checks flag it.
    const malformed = await b.registry.invoke('trajectories.get', { id: run(20).runId! });
    expect(malformed.turns.at(-1)).toMatchObject({
      role: 'assistant',
      toolCalls: [{ name: 'get_weather', args: '{"city": "Oslo", unit: C' }],
    });
    const findings = await b.registry.invoke('trajectories.check', { id: malformed.id });
    expect(findings.map((f) => f.code)).toContain('malformed-call');
    const unknown = await b.registry.invoke('trajectories.get', { id: run(21).runId! });
    expect(unknown.turns.at(-1)).toMatchObject({ role: 'assistant', toolCalls: [{ name: 'delete_city' }] });
    for (const r of [malformed, unknown])
      for (const turn of r.turns) expect(`${turn.content ?? ''} ${turn.thought ?? ''}`).not.toMatch(TRELLIS_NOTES);
    // Neither run claims an outcome it did not reach.
    expect(run(20).outcomeAfter).toBeNull();
    expect(run(21).outcomeAfter).toBeNull();
  });

  it('exports nothing Trellis wrote as the model’s words, in OpenAI, ShareGPT and Hermes', async () => {
    const { b, run } = await experiment();
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'errored runs',
      picks: [run(20).runId!, run(21).runId!],
      ratio: { train: 1, validation: 0, test: 0 },
    });
    for (const format of ['openai', 'sharegpt', 'hermes'] as const) {
      const dir = tempDir();
      // Even records that break the format's rules (these end on a call nothing answered) are written.
      const exported = await b.registry.invoke('datasets.export', {
        id: dataset.id,
        format,
        dir,
        includeInvalid: true,
      });
      const written = exported.files.map((f) => fs.readFileSync(path.resolve(dir, f.path), 'utf8')).join('\n');
      expect(
        exported.files.reduce((n, f) => n + f.count, 0),
        format,
      ).toBe(2);
      expect(written, format).toContain('delete_city');
      expect(written, format).not.toMatch(TRELLIS_NOTES);
    }
  });

  it('on-call runs: a rollback whose arguments are not JSON errs its run alone, and no export carries the note', async () => {
    const compact = path.join(__dirname, '..', '..', 'fixtures', 'experiments', 'oncall-compact.jsonl');
    type Message = {
      role: string;
      content?: string | null;
      tool_calls?: { function: { name: string; arguments: string } }[];
    };
    const records = fs
      .readFileSync(compact, 'utf8')
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { messages: Message[] }).messages);
    // The candidate repeats each recording, except that in incident 1 it writes the rollback's arguments unquoted.
    const server = await startOpenAIServer({
      script: (body) => {
        const asked = body.messages as Message[];
        const user = asked.find((m) => m.role === 'user')!.content;
        const recorded = records.find((r) => r.some((m) => m.role === 'user' && m.content === user))!;
        const next = recorded.filter((m) => m.role === 'assistant')[asked.filter((m) => m.role === 'assistant').length];
        if (!next?.tool_calls) return { content: next?.content ?? 'Done.' };
        return {
          toolCalls: next.tool_calls.map((c) => ({
            name: c.function.name,
            arguments:
              user?.includes('(incident 1)') && c.function.name === 'rollback_deploy'
                ? '{"service":"auth","to_version":v5.7.9}'
                : c.function.arguments,
          })),
        };
      },
    });
    const b = testBackend({ seed: false });
    expect((await b.registry.invoke('trajectories.import', { path: compact, mode: 'strict' })).imported).toBe(8);
    const result = await b.registry.invoke('experiments.run', {
      definition: {
        name: 'on-call',
        filter: { source: 'oncall-compact.jsonl' },
        candidates: [{ label: 'on-call', model: { kind: 'server', baseUrl: server.baseUrl, model: 'oncall' } }],
      },
    });
    const errored = result.runs.filter((r) => r.verdict === 'errored');
    expect(errored.map((r) => [/\(incident (\d+)\)/.exec(r.sourceTitle)?.[1], r.error])).toEqual([
      [
        '1',
        'The model called rollback_deploy with arguments that are not JSON: {"service":"auth","to_version":v5.7.9}',
      ],
    ]);
    expect(result.table).toEqual([expect.objectContaining({ runs: 8, errored: 1 })]);
    const dataset = await b.registry.invoke('datasets.create', {
      name: 'on-call runs',
      picks: result.runs.map((r) => r.runId!),
      ratio: { train: 1, validation: 0, test: 0 },
    });
    for (const format of ['openai', 'sharegpt', 'hermes'] as const) {
      const dir = tempDir();
      const exported = await b.registry.invoke('datasets.export', {
        id: dataset.id,
        format,
        dir,
        includeInvalid: true,
      });
      const written = exported.files.map((f) => fs.readFileSync(path.resolve(dir, f.path), 'utf8')).join('\n');
      expect(
        exported.files.reduce((n, f) => n + f.count, 0),
        format,
      ).toBe(8);
      expect(written, format).not.toMatch(TRELLIS_NOTES);
    }
  });
});
