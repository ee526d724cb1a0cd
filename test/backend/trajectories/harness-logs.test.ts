import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import type { Trajectory } from '../../../shared/domain';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';

/** Logs written in the exact shapes the harnesses' own writer code writes (see each descriptor's header). */
const HARNESS = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'harness');
const fixture = (name: string) => path.join(HARNESS, name);

function workspace(): WorkspaceStore {
  return openWorkspaceStore(path.join(tempDir(), 'harness.trellis'));
}

/** Every trajectory, oldest first, whole. */
const all = (store: WorkspaceStore) => store.trajectories.allIds().map(({ id }) => store.trajectories.get(id));

function write(name: string, text: string): string {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, text);
  return file;
}

describe('agent-run logs as the harnesses write them', () => {
  it('reads tau-bench results with their reward, task id and info, and filters the failed runs', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, {
      file: fixture('tau-bench-historical-gpt-4o-airline-59a200c.json'),
      mode: 'strict',
    });
    expect(report).toMatchObject({
      committed: true,
      format: 'tau-bench',
      shape: 'json-array',
      imported: 3,
      rejectedCount: 0,
      outcomes: { success: 2, failure: 1, unknown: 0, none: 0 },
      nothingImported: null,
    });
    const [first, , failed] = all(store);
    expect(first!.outcome).toEqual({ status: 'success', by: 'tau-bench reward', value: 1 });
    expect(failed!.outcome).toEqual({ status: 'failure', by: 'tau-bench reward', value: 0 });
    expect(failed!.metadata).toMatchObject({ harness: 'tau-bench', task_id: 44, reward: 0, trial: expect.any(Number) });
    expect(failed!.metadata!.info).toHaveProperty('task');
    expect(failed!.turns).toHaveLength(14);
    // Every tool result answers a call of an earlier assistant turn.
    const calls = new Set(failed!.turns.flatMap((t) => t.toolCalls ?? []).map((c) => c.id));
    const results = failed!.turns.filter((t) => t.role === 'tool');
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(calls.has(r.toolCallId!)).toBe(true);
    // "Show me the failed runs": the filter, its facet and the counts agree.
    expect(store.trajectoryQueries.list({ outcome: 'failure' }, 10, 0).items.map((t) => t.id)).toEqual([failed!.id]);
    expect(store.trajectoryQueries.list({ meta: { task_id: '44' } }, 10, 0).total).toBe(2);
    expect(store.trajectoryQueries.list({ meta: { task_id: '44' }, outcome: 'success' }, 10, 0).total).toBe(1);
    expect(store.trajectoryQueries.facets().outcomes).toEqual([
      { value: 'success', count: 2 },
      { value: 'failure', count: 1 },
    ]);
    expect(store.trajectoryQueries.summarize({}).outcomes).toEqual({ success: 2, failure: 1 });
    store.close();
  });

  it('refuses a crashed tau-bench run (no turns) strictly, and leniently imports the others', async () => {
    const store = workspace();
    const file = fixture('tau-bench-react-act-error-59a200c.json');
    const strict = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(strict).toMatchObject({ committed: false, rejectedCount: 1 });
    expect(strict.rejected[0]).toMatchObject({ record: 3 });
    expect(all(store)).toHaveLength(0);
    const lenient = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(lenient).toMatchObject({ committed: true, imported: 2, rejectedCount: 1 });
    expect(all(store).map((t) => t.outcome?.status)).toEqual(['success', 'failure']);
    store.close();
  });

  it('reads a ToolBench answer file (one JSON object) with its tools and its final answer as the outcome', async () => {
    const store = workspace();
    const answered = await importTrajectoryFile(store, {
      file: fixture('toolbench-d56fdd8-G1-10_ChatGPT_DFS_woFilter_w2.json'),
      mode: 'strict',
    });
    expect(answered).toMatchObject({ committed: true, format: 'toolbench', shape: 'json-object', imported: 1 });
    const gaveUp = await importTrajectoryFile(store, {
      file: fixture('toolbench-d56fdd8-G2-119_ChatGPT_DFS_woFilter_w2.json'),
      mode: 'strict',
    });
    expect(gaveUp).toMatchObject({ committed: true, imported: 1, outcomes: { failure: 1 } });
    const [success, failure] = all(store);
    expect(success!.outcome).toMatchObject({ status: 'success' });
    expect(failure!.outcome).toMatchObject({ status: 'failure', by: 'toolbench Finish' });
    expect(success!.metadata).toMatchObject({ harness: 'toolbench', win: true });
    expect(success!.metadata).toHaveProperty('tree');
    const tools = store.toolSets.ofTrajectory(success!.id)!.map((t) => t.name);
    expect(tools).toContain('Finish');
    expect(success!.turns.some((t) => t.toolCalls?.some((c) => c.name === 'Finish'))).toBe(true);
    store.close();
  });

  it('reads BFCL question files and WorfBench gold files, which the import used to refuse', async () => {
    const store = workspace();
    const bfcl = await importTrajectoryFile(store, {
      file: fixture('bfcl-v4-questions-6ea5797.jsonl'),
      mode: 'strict',
    });
    expect(bfcl).toMatchObject({ committed: true, format: 'bfcl', shape: 'jsonl', imported: 5 });
    expect(bfcl.notes.map((n) => n.note).join(' ')).toMatch(/no model answers|prompts/i);
    const simple = all(store).find((t) => t.metadata?.task_id === 'simple_python_0')!;
    expect(simple.metadata).toMatchObject({ harness: 'bfcl', category: 'simple_python' });
    expect(simple.turns[0]).toMatchObject({ role: 'user' });
    expect(store.toolSets.ofTrajectory(simple.id)!.length).toBeGreaterThan(0);
    const worf = await importTrajectoryFile(store, { file: fixture('worfbench-gold-38a6455.json'), mode: 'strict' });
    expect(worf).toMatchObject({ committed: true, format: 'worfbench', shape: 'json-array', imported: 3 });
    const gold = all(store).find((t) => t.metadata?.harness === 'worfbench')!;
    expect(gold.turns.at(-1)).toMatchObject({ role: 'assistant', content: expect.stringMatching(/^Node:/) });
    store.close();
  });

  it('a possible-answer file alone is refused with what to do instead', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, {
      file: fixture('bfcl-v4-possible-answers-6ea5797.jsonl'),
      mode: 'lenient',
    });
    expect(report).toMatchObject({ committed: false, imported: 0 });
    expect(report.nothingImported).toMatch(/rejected/);
    expect(report.rejected[0]!.reason).toMatch(/question/);
    store.close();
  });
});

describe('inspect_ai logs, SWE-agent trajectories and OpenHands event streams', () => {
  it('reads an inspect .json log (one object) and both .eval archives (zstd and deflate) to the same samples', async () => {
    const seen: string[] = [];
    for (const [name, shape] of [
      ['inspect-0.3.260-census.json', 'json-object'],
      ['inspect-0.3.260-census.eval', 'zip'],
      ['inspect-0.3.260-census-deflate.eval', 'zip'],
    ] as const) {
      const store = workspace();
      const report = await importTrajectoryFile(store, { file: fixture(name), mode: 'strict' });
      expect(report, name).toMatchObject({
        committed: true,
        format: 'inspect',
        shape,
        imported: 3,
        outcomes: { success: 1, failure: 2 },
        toolSets: 1,
      });
      expect(report.notes[0]!.note).toMatch(/events are read for the tools/);
      // The Source filter lists the file once, whichever shape holds its samples.
      expect(store.trajectoryQueries.facets().sources).toEqual([{ value: name, count: 3 }]);
      const byTask = new Map(all(store).map((t) => [t.metadata!.task_id, t]));
      const success = byTask.get('lyon-porto')!;
      expect(success.outcome).toEqual({ status: 'success', by: 'inspect scorer includes', value: 'C' });
      expect(success.metadata).toMatchObject({ harness: 'inspect', model: expect.any(String), epoch: 1 });
      if (shape === 'zip') expect(success.metadata!.archive_entry).toBe('samples/lyon-porto_epoch_1.json');
      expect(byTask.get('graz-vienna')!.outcome).toMatchObject({ status: 'failure', value: 'I' });
      expect(byTask.get('porto-double')!.outcome).toMatchObject({ status: 'failure', by: 'inspect sample error' });
      const calls = success.turns.flatMap((t) => t.toolCalls ?? []);
      expect(calls.length).toBeGreaterThanOrEqual(2);
      for (const call of calls)
        expect(
          success.turns.some((t) => t.role === 'tool' && t.toolCallId === call.id),
          call.id,
        ).toBe(true);
      // The three logs are three runs of the same scripted model: the same turns, at other times.
      const untimed = (t: Trajectory) => t.turns.map(({ timing: _timing, ...turn }) => turn);
      seen.push(JSON.stringify([...byTask.values()].map((t) => [t.metadata!.task_id, untimed(t), t.outcome]).sort()));
      store.close();
    }
    expect(new Set(seen).size).toBe(1);
  });

  it('refuses a ZIP that is no archive of records in one line that says what it holds', async () => {
    const store = workspace();
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from('<xml/>'), '[Content_Types].xml');
    zip.addBuffer(Buffer.from('hello'), 'word/document.xml');
    zip.end();
    const file = path.join(tempDir(), 'notes.docx');
    await new Promise<void>((resolve) => zip.outputStream.pipe(fs.createWriteStream(file)).on('close', resolve));
    await expect(importTrajectoryFile(store, { file, mode: 'lenient' })).rejects.toThrow(
      /is a ZIP archive of 2 entries \(\[Content_Types\]\.xml, word\/document\.xml\): not a known archive of trajectories/,
    );
    store.close();
  });

  it('reads SWE-agent .traj files of 1.x (function calling, text actions) and 0.7, with their exit status', async () => {
    const store = workspace();
    for (const name of [
      'swe-agent-1.1-function-calling-submitted.traj',
      'swe-agent-1.1-thought-action-exit-cost.traj',
      'swe-agent-0.7-submitted.traj',
    ]) {
      const report = await importTrajectoryFile(store, { file: fixture(name), mode: 'strict' });
      expect(report, name).toMatchObject({ committed: true, format: 'swe-agent', shape: 'json-object', imported: 1 });
    }
    const [calling, exitCost, old] = all(store);
    expect(calling!.outcome).toEqual({ status: 'unknown', by: 'SWE-agent exit status', value: 'submitted' });
    expect(exitCost!.outcome).toEqual({ status: 'failure', by: 'SWE-agent exit status', value: 'exit_cost' });
    expect(calling!.metadata).toMatchObject({
      harness: 'swe-agent',
      task_id: expect.any(String),
      model: expect.any(String),
    });
    expect(calling!.metadata).toHaveProperty('info');
    for (const t of [calling!, exitCost!, old!]) {
      const calls = t.turns.flatMap((turn) => turn.toolCalls ?? []);
      expect(calls.length, t.source).toBeGreaterThan(0);
      expect(t.turns.filter((turn) => turn.role === 'tool').length, t.source).toBeGreaterThan(0);
    }
    expect(store.trajectoryQueries.list({ outcome: 'failure' }, 10, 0).items.map((t) => t.id)).toEqual([exitCost!.id]);
    store.close();
  });

  it('reads OpenHands output.jsonl records and a saved event array, pairing actions with observations', async () => {
    const store = workspace();
    const evaluated = await importTrajectoryFile(store, {
      file: fixture('openhands-0.35-swe-bench-output-evaluated.jsonl'),
      mode: 'strict',
    });
    expect(evaluated).toMatchObject({
      committed: true,
      format: 'openhands',
      imported: 2,
      outcomes: { success: 1, failure: 1 },
    });
    const events = await importTrajectoryFile(store, {
      file: fixture('openhands-0.35-trajectory.json'),
      mode: 'strict',
    });
    expect(events).toMatchObject({ committed: true, format: 'openhands', shape: 'json-array', imported: 1 });
    const [resolved, unresolved, saved] = all(store);
    expect(resolved!.outcome).toEqual({ status: 'success', by: 'OpenHands report.resolved', value: true });
    expect(unresolved!.outcome).toMatchObject({ status: 'failure' });
    expect(resolved!.metadata).toMatchObject({ harness: 'openhands', task_id: expect.any(String) });
    for (const t of [resolved!, saved!]) {
      const calls = t.turns.flatMap((turn) => turn.toolCalls ?? []);
      expect(calls.length).toBeGreaterThan(0);
      for (const result of t.turns.filter((turn) => turn.role === 'tool'))
        expect(calls.some((c) => c.id === result.toolCallId)).toBe(true);
    }
    expect(store.toolSets.ofTrajectory(saved!.id)!.length).toBeGreaterThan(0);
    store.close();
  });
});

describe('a JSON Lines log whose lines are the events of one run', () => {
  const eventLines = () =>
    (JSON.parse(fs.readFileSync(fixture('openhands-0.35-trajectory.json'), 'utf8')) as unknown[]).map((e) =>
      JSON.stringify(e),
    );

  it('imports the whole file as one run, as the same events in a JSON array are', async () => {
    const store = workspace();
    const lines = eventLines();
    const report = await importTrajectoryFile(store, { file: write('events.jsonl', lines.join('\n')), mode: 'strict' });
    expect(report).toMatchObject({ committed: true, format: 'openhands', shape: 'jsonl', imported: 1 });
    const array = await importTrajectoryFile(workspace(), {
      file: fixture('openhands-0.35-trajectory.json'),
      mode: 'strict',
    });
    expect(array.imported).toBe(1);
    const [run] = all(store);
    expect(run!.turns.length).toBeGreaterThan(lines.length / 2);
    store.close();
  });

  it('reports a line that is not JSON with its number and, leniently, keeps the run without it', async () => {
    const lines = eventLines();
    const broken = [...lines.slice(0, 3), '{"truncated": ', ...lines.slice(3)].join('\n');
    const strict = await importTrajectoryFile(workspace(), { file: write('events.jsonl', broken), mode: 'strict' });
    expect(strict).toMatchObject({ committed: false, rejectedCount: 1 });
    expect(strict.rejected[0]).toMatchObject({ line: 4, reason: expect.stringMatching(/^not valid JSON/) });
    const store = workspace();
    const lenient = await importTrajectoryFile(store, { file: write('events.jsonl', broken), mode: 'lenient' });
    expect(lenient).toMatchObject({ committed: true, format: 'openhands', imported: 1, rejectedCount: 1 });
    store.close();
  });

  it('reads a record written as JSON text of a JSON object (serialised twice) as the object it holds', async () => {
    const record = {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ],
    };
    const file = write('twice.json', JSON.stringify(JSON.stringify(record)));
    const report = await importTrajectoryFile(workspace(), { file, mode: 'strict' });
    expect(report).toMatchObject({ committed: true, format: 'openai', imported: 1 });
  });

  it('still reads a JSONL file whose first line is a record of its own as one record a line', async () => {
    const record = (i: number) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: `hi ${i}` },
          { role: 'assistant', content: 'hello' },
        ],
      });
    const report = await importTrajectoryFile(workspace(), {
      file: write('chats.jsonl', [record(1), record(2)].join('\n')),
      mode: 'strict',
    });
    expect(report).toMatchObject({ committed: true, format: 'openai', imported: 2 });
  });
});

describe('what the import says when it reads nothing', () => {
  it('refuses a JSON object of no known format in one line that says what it looks like', async () => {
    const store = workspace();
    const file = write(
      'run.json',
      JSON.stringify({ environment: 'x', trajectory_x: [], histories: [], infos: {} }, null, 2),
    );
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ committed: false, shape: 'json-object', rejectedCount: 1, imported: 0 });
    expect(report.rejected[0]!.reason).toMatch(
      /^a JSON object with keys environment, trajectory_x, histories, infos: not a known trajectory format — no reader claims it: map it with --mapping/,
    );
    expect(report.nothingImported).toBe('no reader claims its record; nothing was imported.');
    store.close();
  });

  it('refuses a file of many records no reader claims in one problem that counts the others, not one a line', async () => {
    const lines = Array.from({ length: 39 }, (_, i) => JSON.stringify({ step: i, obs: 'x', act: 'y' }));
    const report = await importTrajectoryFile(workspace(), {
      file: write('steps.jsonl', lines.join('\n')),
      mode: 'lenient',
    });
    expect(report).toMatchObject({ committed: false, rejectedCount: 39, imported: 0 });
    expect(report.rejected).toHaveLength(1);
    expect(report.rejected[0]).toMatchObject({ line: 1 });
    expect(report.rejected[0]!.reason).toMatch(
      /no reader claims it: .*\(nor does it claim 38 more records, not listed\)$/,
    );
    expect(report.nothingImported).toBe('no reader claims any of its 39 records; nothing was imported.');
  });

  it('an empty file and a file of no records fail the import instead of importing 0', async () => {
    const store = workspace();
    const empty = await importTrajectoryFile(store, { file: write('empty.jsonl', ''), mode: 'lenient' });
    expect(empty).toMatchObject({
      committed: false,
      imported: 0,
      nothingImported: 'the file is empty; nothing was imported.',
    });
    const array = await importTrajectoryFile(store, { file: write('none.json', '[]'), mode: 'lenient' });
    expect(array).toMatchObject({ committed: false, imported: 0 });
    expect(array.nothingImported).toMatch(/nothing was imported/);
    store.close();
  });

  it('strict refuses an unknown top-level field by name; lenient keeps it as metadata and counts it', async () => {
    const store = workspace();
    const record = (n: number) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: `Hi ${n}` },
          { role: 'assistant', content: 'Hello.' },
        ],
        category: [`c${n}`],
        reward: n,
      });
    const file = write('extra.jsonl', `${record(1)}\n${record(2)}\n`);
    const strict = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(strict.committed).toBe(false);
    expect(strict.rejected[0]!.reason).toMatch(/^field category not understood \(and 1 more: reward\)/);
    const lenient = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(lenient).toMatchObject({ committed: true, imported: 2 });
    expect(lenient.notUnderstood).toEqual([
      { field: 'category', records: 2, firstRecord: 1 },
      { field: 'reward', records: 2, firstRecord: 1 },
    ]);
    expect(all(store).map((t) => t.metadata)).toEqual([
      { category: ['c1'], reward: 1 },
      { category: ['c2'], reward: 2 },
    ]);
    store.close();
  });

  it('a pretty-printed JSON Lines file whose first record is broken is read as lines, each reported', async () => {
    const store = workspace();
    const good = JSON.stringify({
      messages: [
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Yo' },
      ],
    });
    const file = write('mixed.jsonl', `{"messages": [\n${good}\n`);
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ shape: 'jsonl', committed: true, imported: 1, rejectedCount: 1 });
    expect(report.rejected[0]).toMatchObject({ line: 1 });
    store.close();
  });
});
