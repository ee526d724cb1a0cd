import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { expectedVerdict, fixtureEntries, multiTurnFixture } from '../helpers/bfcl-multi-turn-fixture';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

function trellis(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** A new workspace with the example graph and trajectories, as the app's first start makes it. */
async function examplesWorkspace(name: string): Promise<string> {
  const workspace = path.join(tempDir(), name);
  const { createBackend } = await import('../../backend/backend');
  createBackend({ workspace, host: 'cli', seed: true }).close();
  return workspace;
}

/** Processes a test started: killed when it ends, pass or fail. */
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

describe('trellis command line', () => {
  it('lists its verbs with --help and exits 0', () => {
    const { code, out } = trellis('--help');
    expect(code).toBe(0);
    expect(out).toMatch(/Usage: trellis <verb>/);
    expect(out).toMatch(/serve/);
  });

  it('exits non-zero with usage when the verb is missing or unknown', () => {
    expect(trellis().code).toBe(2);
    const unknown = trellis('frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/unknown verb "frobnicate"/);
  });

  it('lists every verb with its first sentence, the summaries in one column', () => {
    const { code, out } = trellis('--help');
    expect(code).toBe(0);
    const rows = out.split('\n').filter((line) => /^ {2}[a-z]/.test(line));
    expect(rows.map((row) => row.trim().split(/\s+/)[0])).toContain('experiment');
    const column = new Set(rows.map((row) => /^ {2}\S+\s+/.exec(row)![0].length));
    expect(column.size).toBe(1);
    expect(out).toContain('Serve the Trellis UI and backend on this machine.\n');
  });

  it('documents every flag of serve', () => {
    const { code, out } = trellis('serve', '--help');
    expect(code).toBe(0);
    for (const flag of ['--workspace', '--host', '--port', '--json', '--help']) expect(out).toContain(flag);
  });

  it('rejects an unknown flag with exit 2', () => {
    const { code, err } = trellis('serve', '--prot', '80');
    expect(code).toBe(2);
    expect(err).toMatch(/Unknown option '--prot'/);
  });

  it('reports a bad port as JSON with --json and exits 2, a usage error', () => {
    const { code, out } = trellis('serve', '--port', 'eighty', '--json');
    expect(code).toBe(2);
    expect(JSON.parse(out)).toMatchObject({ ok: false, error: { code: 'E1002' } });
  });

  it('explains that a file which is not a workspace cannot be opened, leaving it alone', () => {
    const file = path.join(tempDir(), 'notes.trellis');
    fs.writeFileSync(file, 'plain text');
    const { code, err } = trellis('serve', '--workspace', file);
    expect(code).toBe(1);
    expect(err).toContain('E2004 Not a Trellis workspace');
    expect(fs.readFileSync(file, 'utf8')).toBe('plain text');
  });

  it('says what to do when the port is taken, the workspace is a folder, or the import file is a folder', async () => {
    const dir = tempDir();
    const blocker = http.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const taken = trellis('serve', '--workspace', path.join(dir, 'w.trellis'), '--port', String(port));
      expect(taken.code).toBe(1); // the machine's state, not a usage error
      expect(taken.err).toContain(`E2009 Cannot listen there: Port ${port} is already in use on 127.0.0.1`);
      expect(taken.err).not.toContain('report it');
    } finally {
      blocker.close();
    }
    const folder = trellis('check', '--workspace', dir);
    expect(folder.code).toBe(1);
    expect(folder.err).toContain(`E2004 Not a Trellis workspace: ${dir} is a folder, not a workspace file.`);
    const importFolder = trellis('import', dir, '--workspace', path.join(dir, 'w.trellis'));
    expect(importFolder.code).toBe(2);
    expect(importFolder.err).toContain(`${dir} is a folder.`);
  });

  it('serves a new workspace, prints its URL as JSON and stops cleanly on SIGINT', async () => {
    const workspace = path.join(tempDir(), 'served.trellis');
    const child = spawn(process.execPath, [BIN, 'serve', '--workspace', workspace, '--json'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await expect.poll(() => out.includes('\n'), { timeout: 20_000 }).toBe(true);
    const summary = JSON.parse(out.split('\n')[0]!) as {
      ok: boolean;
      url: string;
      workspace: string;
      created: boolean;
    };
    expect(summary).toMatchObject({ ok: true, workspace, created: true });
    expect(summary.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=[0-9a-f]{48}$/);
    expect((await fetch(summary.url)).status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(fs.existsSync(`${workspace}-wal`)).toBe(false);
  });

  it('imports trajectories with `trellis import`, and refuses a bad file naming its lines', () => {
    const workspace = path.join(tempDir(), 'cli-import.trellis');
    const fixture = path.join(__dirname, '..', 'fixtures', 'trajectories', 'sharegpt.jsonl');
    const ok = trellis('import', '--workspace', workspace, '--file', fixture, '--json');
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ ok: true, format: 'sharegpt', imported: 2, rejected: [] });

    const bad = path.join(tempDir(), 'bad.jsonl');
    fs.writeFileSync(bad, '{"messages": []}\n{oops\n');
    const refused = trellis('import', bad, '--workspace', workspace);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`${bad}:1 (byte 0): "messages" is empty`);
    expect(refused.err).toContain(`${bad}:2 (byte 17): not valid JSON`);
    expect(refused.out).toContain('E4003 Import refused: 2 bad records; nothing was imported.');

    const lenient = trellis('import', bad, '--workspace', workspace, '--lenient', '--strict');
    expect(lenient.code).toBe(2); // a usage error
    expect(lenient.err).toContain('Choose --strict or --lenient, not both.');
    expect(trellis('import', bad, 'extra', '--workspace', workspace).code).toBe(2);
    const missingGraph = trellis('import', fixture, '--workspace', workspace, '--graph', 'Nope');
    expect(missingGraph.err).toContain('No tool graph named "Nope"');
  });

  it('imports a JSON array as LLaMA-Factory ships it into an empty workspace, and reports tool conflicts', () => {
    const workspace = path.join(tempDir(), 'cli-array.trellis');
    const fixture = path.join(
      __dirname,
      '..',
      'fixtures',
      'trajectories',
      'published',
      'llamafactory-glaive-toolcall.json',
    );
    const imported = trellis('import', fixture, '--workspace', workspace, '--new-graph', 'glaive');
    expect(imported.code).toBe(0);
    expect(imported.out).toContain(
      'Imported 4 trajectories (ShareGPT, JSON array); 0 already present; 0 rejected. The records declare 2 distinct tool sets, each kept with its records.',
    );
    expect(imported.out).toContain('Tools added to graph "glaive": 2.');
    expect(imported.out).toContain(
      'calculate_area: 2 different definitions (2 records as in record 3 (the one the graph has); 1 record as in record 2); each record keeps its own',
    );
    // Only what was imported: the examples are not in a workspace a pipeline created.
    const checked = JSON.parse(trellis('check', '--workspace', workspace, '--json').out) as { checked: number };
    expect(checked.checked).toBe(4);
    const seeded = path.join(tempDir(), 'cli-seeded.trellis');
    expect(trellis('import', fixture, '--workspace', seeded, '--with-examples').code).toBe(0);
    expect((JSON.parse(trellis('check', '--workspace', seeded, '--json').out) as { checked: number }).checked).toBe(6);
    // A half-understood file is refused, naming the field and what to do.
    const half = path.join(__dirname, '..', 'fixtures', 'trajectories', 'published', 'half-understood.jsonl');
    const refused = trellis('import', half, '--workspace', workspace);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('field messages[0].content[1] of type "image_url" not understood');
    expect(refused.out).toContain('Import with --lenient to keep the fields Trellis does not understand as metadata.');
  });

  it('refuses --new-graph with a blank name before touching the workspace', () => {
    const workspace = path.join(tempDir(), 'cli-blank-graph.trellis');
    const fixture = path.join(__dirname, '..', 'fixtures', 'trajectories', 'sharegpt.jsonl');
    for (const name of ['', '   ']) {
      const refused = trellis('import', fixture, '--workspace', workspace, '--new-graph', name);
      expect(refused.code).toBe(2);
      expect(refused.err).toContain('--new-graph needs a name');
      expect(fs.existsSync(workspace)).toBe(false);
    }
  });

  it('imports tau-bench results with their outcome, exports only the failed runs, and fails an import of nothing', () => {
    const workspace = path.join(tempDir(), 'cli-tau.trellis');
    const tau = path.join(
      __dirname,
      '..',
      'fixtures',
      'trajectories',
      'harness',
      'tau-bench-historical-gpt-4o-airline-59a200c.json',
    );
    const imported = trellis('import', tau, '--workspace', workspace);
    expect(imported.code).toBe(0);
    expect(imported.out).toContain(
      'Imported 3 trajectories (tau-bench results, JSON array); 0 already present; 0 rejected. Outcomes in the file: 2 succeeded, 1 failed.',
    );
    expect(imported.out).toContain('note: ');
    const out = tempDir();
    const failed = trellis(
      'export',
      '--workspace',
      workspace,
      '--format',
      'sharegpt',
      '--out',
      out,
      '--outcome',
      'failure',
      '--split',
      '1,0,0',
      '--include-invalid',
      '--json',
    );
    expect(failed.code).toBe(0);
    const files = (JSON.parse(failed.out) as { files: { count: number }[] }).files;
    expect(files.reduce((n, f) => n + f.count, 0)).toBe(1);
    const task = trellis(
      'export',
      '--workspace',
      workspace,
      '--format',
      'openai',
      '--out',
      tempDir(),
      '--meta',
      'task_id=44',
      '--split',
      '1,0,0',
      '--include-invalid',
    );
    expect(task.code).toBe(0);
    expect(task.out).toMatch(/train\s+2 /);
    expect(task.err).toContain("openai records have no place for a run's outcome or metadata: 2 outcomes");
    expect(
      trellis('export', '--workspace', workspace, '--format', 'openai', '--out', out, '--outcome', 'lost').err,
    ).toContain('--outcome must be success, failure, unknown or none, not "lost".');
    expect(
      trellis('export', '--workspace', workspace, '--format', 'openai', '--out', out, '--meta', 'task_id').err,
    ).toContain('--meta takes FIELD=VALUE');
    const empty = path.join(tempDir(), 'empty.jsonl');
    fs.writeFileSync(empty, '');
    const nothing = trellis('import', empty, '--workspace', workspace, '--lenient');
    expect(nothing.code).toBe(1);
    expect(nothing.out).toContain('Nothing was imported: the file is empty.');
  });

  it('scores WorfBench and BFCL predictions with `trellis eval`', () => {
    const fixtures = path.join(__dirname, '..', 'fixtures', 'eval');
    const f = (name: string) => path.join(fixtures, name);
    const worf = trellis(
      'eval',
      'worfbench',
      '--pred',
      f('worfbench-pred.jsonl'),
      '--gold',
      f('worfbench-gold.json'),
      '--compat',
      '--json',
    );
    expect(worf.code).toBe(0);
    expect(JSON.parse(worf.out)).toMatchObject({ ok: true, compat: true, matcher: 'lexical', mean: { f1Graph: 1 } });
    const bfcl = trellis(
      'eval',
      'bfcl',
      '--pred',
      f('bfcl-pred.jsonl'),
      '--answers',
      f('bfcl-answers.jsonl'),
      '--entries',
      f('bfcl-entries.jsonl'),
    );
    expect(bfcl.code).toBe(0);
    expect(bfcl.out).toContain('AST accuracy 66.7% over 3 entries.');
    expect(bfcl.out).toContain('✅ Test completed: simple. 🎯 Accuracy: 50.00%  (1/2)'); // the leaderboard's line
    const missing = trellis('eval', 'bfcl', '--pred', f('bfcl-pred.jsonl'));
    expect(missing.code).toBe(2); // a usage error
    expect(missing.err).toContain('--answers is required.');
  });

  it('scores BFCL multi-turn results with `trellis eval bfcl`, per entry and per category as the leaderboard does', () => {
    const args = ['--answers', multiTurnFixture('answers'), '--entries', multiTurnFixture('entries')];
    const text = trellis('eval', 'bfcl', '--pred', multiTurnFixture('pred'), ...args);
    expect(text.code).toBe(0);
    const expected = fixtureEntries.map((e) => ({ id: e.id, ...expectedVerdict(e, 'prompt') }));
    const base = expected.filter((e) => e.id.startsWith('multi_turn_base_'));
    const valid = base.filter((e) => e.valid).length;
    expect(text.out).toContain(
      `✅ Test completed: multi_turn_base. 🎯 Accuracy: ${((100 * valid) / base.length).toFixed(2)}%  (${valid}/${base.length})`,
    );
    const terminated = expected.find((e) => e.errorType === 'multi_turn:force_terminated')!;
    expect(text.out).toMatch(
      new RegExp(`${terminated.id} +FAIL  multi_turn:force_terminated  Model was force-terminated`),
    );
    expect(text.out).toContain(
      `Accuracy ${((100 * expected.filter((e) => e.valid).length) / expected.length).toFixed(1)}% over 130 entries.`,
    );
    const json = trellis('eval', 'bfcl', '--pred', multiTurnFixture('pred-fc'), ...args, '--fc', '--json');
    expect(json.code).toBe(0);
    const result = JSON.parse(json.out) as { items: { valid: boolean; errorType?: string; error?: string }[] };
    expect(
      result.items.map((i) => ({ valid: i.valid, errorType: i.errorType ?? null, errorMessage: i.error ?? null })),
    ).toEqual(fixtureEntries.map((e) => expectedVerdict(e, 'fc')));
  });

  it('plans with `trellis plan` and executes the saved plan with `trellis run`', async () => {
    const workspace = await examplesWorkspace('cli-plan.trellis');
    const planned = trellis(
      'plan',
      '--workspace',
      workspace,
      '--intent',
      'get_weather_forecast in Kyoto on 2027-04-02',
      '--json',
    );
    expect(planned.code).toBe(0);
    const plan = JSON.parse(planned.out) as { planId: string; steps: { tool: string }[]; text: string };
    expect(plan.steps.map((s) => s.tool)).toEqual(['geocode_city', 'get_weather_forecast']);
    const text = trellis(
      'plan',
      '--workspace',
      workspace,
      '--intent',
      'book_flight from Paris to Lisbon',
      '--format',
      'worfbench',
    );
    expect(text.code).toBe(1); // traveler_name is missing: the plan is saved with its problem reported
    expect(text.out).toMatch(/^Node:\n1: search_flights/);
    expect(text.err).toContain('missing required argument traveler_name');
    // That plan is not run without --anyway: its problem is listed and nothing starts.
    const problemPlan = /Saved plan (\S+) /.exec(text.out)![1]!;
    const refused = trellis('run', '--workspace', workspace, '--plan', problemPlan);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('has 4 problems:');
    expect(refused.err).toContain('missing required argument traveler_name');
    expect(refused.err).toContain('--anyway');
    expect(refused.out).toBe('');
    const anyway = trellis('run', '--workspace', workspace, '--plan', problemPlan, '--anyway', '--json');
    expect((JSON.parse(anyway.out) as { turns: unknown[] }).turns.length).toBeGreaterThan(1);
    const ran = trellis('run', '--workspace', workspace, '--plan', plan.planId, '--json');
    expect(ran.code).toBe(0);
    const run = JSON.parse(ran.out) as { status: string; turns: { role: string; content?: string }[] };
    expect(run.status).toBe('finished');
    expect(run.turns.at(-1)!.content).toMatch(/^Plan complete: 2 of 2 steps succeeded/);
    expect(trellis('run', '--workspace', workspace, '--plan', 'nope').err).toContain('No saved plan nope');
  });

  it('exports a dataset with `trellis export` and finds duplicates with `trellis dedup`', async () => {
    const workspace = path.join(tempDir(), 'cli-export.trellis');
    const { createBackend } = await import('../../backend/backend');
    const b = createBackend({ workspace, host: 'cli', seed: true });
    const { items } = await b.registry.invoke('trajectories.list', {});
    await b.registry.invoke('datasets.create', { name: 'examples', picks: items.map((i) => i.id) });
    b.close();
    const out = path.join(tempDir(), 'out');
    const exported = trellis(
      'export',
      '--workspace',
      workspace,
      '--dataset',
      'examples',
      '--format',
      'openai',
      '--out',
      out,
      '--split',
      '1,0,0',
      '--json',
    );
    expect(exported.code).toBe(0);
    const { files, report } = JSON.parse(exported.out) as {
      files: { split: string; path: string; count: number }[];
      report: { leftOut: number; reasons: Record<string, number> };
    };
    // The Kyoto example ends without a final answer: a trainer should not get it.
    expect(files).toEqual([{ split: 'train', path: path.join(out, 'examples.train.jsonl'), count: 1 }]);
    expect(report).toMatchObject({ leftOut: 1, reasons: { 'no-final-answer': 1 } });
    const before = fs.readFileSync(files[0]!.path, 'utf8');
    const again = ['export', '--workspace', workspace, '--dataset', 'examples', '--format', 'openai', '--out', out];
    // The earlier export is kept unless --replace says to replace it.
    const refused = trellis(...again, '--include-invalid');
    expect(refused.code).not.toBe(0);
    expect(refused.err).toContain(
      `E3005 An earlier export is in the folder: examples.train.jsonl is already in ${out}, from an earlier export; nothing was written.`,
    );
    expect(refused.err).toContain('trellis export --replace');
    expect(fs.readFileSync(files[0]!.path, 'utf8')).toBe(before);
    const all = trellis(...again, '--include-invalid', '--replace');
    expect(all.code).toBe(0);
    const lines = fs
      .readFileSync(files[0]!.path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { messages: { role: string }[] });
    expect(lines.map((l) => l.messages[1]!.role)).toEqual(['user', 'user']);
    expect(
      trellis('export', '--workspace', workspace, '--dataset', 'examples', '--format', 'csv', '--out', out).err,
    ).toContain('--format must be one of openai, sharegpt, hermes, worfbench');
    const dedup = trellis('dedup', '--workspace', workspace, '--dataset', 'examples');
    expect(dedup.code).toBe(0);
    expect(dedup.out).toContain('0 clusters, 0 duplicates');
  });

  it('synthesizes trajectories with `trellis synth`', async () => {
    const workspace = await examplesWorkspace('cli-synth.trellis');
    const made = trellis('synth', '--workspace', workspace, '--count', '3', '--kinds', 'serial', '--json');
    expect(made.code).toBe(0);
    expect(JSON.parse(made.out)).toMatchObject({ ok: true, byKind: { serial: 3 } });
    expect(trellis('synth', '--workspace', workspace, '--count', '2', '--kinds', 'loops').err).toContain(
      '--kinds takes serial, parallel, isolated',
    );
  });

  it('checks every trajectory with `trellis check`', async () => {
    const workspace = await examplesWorkspace('cli-check.trellis');
    const { code, out } = trellis('check', '--workspace', workspace, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({
      ok: true,
      checked: 2,
      withFindings: 1,
      findingCount: 10,
      byKind: { 'no-final-answer': 1, 'repeated-call': 1, 'tool-error': 3 },
      trajectoriesByKind: { 'no-final-answer': 1, 'repeated-call': 1, 'tool-error': 1 },
    });
    const findings = JSON.parse(out).findings as {
      code: string;
      where: { turn: number; path: string };
      source: string;
    }[];
    expect(findings.map((f) => [f.code, f.where.turn])).toEqual(
      expect.arrayContaining([
        ['repeated-call', 4],
        ['no-final-answer', 7],
      ]),
    );
    const text = trellis('check', '--workspace', workspace);
    expect(text.out).toMatch(/turn 4 \S+: warning repeated-call: /);
    // Findings and trajectories are both counted, each with its unit.
    expect(text.out).toContain('Checked 2 trajectories; 10 findings in 1 trajectory.\n');
    expect(text.out).toContain('  tool-error: 3 findings in 1 trajectory\n');
  });

  it('prints all of a large --json summary into a pipe that is read slowly', async () => {
    const workspace = path.join(tempDir(), 'cli-pipe.trellis');
    const file = path.join(tempDir(), 'unanswered.jsonl');
    // 800 records whose call got no result before the user spoke again: every one has findings to list.
    const record = (i: number) =>
      JSON.stringify({
        messages: [
          { role: 'user', content: `Weather in city ${i}?` },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: `c${i}`, type: 'function', function: { name: 'get_weather', arguments: '{}' } }],
          },
          { role: 'user', content: 'Hello?' },
        ],
      });
    fs.writeFileSync(file, Array.from({ length: 800 }, (_, i) => record(i)).join('\n'));
    expect(trellis('import', file, '--workspace', workspace, '--json').code).toBe(0);
    const child = spawn(process.execPath, [BIN, 'check', '--workspace', workspace, '--json']);
    children.push(child);
    const closed = new Promise((resolve) => child.on('close', resolve));
    // Nothing is read for a while: the pipe fills, and the command must wait for it to drain.
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stdout.resume();
    expect(await closed).toBe(0);
    expect(out.length).toBeGreaterThan(128 * 1024);
    // A workspace made by `trellis import` holds only what was imported: no examples.
    expect(JSON.parse(out)).toMatchObject({ ok: true, checked: 800, against: { graph: 0, ownTools: 0, none: 800 } });
  });
});
