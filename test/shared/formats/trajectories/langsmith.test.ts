import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  formatDescriptor,
  partsFormat,
  recordsInDocument,
} from '../../../../shared/formats/trajectories/registry';
import { PAIRED_BY_NAME } from '../../../../shared/formats/trajectories/trace-calls';

/**
 * LangSmith runs as `Client.list_runs` dumps them, one per line, two traces interleaved and out
 * of order: a LangChain agent (lc-serialised messages in, `generations` out, a ToolMessage from
 * its tool run, correctness feedback) and a `@traceable` function around a `wrap_openai` call
 * (OpenAI Chat in and out) that raised.
 */
const TRACES = path.join(__dirname, '..', '..', '..', 'fixtures', 'trajectories', 'traces');
const runs = fs
  .readFileSync(path.join(TRACES, 'langsmith-runs.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l) as Record<string, unknown>);
const langsmith = formatDescriptor('langsmith');
const grouped = () => langsmith.container!.parts!.group(runs).records;

describe('LangSmith runs', () => {
  it('gathers a file’s runs by trace, one trajectory each, from the line of the trace’s first run', () => {
    expect(detectFormat(runs[0])).toBe('langsmith');
    expect(partsFormat(runs[0])).toBe('langsmith');
    const records = grouped();
    expect(records.map((r) => r.first)).toEqual([0, 4]);
    expect(records.map((r) => (r.record.langsmith_runs as unknown[]).length)).toEqual([4, 2]);
  });

  it('reads a LangChain agent: llm runs in dotted order, the tool run’s ToolMessage as the result, verdict feedback as outcome', () => {
    const parsed = langsmith.parse(grouped()[0]!.record);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[2]).toMatchObject({
      toolCalls: [{ id: 'call_Hb7', name: 'web_search', args: { query: 'Hubble Space Telescope launch date' } }],
      tokens: { prompt: 88, completion: 21 },
      timing: { startedAt: '2025-02-14T10:15:00.120Z', durationMs: 900 },
    });
    expect(parsed.turns[3]).toMatchObject({
      toolCallId: 'call_Hb7',
      content: 'Hubble was launched on 24 April 1990 aboard Space Shuttle Discovery (STS-31).',
      timing: { startedAt: '2025-02-14T10:15:01.030Z', durationMs: 610 },
    });
    expect(parsed.turns[4]!.content).toBe(
      'The Hubble Space Telescope launched on 24 April 1990, carried by Space Shuttle Discovery on mission STS-31.',
    );
    // The ToolMessage names its call: nothing was paired by name.
    expect(parsed.notes ?? []).not.toContain(PAIRED_BY_NAME);
    expect(parsed.tools.map((t) => t.name)).toEqual(['web_search']);
    expect(parsed.outcome).toEqual({ status: 'success', by: 'LangSmith feedback "correctness"', value: 1 });
    expect(parsed.metadata).toMatchObject({
      harness: 'LangSmith',
      model: 'gpt-4o-2024-08-06',
      task_id: 'hubble-launch',
      trace_id: '1f0e6a52-3c7b-4d2e-9a10-6b5c4d3e2f10',
      root_run: 'AgentExecutor',
      session_id: '9e8d7c6b-0000-4000-8000-00000000abcd',
      usage: { input_tokens: 214, output_tokens: 47 },
      feedback_stats: { correctness: expect.objectContaining({ avg: 1 }), conciseness: { n: 1, avg: 0.5 } },
    });
    // What no turn holds of an llm run: the call's parameters, metadata and tags.
    expect(parsed.metadata!.llm_runs).toEqual([
      expect.objectContaining({
        name: 'ChatOpenAI',
        invocation_params: expect.objectContaining({ temperature: 0 }),
        tags: ['seq:step:1'],
      }),
      expect.objectContaining({ name: 'ChatOpenAI', tags: ['seq:step:3'] }),
    ]);
  });

  it('reads a wrap_openai call under a traced function that raised: the error is the failure', () => {
    const parsed = langsmith.parse(grouped()[1]!.record);
    expect(parsed.turns).toMatchObject([
      { role: 'system', content: 'Reply with a JSON object {"city": string}.' },
      { role: 'user', content: 'Which city hosts the Louvre?' },
      { role: 'assistant', content: 'The Louvre is in Paris.', tokens: { prompt: 31, completion: 7 } },
    ]);
    expect(parsed.outcome).toEqual({
      status: 'failure',
      by: 'LangSmith run "answer_as_json" error',
      value: "ValueError: model reply is not JSON: 'The Louvre is in Paris.'",
    });
    expect(parsed.metadata).toMatchObject({
      model: 'gpt-4o-mini-2024-07-18',
      root_inputs: { question: 'Which city hosts the Louvre?' },
    });
  });

  it('reads a run with its child runs nested (read_run with load_child_runs) as the same trace', () => {
    const [, , root, ...rest] = runs;
    const nested = { ...root, child_runs: [runs[0], runs[1], rest[0]] };
    const { records } = langsmith.container!.parts!.group([nested]);
    expect(records).toHaveLength(1);
    const parsed = langsmith.parse(records[0]!.record);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
  });

  it('pairs a tool run that names no call by tool name and order, and says so', () => {
    const toolRun = { ...runs[1], outputs: { output: 'Hubble launched in April 1990.' } };
    const parsed = langsmith.parse({ langsmith_runs: [runs[0], toolRun, runs[2]] });
    expect(parsed.turns.at(-1)).toMatchObject({
      role: 'tool',
      toolCallId: 'call_Hb7',
      content: 'Hubble launched in April 1990.',
    });
    expect(parsed.notes).toContain(PAIRED_BY_NAME);
  });

  it('reads runs whose inputs, outputs and extra are JSON text, as a bulk export writes them', () => {
    const asText = runs.map((run) => ({
      ...run,
      inputs: JSON.stringify(run.inputs),
      outputs: JSON.stringify(run.outputs),
      extra: JSON.stringify(run.extra),
      feedback_stats: JSON.stringify(run.feedback_stats),
    }));
    const parsed = langsmith.parse(langsmith.container!.parts!.group(asText).records[0]!.record);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(parsed.outcome).toMatchObject({ status: 'success', by: 'LangSmith feedback "correctness"' });
  });

  it('reads the runs a webhook or an export page holds under "runs"', () => {
    const found = recordsInDocument({ rule_id: 'r1', runs });
    expect(found?.format).toBe('langsmith');
    expect(found?.records).toHaveLength(2);
    expect(found?.shared).toEqual({ rule_id: 'r1' });
  });

  it('reads a batch the SDK sends (`{post, patch}`): each patch laid over the run it ends', () => {
    const post = {
      id: '0b5e2c1a-7d3f-4e8a-9c6b-1f2e3d4c5b6a',
      name: 'ChatOpenAI',
      start_time: 1728803137170,
      run_type: 'llm',
      extra: { metadata: { ls_provider: 'openai', ls_model_name: 'gpt-4o-mini' } },
      inputs: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Name a prime above 90.' }] },
      trace_id: '0b5e2c1a-7d3f-4e8a-9c6b-1f2e3d4c5b6a',
      dotted_order: '20241013T070537170001Z0b5e2c1a-7d3f-4e8a-9c6b-1f2e3d4c5b6a',
    };
    // The SDK's recorded patches name their run by dotted order alone.
    const patch = {
      end_time: 1728803138285,
      outputs: {
        model: 'gpt-4o-mini-2024-07-18',
        choices: [{ index: 0, message: { role: 'assistant', content: '97 is prime.' }, finish_reason: 'stop' }],
        usage_metadata: { input_tokens: 14, output_tokens: 5, total_tokens: 19 },
      },
      dotted_order: post.dotted_order,
      trace_id: post.trace_id,
    };
    const found = recordsInDocument({ post: [post], patch: [patch] });
    expect(found?.format).toBe('langsmith');
    expect(found?.shared).toEqual({});
    const parsed = langsmith.parse(found!.records[0] as Record<string, unknown>);
    expect(parsed.turns).toEqual([
      { role: 'user', content: 'Name a prime above 90.' },
      {
        role: 'assistant',
        content: '97 is prime.',
        timing: { startedAt: '2024-10-13T07:05:37.170Z', durationMs: 1115 },
        tokens: { prompt: 14, completion: 5 },
      },
    ]);
    expect(parsed.metadata).toMatchObject({ model: 'gpt-4o-mini-2024-07-18' });
  });

  it('lays each update operation (outputs, end time, error) over the run it ends, whichever line comes first', () => {
    const creates = runs.map(({ outputs: _o, end_time: _e, error: _r, ...created }) => created);
    const updates = runs.map((r) => ({
      id: r.id,
      trace_id: r.trace_id,
      dotted_order: r.dotted_order,
      outputs: r.outputs,
      end_time: r.end_time,
      error: r.error,
    }));
    expect(partsFormat(updates[0])).toBe('langsmith');
    const { records } = langsmith.container!.parts!.group([updates[0], ...creates, ...updates.slice(1)]);
    expect(records).toHaveLength(2);
    const agent = langsmith.parse(records[0]!.record);
    expect(agent.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(agent.turns[2]!.timing).toEqual({ startedAt: '2025-02-14T10:15:00.120Z', durationMs: 900 });
    expect(langsmith.parse(records[1]!.record).outcome).toMatchObject({ status: 'failure' });
  });

  it('does not take other formats’ records', () => {
    expect(langsmith.detect({ messages: [{ role: 'user', content: 'hi' }] })).toBe(false);
    expect(langsmith.detect({ run_type: 'llm', name: 'x' })).toBe(false);
  });
});
