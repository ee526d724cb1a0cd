import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import { PAIRED_BY_NAME } from '../../../shared/formats/trajectories/trace-calls';
import { tempDir } from '../../helpers/temp';

/** Trace tools' exports (Langfuse, LangSmith, the OpenTelemetry SDKs' console JSON) imported as files. */
const TRACES = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'traces');
const fixture = (name: string) => path.join(TRACES, name);

const workspace = (): WorkspaceStore => openWorkspaceStore(path.join(tempDir(), 'traces.trellis'));
const all = (store: WorkspaceStore) => store.trajectories.allIds().map(({ id }) => store.trajectories.get(id));

describe('trace-tool exports imported as files', () => {
  it('imports a downloaded Langfuse trace (one pretty-printed object) as one trajectory with its verdict', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('langfuse-trace.json'), mode: 'strict' });
    expect(report).toMatchObject({
      committed: true,
      format: 'langfuse',
      shape: 'json-object',
      imported: 1,
      rejectedCount: 0,
      outcomes: { success: 1, failure: 0, unknown: 0, none: 0 },
      notes: [{ note: PAIRED_BY_NAME, records: 1 }],
    });
    const [trace] = all(store);
    expect(trace!.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(trace!.metadata).toMatchObject({ harness: 'Langfuse', task_id: 'weather-017' });
  });

  it('imports Langfuse observations alone, one per line, as one trajectory per trace', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('langfuse-observations.jsonl'), mode: 'strict' });
    expect(report).toMatchObject({ committed: true, format: 'langfuse', imported: 2, rejectedCount: 0 });
    expect(all(store).map((t) => [t.metadata!.trace_id, t.turns.length])).toEqual([
      ['t-support-1', 4],
      ['t-support-2', 2],
    ]);
  });

  it('imports a Langfuse blob storage export (enriched observations, snake_case, input and output as JSON text)', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, {
      file: fixture('langfuse-blob-observations.jsonl'),
      mode: 'strict',
    });
    expect(report).toMatchObject({
      committed: true,
      format: 'langfuse',
      shape: 'jsonl',
      imported: 1,
      rejectedCount: 0,
    });
    const [trace] = all(store);
    expect(trace!.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(trace!.turns[2]).toMatchObject({
      toolCalls: [{ id: 'call_rf1', name: 'lookup_order', args: { order_id: '88213' } }],
      // The export's "YYYY-MM-DD HH:MM:SS.ffffff" times are UTC.
      timing: { startedAt: '2026-03-09T14:02:11.020Z', durationMs: 1290 },
    });
    expect(trace!.turns[3]).toMatchObject({ toolCallId: 'call_rf1', timing: { durationMs: 220 } });
    expect(trace!.metadata).toMatchObject({
      harness: 'Langfuse',
      model: 'gpt-4.1-mini',
      trace_name: 'refund-desk',
      session_id: 'sess-refunds-07',
      total_cost: 0.0002002,
    });
  });

  it('imports LangSmith runs of two traces, each with its outcome, strictly (every run field understood)', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('langsmith-runs.jsonl'), mode: 'strict' });
    expect(report).toMatchObject({
      committed: true,
      format: 'langsmith',
      shape: 'jsonl',
      imported: 2,
      rejectedCount: 0,
      outcomes: { success: 1, failure: 1, unknown: 0, none: 0 },
    });
    const [agent, raised] = all(store);
    expect(agent!.source).toBe('langsmith-runs.jsonl#1');
    expect(agent!.title).toBe('When did the Hubble Space Telescope launch?');
    expect(raised!.outcome).toMatchObject({ status: 'failure', by: 'LangSmith run "answer_as_json" error' });
  });

  it('imports Python console spans printed one pretty-printed object after another', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('otel-python-console.txt'), mode: 'strict' });
    expect(report).toMatchObject({
      committed: true,
      format: 'otel-sdk',
      imported: 2,
      rejectedCount: 0,
      outcomes: { success: 1, failure: 1, unknown: 0, none: 0 },
    });
    const [trip] = all(store);
    expect(trip!.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    // Where a trajectory came from: the line its trace's first span starts on.
    expect(trip!.source).toBe('otel-python-console.txt#1');
  });

  it('reports a concatenated span that is not JSON with its line, and still imports the others', async () => {
    const spans = fs.readFileSync(fixture('otel-python-console.txt'), 'utf8');
    const file = path.join(tempDir(), 'spans.txt');
    // An object cut short (a value missing) is not JSON.
    fs.writeFileSync(file, `${spans}{\n    "name": "broken",\n    "max_tokens": \n}\n`);
    const store = workspace();
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ committed: true, format: 'otel-sdk', imported: 2, rejectedCount: 1 });
    expect(report.rejected[0]).toMatchObject({
      line: spans.split('\n').length,
      reason: expect.stringMatching(/^not valid JSON/),
    });
  });

  it('imports a JSON array of spans (Monocle’s file exporter) and a JSON array of Langfuse API traces', async () => {
    const store = workspace();
    const spans = await importTrajectoryFile(store, { file: fixture('monocle-spans.json'), mode: 'strict' });
    expect(spans).toMatchObject({ committed: true, format: 'otel-sdk', shape: 'json-array', imported: 1 });
    const traces = await importTrajectoryFile(store, { file: fixture('langfuse-api-traces.json'), mode: 'strict' });
    expect(traces).toMatchObject({
      committed: true,
      format: 'langfuse',
      shape: 'json-array',
      imported: 2,
      outcomes: { success: 0, failure: 1, unknown: 0, none: 1 },
    });
  });

  it('reads the spans around a program’s own output printed between them, and reports that output’s lines', async () => {
    const spans = fs.readFileSync(fixture('otel-python-console.txt'), 'utf8').split(/\n(?=\{)/);
    const file = path.join(tempDir(), 'console.txt');
    fs.writeFileSync(file, [spans[0], 'Trip planned in 2.9 s', ...spans.slice(1)].join('\n'));
    const store = workspace();
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ committed: true, format: 'otel-sdk', imported: 2, rejectedCount: 1 });
    expect(report.rejected[0]).toMatchObject({
      line: spans[0]!.split('\n').length + 1,
      snippet: 'Trip planned in 2.9 s',
    });
  });

  it('reads a span Python wrote with Infinity (JSON has no such number) with the word kept', async () => {
    const spans = fs.readFileSync(fixture('otel-python-console.txt'), 'utf8');
    const file = path.join(tempDir(), 'spans.txt');
    // The first model call's span, as an old OpenAI instrumentation wrote an unbounded max_tokens.
    fs.writeFileSync(
      file,
      spans.replace(
        '"gen_ai.system": "openai",',
        '"gen_ai.system": "openai",\n        "openai.chat.max_tokens": Infinity,',
      ),
    );
    const store = workspace();
    const report = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(report).toMatchObject({ committed: true, imported: 2, rejectedCount: 0 });
    const spansKept = all(store)[0]!.metadata!.otlp_spans as { attributes: Record<string, unknown> }[];
    expect(spansKept.some((s) => s.attributes['openai.chat.max_tokens'] === 'Infinity')).toBe(true);
  });

  it('imports a JSON array of observations (the blob export’s JSON) and of LangSmith runs (list_runs dumped whole)', async () => {
    const asArray = (name: string) => {
      const file = path.join(tempDir(), name.replace('.jsonl', '.json'));
      const lines = fs.readFileSync(fixture(name), 'utf8').split('\n').filter(Boolean);
      fs.writeFileSync(file, `[\n${lines.join(',\n')}\n]\n`);
      return file;
    };
    const store = workspace();
    const observations = await importTrajectoryFile(store, {
      file: asArray('langfuse-blob-observations.jsonl'),
      mode: 'strict',
    });
    expect(observations).toMatchObject({ committed: true, format: 'langfuse', shape: 'json-array', imported: 1 });
    const runs = await importTrajectoryFile(store, { file: asArray('langsmith-runs.jsonl'), mode: 'strict' });
    expect(runs).toMatchObject({ committed: true, format: 'langsmith', shape: 'json-array', imported: 2 });
  });

  it('imports the JS SDK’s console exporter output as Node prints it (console.dir, not JSON)', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('otel-js-console-dir.txt'), mode: 'strict' });
    expect(report).toMatchObject({ committed: true, format: 'otel-sdk', imported: 1, rejectedCount: 0 });
    const [trace] = all(store);
    expect(trace!.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(trace!.turns[2]!.toolCalls).toEqual([
      { id: 'call_dk4', name: 'search_docs', args: { query: 'rotate API key' } },
    ]);
    expect(trace!.outcome).toMatchObject({ status: 'success', by: 'root span "answer" status' });
  });

  it('reads util.inspect’s quoting, its markers for what it did not print, and undefined', async () => {
    const attributes = {
      said: 'it\'s "quoted" both ways',
      lines: 'one\ntwo',
      deep: { a: { b: { c: { d: 1 } } } },
      many: Array.from({ length: 102 }, (_, i) => i),
      gone: undefined,
    };
    const span = (id: string, parentId?: string) => ({
      traceId: '5b8efff798038103d269b633813fc60c',
      ...(parentId ? { parentId } : {}),
      name: 'chat',
      id,
      kind: 2,
      timestamp: 1747731600000000,
      duration: 1000,
      attributes: { ...attributes, 'gen_ai.prompt.0.role': 'user', 'gen_ai.prompt.0.content': "What's new?" },
      status: { code: 1 },
      events: [],
    });
    const file = path.join(tempDir(), 'console.txt');
    const printed = [span('eee19b7ec3c1b174'), span('a1c3f2e5d4b6a789', 'eee19b7ec3c1b174')].map((s) =>
      inspect(s, { depth: 3 }),
    );
    fs.writeFileSync(file, `${printed.join('\n')}\n`);
    const store = workspace();
    const report = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(report).toMatchObject({ committed: true, format: 'otel-sdk', shape: 'jsonl', imported: 1 });
    const spans = all(store)[0]!.metadata!.otlp_spans as { attributes: Record<string, unknown> }[];
    expect(spans[0]!.attributes).toMatchObject({
      said: attributes.said,
      lines: 'one\ntwo',
      deep: { a: { b: '[Object]' } },
      gone: null,
      'gen_ai.prompt.0.content': "What's new?",
    });
    // Past a hundred items util.inspect says how many more there were; the hundred are kept.
    expect(spans[0]!.attributes.many).toHaveLength(100);
  });

  it('imports the JS SDK’s console spans written one per line', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('otel-js-console.jsonl'), mode: 'strict' });
    expect(report).toMatchObject({ committed: true, format: 'otel-sdk', imported: 1, rejectedCount: 0 });
  });
});
