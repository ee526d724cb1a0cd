import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { createChecker } from '../../../backend/checks/checker';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';

/** Files written by us in the exact shapes their producers publish (see each file's name). */
const PUBLISHED = path.join(__dirname, '..', '..', 'fixtures', 'trajectories', 'published');
const fixture = (name: string) => path.join(PUBLISHED, name);

function workspace(): WorkspaceStore {
  return openWorkspaceStore(path.join(tempDir(), 'shapes.trellis'));
}

const allTrajectories = (store: WorkspaceStore) =>
  store.trajectories.allIds().map(({ id }) => store.trajectories.get(id));

describe('files as their producers publish them', () => {
  it('reads a LLaMA-Factory JSON array (indented, as shipped) and keeps each record its own tools', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, {
      file: fixture('llamafactory-glaive-toolcall.json'),
      mode: 'strict',
    });
    expect(report).toMatchObject({
      committed: true,
      format: 'sharegpt',
      shape: 'json-array',
      imported: 4,
      toolSets: 2,
    });
    const [plain, circleRecord, roomRecord, stockRecord] = allTrajectories(store);
    expect(plain!.toolSet).toBeNull();
    // Two records declare calculate_area differently: each keeps the definition it declared.
    const own = (id: string) => store.toolSets.ofTrajectory(id)!;
    expect(own(circleRecord!.id).map((t) => t.name)).toEqual(['calculate_area']);
    expect(own(circleRecord!.id)[0]!.parameters.required).toEqual(['shape', 'dimensions']);
    expect(own(roomRecord!.id)[0]!.parameters.required).toEqual(['length', 'width']);
    expect(roomRecord!.toolSet).toBe(stockRecord!.toolSet);
    // Sources name the record's position in the array.
    expect(circleRecord!.source).toBe('llamafactory-glaive-toolcall.json#2');
    store.close();
  });

  it('checks calls against the record’s own tools when no graph is attached, and says so', async () => {
    const store = workspace();
    await importTrajectoryFile(store, { file: fixture('llamafactory-glaive-toolcall.json'), mode: 'strict' });
    const checker = createChecker(store);
    const trajectories = allTrajectories(store);
    expect(trajectories.map((t) => checker.basis(t))).toEqual(['none', 'ownTools', 'ownTools', 'ownTools']);
    // Every call fits the tools its own record declares: no schema findings at all.
    const findings = trajectories.flatMap((t) => checker(t));
    expect(findings.filter((f) => f.code === 'schema-violation' || f.code === 'unknown-tool')).toEqual([]);
    // A call that breaks its own record's schema is found.
    const room = trajectories[2]!;
    room.turns[1]!.toolCalls![0]!.args = { length: 4 };
    expect(checker(room).map((f) => f.message)).toEqual(['calculate_area: missing required argument width.']);
    store.close();
  });

  it('reports tools declared differently under one name when merging them into a new graph', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, {
      file: fixture('llamafactory-glaive-toolcall.json'),
      mode: 'strict',
      newGraphName: 'glaive',
    });
    expect(report.tools!.added.sort()).toEqual(['calculate_area', 'get_stock_price']);
    expect(report.tools!.conflicts).toEqual([
      {
        name: 'calculate_area',
        variants: [
          { records: 2, firstRecord: 3 },
          { records: 1, firstRecord: 2 },
        ],
      },
    ]);
    // The graph has the definition most records declared; the other stays with its record.
    const graph = store.graphs.get(report.tools!.graphId);
    expect(graph.tools.find((t) => t.name === 'calculate_area')!.parameters.required).toEqual(['length', 'width']);
    const circle = allTrajectories(store)[1]!;
    expect(store.toolSets.ofTrajectory(circle.id)![0]!.parameters.required).toEqual(['shape', 'dimensions']);
    store.close();
  });

  it("reads LLaMA-Factory's OpenAI-style tool-use data: reasoning, calls and parallel results in content parts", async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, {
      file: fixture('llamafactory-reason-tool-use.jsonl'),
      mode: 'strict',
    });
    expect(report).toMatchObject({ committed: true, format: 'openai', shape: 'jsonl', imported: 3, rejectedCount: 0 });
    const [refusal, movie, circles] = allTrajectories(store);
    expect(refusal!.turns[2]).toMatchObject({
      role: 'assistant',
      thought: 'No tool finds schools by coordinates.',
      content: 'Sorry, none of the tools can find schools by location.',
    });
    expect(movie!.turns[2]!.toolCalls).toEqual([
      { id: 'call_2_0', name: 'get_movie_details', args: { title: 'Inception' } },
    ]);
    expect(movie!.turns[3]).toMatchObject({ role: 'tool', toolCallId: 'call_2_0' });
    // One tool message answering two parallel calls becomes two results, paired in order.
    expect(circles!.turns.slice(3, 5)).toEqual([
      { role: 'tool', content: "{'area': 7.0686}", toolCallId: 'call_2_0' },
      { role: 'tool', content: "{'area': 28.2743}", toolCallId: 'call_2_1' },
    ]);
    // Python-typed parameters ("dict", "str") are read as JSON Schema types by the checks.
    const checker = createChecker(store);
    expect(
      allTrajectories(store)
        .flatMap((t) => checker(t))
        .filter((f) => f.severity === 'error'),
    ).toEqual([]);
    store.close();
  });

  it('reads APIGen/xLAM query–answers–tools records, with Python-typed parameters as JSON Schema', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('xlam-function-calling.json'), mode: 'strict' });
    expect(report).toMatchObject({ committed: true, format: 'xlam', shape: 'json-array', imported: 2, toolSets: 2 });
    const second = allTrajectories(store)[1]!;
    expect(second.turns[1]!.toolCalls!.map((c) => c.name)).toEqual(['primes', 'factorial']);
    expect(store.toolSets.ofTrajectory(second.id)![0]!.parameters).toEqual({
      type: 'object',
      properties: {
        count: { type: 'integer', description: 'How many.' },
        start: { type: 'integer', description: 'Start from.' },
      },
      required: ['count'],
    });
    store.close();
  });

  it('reads OpenAI chat with reasoning_content and parallel calls', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('openai-chat-parallel.jsonl'), mode: 'strict' });
    expect(report).toMatchObject({ committed: true, imported: 1, toolSets: 1 });
    const [t] = allTrajectories(store);
    expect(t!.turns[2]).toMatchObject({ thought: 'Two cities: two calls at once.' });
    expect(t!.turns[2]!.toolCalls).toHaveLength(2);
    expect(t!.turns.slice(3, 5).map((turn) => turn.toolCallId)).toEqual(['call_1', 'call_2']);
    store.close();
  });

  it('refuses a half-understood record in strict mode with the field it did not understand', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('half-understood.jsonl'), mode: 'strict' });
    expect(report.committed).toBe(false);
    expect(report.rejected.map((r) => [r.line, r.reason])).toEqual([
      [1, expect.stringContaining('field messages[0].content[1] of type "image_url" not understood')],
      [2, expect.stringContaining('no text and no tool call in any of its 2 turns')],
      [3, expect.stringContaining('field messages[1].audio not understood')],
    ]);
    expect(store.trajectories.allIds()).toEqual([]);
    store.close();
  });

  it('in lenient mode imports what it understands, says what it left out, and never imports an empty record', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: fixture('half-understood.jsonl'), mode: 'lenient' });
    expect(report).toMatchObject({ committed: true, imported: 2, rejectedCount: 1 });
    expect(report.rejected[0]!.line).toBe(2);
    expect(report.notUnderstood).toEqual([
      { field: 'messages[].content[] of type "image_url"', records: 1, firstRecord: 1 },
      { field: 'messages[].audio', records: 1, firstRecord: 3 },
    ]);
    store.close();
  });

  it('reads gzip-compressed JSON arrays and JSONL alike', async () => {
    const dir = tempDir();
    const gz = path.join(dir, 'glaive.json.gz');
    fs.writeFileSync(gz, zlib.gzipSync(fs.readFileSync(fixture('llamafactory-glaive-toolcall.json'))));
    const store = workspace();
    expect(await importTrajectoryFile(store, { file: gz, mode: 'strict' })).toMatchObject({
      committed: true,
      shape: 'json-array',
      gzip: true,
      imported: 4,
    });
    const jsonl = path.join(dir, 'reason.jsonl.gz');
    fs.writeFileSync(jsonl, zlib.gzipSync(fs.readFileSync(fixture('llamafactory-reason-tool-use.jsonl'))));
    expect(await importTrajectoryFile(store, { file: jsonl, mode: 'strict' })).toMatchObject({
      shape: 'jsonl',
      gzip: true,
      imported: 3,
    });
    // A file cut short reports the damage instead of importing half of it silently.
    const cut = path.join(dir, 'cut.json.gz');
    const whole = zlib.gzipSync(fs.readFileSync(fixture('xlam-function-calling.json')));
    fs.writeFileSync(cut, whole.subarray(0, whole.length - 30));
    await expect(importTrajectoryFile(store, { file: cut, mode: 'lenient' })).rejects.toThrow(/damaged or cut short/);
    store.close();
  });

  it('reads Parquet as Hugging Face publishes it (nested lists of structs, 64-bit integers)', async () => {
    const { parquetWriteFile } = await import('hyparquet-writer');
    const file = path.join(tempDir(), 'train-00000-of-00001.parquet');
    const records = JSON.parse(fs.readFileSync(fixture('llamafactory-glaive-toolcall.json'), 'utf8')) as {
      conversations: unknown[];
      tools: string;
    }[];
    parquetWriteFile({
      filename: file,
      columnData: [
        { name: 'conversations', data: records.map((r) => r.conversations) },
        { name: 'tools', data: records.map((r) => r.tools), type: 'STRING' },
        { name: 'row', data: records.map((_, i) => BigInt(i)), type: 'INT64' },
      ],
    });
    const store = workspace();
    // The `row` column is no part of ShareGPT: strict refuses it by name, lenient keeps it as metadata.
    const strict = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(strict).toMatchObject({ committed: false, rejectedCount: 4 });
    expect(strict.rejected[0]!.reason).toMatch(
      /^field row not understood; import leniently to keep such fields as metadata/,
    );
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ committed: true, shape: 'parquet', format: 'sharegpt', imported: 4, toolSets: 2 });
    expect(report.notUnderstood).toEqual([{ field: 'row', records: 4, firstRecord: 1 }]);
    expect(allTrajectories(store).map((t) => t.metadata?.row)).toEqual([0, 1, 2, 3]);
    store.close();
  });

  it('reports a broken JSON array at the record, line and byte where it breaks', async () => {
    const file = path.join(tempDir(), 'broken.json');
    const good = JSON.stringify({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'yo' },
      ],
    });
    fs.writeFileSync(file, `[\n  ${good},\n  {"messages": [oops]},\n  ${good}\n]\n`);
    const store = workspace();
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ committed: true, imported: 1, duplicates: 1, rejectedCount: 1 });
    expect(report.rejected[0]).toMatchObject({ record: 2, line: 3, offset: good.length + 8 });
    expect(report.rejected[0]!.reason).toMatch(/^not valid JSON/);
    // Cut short: what came before is read, the break is reported.
    fs.writeFileSync(file, `[${good},${good.slice(0, 20)}`);
    const cut = await importTrajectoryFile(workspace(), { file, mode: 'strict' });
    expect(cut.committed).toBe(false);
    expect(cut.rejected.map((r) => r.reason)).toContain('the JSON array is cut short: no closing "]"');
    store.close();
  });
});

describe('files that are not records', () => {
  it('refuses an image or another binary file in one message that says what it is', async () => {
    const dir = tempDir();
    const png = path.join(dir, 'screenshot.png');
    fs.writeFileSync(
      png,
      Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 0xff)]),
    );
    const store = workspace();
    await expect(importTrajectoryFile(store, { file: png, mode: 'lenient' })).rejects.toThrow(
      /screenshot\.png is a PNG image, not trajectory records/,
    );
    const blob = path.join(dir, 'blob.jsonl');
    fs.writeFileSync(blob, Buffer.from('{"messages": []}\n\u0000\u0001\u0002'));
    await expect(importTrajectoryFile(store, { file: blob, mode: 'lenient' })).rejects.toThrow(/is a binary file/);
    expect(store.trajectories.allIds()).toEqual([]);
    store.close();
  });
});
