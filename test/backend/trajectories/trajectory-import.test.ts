import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importTrajectoryFile } from '../../../backend/trajectories/import-file';
import { openWorkspaceStore, type WorkspaceStore } from '../../../backend/store/workspace-store';
import { tempDir } from '../../helpers/temp';

const FIXTURES = path.join(__dirname, '..', '..', 'fixtures', 'trajectories');

const openaiRecord = (n: number) =>
  JSON.stringify({
    messages: [
      { role: 'user', content: `Weather in city ${n}?` },
      {
        role: 'assistant',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: `{"city":"c${n}"}` } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"temp":18}' },
      { role: 'assistant', content: '18°C.' },
    ],
  });

function workspace(): WorkspaceStore {
  return openWorkspaceStore(path.join(tempDir(), 'import.trellis'));
}

function write(lines: (string | Buffer)[], name = 'in.jsonl'): string {
  const file = path.join(tempDir(), name);
  fs.writeFileSync(file, Buffer.concat(lines.map((l) => (typeof l === 'string' ? Buffer.from(l) : l))));
  return file;
}

const DIST = path.join(__dirname, '..', '..', '..', 'dist', 'backend');

/** Imports `file` into `workspace` in another process, printing "progress N" and "done N" or "failed …". */
function importInChild(workspace: string, file: string): ChildProcessByStdio<null, Readable, null> {
  const script = `
    const { openWorkspaceStore } = require(${JSON.stringify(path.join(DIST, 'store', 'workspace-store.js'))});
    const { importTrajectoryFile } = require(${JSON.stringify(path.join(DIST, 'trajectories', 'import-file.js'))});
    const store = openWorkspaceStore(${JSON.stringify(workspace)});
    importTrajectoryFile(store, { file: ${JSON.stringify(file)}, mode: 'lenient', onProgress: (p) => process.stdout.write('progress ' + p.imported + '\\n') })
      .then((r) => process.stdout.write('done ' + r.imported + '\\n'), (e) => process.stdout.write('failed ' + e.message + '\\n'));
  `;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('importing trajectories from JSONL', () => {
  it('reads OpenAI chat JSONL with a BOM, CRLF, blank lines and no final newline', async () => {
    const store = workspace();
    const file = write(['\uFEFF', openaiRecord(1), '\r\n', '\r\n', openaiRecord(2), '\n\n', openaiRecord(3)]);
    const report = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(report).toMatchObject({ format: 'openai', imported: 3, duplicates: 0, rejected: [], committed: true });
    const [first] = store.trajectoryQueries.list({}, 10, 0).items.filter((t) => t.source === 'in.jsonl:1');
    const trajectory = store.trajectories.get(first!.id);
    expect(trajectory.turns[1]).toEqual({
      role: 'assistant',
      toolCalls: [{ id: 'call_1', name: 'get_weather', args: { city: 'c1' } }],
    });
    expect(trajectory.turns[2]).toMatchObject({ role: 'tool', toolCallId: 'call_1' });
    store.close();
  });

  it('refuses the whole file in strict mode, listing every bad line with its byte offset', async () => {
    const store = workspace();
    const lines = [openaiRecord(1), '{not json', '{"messages": [{"role": "robot", "content": "x"}]}', openaiRecord(2)];
    const invalidUtf8 = Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]);
    const file = write([lines[0]!, '\n', lines[1]!, '\n', lines[2]!, '\n', invalidUtf8, '\n', lines[3]!, '\n']);
    const report = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(report.committed).toBe(false);
    expect(report.imported).toBe(0);
    expect(report.rejected.map((r) => [r.line, r.reason.split(':')[0]])).toEqual([
      [2, 'not valid JSON'],
      [3, 'no message Trellis reads'],
      [4, 'invalid UTF-8'],
    ]);
    expect(report.rejected[0]!.offset).toBe(Buffer.byteLength(lines[0]!) + 1);
    expect(store.trajectoryQueries.list({}, 10, 0).total).toBe(0);
    expect(store.db.prepare('SELECT count(*) AS n FROM turns').get()).toEqual({ n: 0 });
    store.close();
  });

  it('takes a 20 MB record, reports a line over the 32 MiB limit and a truncated last line, in lenient mode', async () => {
    const store = workspace();
    const big = JSON.stringify({ messages: [{ role: 'user', content: 'x'.repeat(20 * 2 ** 20) }] });
    const tooLong = JSON.stringify({ messages: [{ role: 'user', content: 'y'.repeat(33 * 2 ** 20) }] });
    const truncated = '{"messages": [{"role": "user", "con';
    const file = write([openaiRecord(1), '\n', big, '\n', tooLong, '\n', truncated]);
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report.imported).toBe(2);
    expect(report.rejected.map((r) => [r.line, r.reason.split(':')[0]])).toEqual([
      [3, 'line is longer than 32 MiB'],
      [4, 'not valid JSON'],
    ]);
    expect(report.rejected[1]!.offset).toBe(fs.statSync(file).size - Buffer.byteLength(truncated));
    expect(report.rejected[1]!.snippet).toContain('"con');
    const bigOne = store.trajectoryQueries.list({}, 10, 0).items.find((t) => t.source === 'in.jsonl:2')!;
    expect(store.trajectories.get(bigOne.id).turns[0]!.content).toHaveLength(20 * 2 ** 20);
    store.close();
  }, 60_000);

  it('reports a record nested 10,000 deep by its line and imports the rest; snippets never carry escape sequences', async () => {
    const store = workspace();
    let deep = 'null';
    for (let i = 0; i < 10_000; i++) deep = `{"a":${deep}}`;
    const deepArguments = JSON.stringify({
      messages: [
        { role: 'user', content: 'x' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: deep } }],
        },
      ],
    });
    const deepContent = `{"messages":[{"role":"user","content":"x"},{"role":"assistant","content":${deep}}]}`;
    const escapes = '{"messages": "\u001b[2J\u001b]0;pwned\u0007"';
    const file = write([openaiRecord(1), '\n', deepArguments, '\n', deepContent, '\n', escapes, '\n', openaiRecord(2)]);
    const report = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(report).toMatchObject({ imported: 2, committed: true });
    expect(report.rejected.map((r) => [r.line, r.reason])).toEqual([
      [2, expect.stringContaining('nested more than 256 levels deep')],
      [3, expect.stringContaining('nested more than 256 levels deep')],
      [4, expect.stringContaining('not valid JSON')],
    ]);
    const isControl = (c: string) => c.charCodeAt(0) < 32 || (c.charCodeAt(0) >= 127 && c.charCodeAt(0) < 160);
    for (const { snippet, reason } of report.rejected) expect([...(snippet + reason)].filter(isControl)).toEqual([]);
    expect(report.rejected[2]!.snippet).toContain('\\u001b[2J');
    store.close();
  });

  it('skips bad records in lenient mode and does not duplicate on re-import', async () => {
    const store = workspace();
    const file = write([openaiRecord(1), '\n', '[1,2]', '\n', openaiRecord(2), '\n']);
    const first = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(first).toMatchObject({ imported: 2, committed: true, rejected: [{ line: 2 }] });
    const again = await importTrajectoryFile(store, { file, mode: 'lenient' });
    expect(again).toMatchObject({ imported: 0, duplicates: 2 });
    expect(store.trajectoryQueries.list({}, 10, 0).total).toBe(2);
    store.close();
  });

  it('reads ShareGPT with function calls, parallel calls and observations paired in order', async () => {
    const store = workspace();
    const report = await importTrajectoryFile(store, { file: path.join(FIXTURES, 'sharegpt.jsonl'), mode: 'strict' });
    expect(report).toMatchObject({ format: 'sharegpt', imported: 2 });
    const kyoto = store.trajectoryQueries.list({}, 10, 0).items.find((t) => t.title.startsWith('Flights and hotels'))!;
    const turns = store.trajectories.get(kyoto.id).turns;
    expect(turns[1]!.toolCalls!.map((c) => c.name)).toEqual(['search_flights', 'search_hotels']);
    expect([turns[2]!.toolCallId, turns[3]!.toolCallId]).toEqual([
      turns[1]!.toolCalls![0]!.id,
      turns[1]!.toolCalls![1]!.id,
    ]);
    store.close();
  });

  it('leaves nothing behind when the import is killed part-way', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'big.jsonl');
    fs.writeFileSync(file, Array.from({ length: 20_000 }, (_, i) => openaiRecord(i)).join('\n'));
    const workspaceFile = path.join(dir, 'killed.trellis');
    openWorkspaceStore(workspaceFile).close();
    const child = importInChild(workspaceFile, file);
    const killedAfter = await new Promise<number>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /progress (\d+)/.exec(chunk.toString());
        if (match && Number(match[1]) >= 1000) {
          child.kill('SIGKILL');
          resolve(Number(match[1]));
        }
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));
    expect(killedAfter).toBeGreaterThanOrEqual(1000);
    const store = openWorkspaceStore(workspaceFile);
    // Invisible the moment the workspace opens; deleted a batch at a time after.
    expect(store.trajectoryQueries.list({}, 1, 0).total).toBe(0);
    expect(await store.imports.drainDiscarded()).toBeGreaterThanOrEqual(1000);
    expect(store.db.prepare('SELECT count(*) AS n FROM trajectories').get()).toEqual({ n: 0 });
    expect(store.db.prepare('SELECT count(*) AS n FROM turns').get()).toEqual({ n: 0 });
    expect(store.db.prepare('SELECT count(*) AS n FROM imports').get()).toEqual({ n: 0 });
    store.close();
  });
  it("never discards another process's running import when the workspace is opened meanwhile", async () => {
    const dir = tempDir();
    const file = path.join(dir, 'big.jsonl');
    fs.writeFileSync(file, Array.from({ length: 20_000 }, (_, i) => openaiRecord(i)).join('\n'));
    const workspaceFile = path.join(dir, 'shared.trellis');
    openWorkspaceStore(workspaceFile).close();
    const child = importInChild(workspaceFile, file);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => /progress (\d{4,})/.test(output), { timeout: 60_000 }).toBe(true);
    // Another process (a `trellis check`, a second window) opens the workspace mid-import.
    const other = openWorkspaceStore(workspaceFile);
    expect(other.trajectoryQueries.list({}, 1, 0).total).toBe(0); // still invisible, but not deleted
    other.close();
    await new Promise((resolve) => child.once('exit', resolve));
    expect(output).toContain('done 20000');
    const after = openWorkspaceStore(workspaceFile);
    expect(after.trajectoryQueries.list({}, 1, 0).total).toBe(20_000);
    after.close();
  });

  it('discards an import whose process is gone, even with a recent heartbeat', () => {
    const workspaceFile = path.join(tempDir(), 'orphan.trellis');
    const store = openWorkspaceStore(workspaceFile);
    store.imports.begin('dead', 'x.jsonl', 'openai');
    // A pid that is not running on this machine: the writer crashed a moment ago.
    store.db.prepare('UPDATE imports SET pid = ? WHERE id = ?').run(2 ** 22 + 12345, 'dead');
    store.imports.begin('alive', 'y.jsonl', 'openai');
    expect(store.imports.discardUnfinished()).toBe(1);
    expect(store.db.prepare('SELECT id FROM imports WHERE discarding = 0').pluck().all()).toEqual(['alive']);
    store.close();
  });

  it('takes a killed import back without holding the workspace, and a new import of its file is not its duplicate', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'again.jsonl');
    fs.writeFileSync(file, Array.from({ length: 3000 }, (_, i) => openaiRecord(i)).join('\n'));
    const workspaceFile = path.join(dir, 'again.trellis');
    let store = openWorkspaceStore(workspaceFile);
    await importTrajectoryFile(store, { file, mode: 'strict' });
    // As a writer killed after its last batch leaves it: written, never finished, its pid gone.
    store.db.prepare("UPDATE imports SET status = 'running', pid = NULL").run();
    store.close();
    store = openWorkspaceStore(workspaceFile);
    expect(store.trajectoryQueries.list({}, 1, 0).total).toBe(0);
    const report = await importTrajectoryFile(store, { file, mode: 'strict' });
    expect(report).toMatchObject({ committed: true, imported: 3000, duplicates: 0 });
    // Each new record took the place of its discarded twin: nothing is left to drain but the import.
    expect(await store.imports.drainDiscarded()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM imports').pluck().get()).toBe(1);
    expect(store.trajectoryQueries.list({}, 1, 0).total).toBe(3000);
    // Killed again: now drained on its own, a thousand at a time.
    store.db.prepare("UPDATE imports SET status = 'running', pid = NULL").run();
    store.close();
    store = openWorkspaceStore(workspaceFile);
    let batches = 0;
    expect(await store.imports.drainDiscarded(() => batches++)).toBe(3000);
    expect(batches).toBe(3);
    expect(store.db.prepare('SELECT count(*) FROM imports').pluck().get()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM trajectories').pluck().get()).toBe(0);
    store.close();
  });
});

describe('Hermes and AgentGym records', () => {
  it('reads Hermes tool calls and responses from tagged text, with the tools from the system prompt', async () => {
    const { fromHermes } = await import('../../../shared/formats/trajectories/agent');
    const line = fs.readFileSync(path.join(FIXTURES, 'hermes.jsonl'), 'utf8').trim();
    const parsed = fromHermes(JSON.parse(line));
    expect(parsed.tools.map((t) => t.name)).toEqual(['get_stock_price']);
    expect(parsed.turns.map((t) => t.role)).toEqual(['system', 'user', 'assistant', 'tool', 'assistant']);
    expect(parsed.turns[2]!.toolCalls).toEqual([{ id: 'call_2_0', name: 'get_stock_price', args: { symbol: 'AAPL' } }]);
    expect(parsed.turns[3]).toMatchObject({
      role: 'tool',
      toolCallId: 'call_2_0',
      content: expect.stringContaining('189.5'),
    });
  });

  it('detects each format from its records and imports it', async () => {
    const store = workspace();
    const hermes = await importTrajectoryFile(store, { file: path.join(FIXTURES, 'hermes.jsonl'), mode: 'strict' });
    const agentgym = await importTrajectoryFile(store, { file: path.join(FIXTURES, 'agentgym.jsonl'), mode: 'strict' });
    expect([hermes.format, agentgym.format]).toEqual(['hermes', 'agentgym']);
    const alfworld = store.trajectoryQueries.list({}, 10, 0).items.find((t) => t.source === 'agentgym.jsonl:1')!;
    expect(store.trajectories.get(alfworld.id).turns[1]).toEqual({
      role: 'assistant',
      thought: 'I need to find a mug first.',
      content: 'go to countertop 1',
    });
    store.close();
  });
});

const withTools = (n: number, tools: string[]) =>
  JSON.stringify({
    ...JSON.parse(openaiRecord(n)),
    tools: tools.map((name) => ({
      type: 'function',
      function: {
        name,
        description: `${name} tool`,
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    })),
  });

describe('tools declared in an imported file', () => {
  it('creates a new graph from them, attached to the imported trajectories', async () => {
    const store = workspace();
    const file = write([withTools(1, ['get_weather']), '\n', withTools(2, ['get_weather', 'get_time']), '\n']);
    const report = await importTrajectoryFile(store, { file, mode: 'strict', newGraphName: 'From logs' });
    expect(report.tools).toMatchObject({ added: ['get_weather', 'get_time'], alreadyPresent: 0 });
    const graph = store.graphs.get(report.tools!.graphId);
    expect(graph.name).toBe('From logs');
    expect(graph.tools.map((t) => [t.name, t.description])).toEqual([
      ['get_weather', 'get_weather tool'],
      ['get_time', 'get_time tool'],
    ]);
    expect(new Set(graph.tools.map((t) => `${t.position.x},${t.position.y}`)).size).toBe(2);
    const items = store.trajectoryQueries.list({}, 10, 0).items;
    expect(items.every((t) => t.graphId === graph.id)).toBe(true);
    store.close();
  });

  it('adds only the missing tools to an existing graph and keeps the ones the user drew', async () => {
    const store = workspace();
    const graph = store.graphs.create({
      name: 'Mine',
      tools: [
        {
          name: 'get_weather',
          description: 'drawn by hand',
          parameters: { type: 'object' },
          returns: { type: 'object' },
          runtime: null,
          position: { x: 0, y: 0 },
        },
      ],
      edges: [],
    });
    const file = write([withTools(1, ['get_weather', 'get_time']), '\n']);
    const report = await importTrajectoryFile(store, { file, mode: 'strict', graphId: graph.id });
    expect(report.tools).toMatchObject({ graphId: graph.id, added: ['get_time'], alreadyPresent: 1 });
    const tools = store.graphs.get(graph.id).tools;
    expect(tools.map((t) => t.name)).toEqual(['get_weather', 'get_time']);
    expect(tools[0]!.description).toBe('drawn by hand');
    expect(tools[1]!.position.y).toBeGreaterThan(0);
    store.close();
  });

  it('leaves no new graph behind when strict mode refuses the file', async () => {
    const store = workspace();
    const file = write([withTools(1, ['get_weather']), '\n{broken\n']);
    const report = await importTrajectoryFile(store, { file, mode: 'strict', newGraphName: 'From logs' });
    expect(report.committed).toBe(false);
    expect(store.graphs.findByName('From logs')).toBeUndefined();
    store.close();
  });
});

describe('cancelling an import', () => {
  it('stops part-way and removes every trajectory it had written', async () => {
    const store = workspace();
    const file = write(Array.from({ length: 3000 }, (_, i) => `${openaiRecord(i)}\n`));
    const controller = new AbortController();
    const seen: number[] = [];
    const report = await importTrajectoryFile(store, {
      file,
      mode: 'lenient',
      signal: controller.signal,
      onProgress: (p) => {
        seen.push(p.imported);
        expect(p.totalBytes).toBe(fs.statSync(file).size);
        if (p.imported >= 1000) controller.abort();
      },
    });
    expect(report).toMatchObject({ committed: false, cancelled: true, imported: 0 });
    expect(Math.max(...seen)).toBeGreaterThanOrEqual(1000);
    expect(store.db.prepare('SELECT count(*) FROM trajectories').pluck().get()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM turns').pluck().get()).toBe(0);
    expect(store.db.prepare('SELECT count(*) FROM imports').pluck().get()).toBe(0);
    store.close();
  });
});
