import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../backend/backend';
import { runVerb, type Verb } from '../../cli/verb';
import { tool } from '../helpers/graphs';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

const nestedText = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;

describe('trellis and values nested too deeply to print', () => {
  it('runs a plan whose tool answers a planted 10,000-deep fixed response: the step fails, saying why', async () => {
    const dir = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    const backend = createBackend({ workspace, host: 'cli', seed: false, configDir: tempDir() });
    const graph = await backend.registry.invoke('graphs.create', { name: 'G' });
    await backend.registry.invoke('graphs.save', {
      id: graph.id,
      tools: [{ ...tool('rate'), runtime: { kind: 'fixed', responses: [], default: 1 } }],
      edges: [],
      dismissedSuggestions: [],
    });
    const plan = await backend.registry.invoke('plans.save', {
      graphId: graph.id,
      intent: 'Rate',
      steps: [{ id: 's1', tool: 'rate', args: {}, dependsOn: [] }],
      modelSettings: null,
    });
    backend.close();
    // As a shared workspace file could carry it: deeper than Trellis itself would ever write.
    const db = new Database(workspace);
    db.prepare('UPDATE tools SET runtime = ?').run(`{"kind":"fixed","responses":[],"default":${nestedText(10_000)}}`);
    db.close();

    const run = spawnSync(process.execPath, [BIN, 'run', '--workspace', workspace, '--plan', plan.id, '--json'], {
      encoding: 'utf8',
      env: { ...process.env, TRELLIS_HOME: tempDir() },
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    const printed = JSON.parse(run.stdout) as { turns: { role: string; content?: string }[] };
    const observation = printed.turns.find((t) => t.role === 'tool')!;
    expect(JSON.parse(observation.content!)).toEqual({
      error:
        "rate's result was refused: its fixed response nests more than 256 levels deep; a tool result may nest at " +
        'most 256 levels and be at most 1.0 MiB of JSON. Edit the response in the tool inspector.',
    });
  });

  it('prints a clear E1007 error, not a stack overflow, when a --json summary cannot be written', async () => {
    let deep: unknown = 0;
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const verb: Verb = {
      name: 'probe',
      summary: 'prints a value too deep for JSON.stringify',
      usage: 'trellis probe',
      options: {},
      run: (_values, io) => {
        io.out(JSON.stringify({ ok: true, deep }));
        return Promise.resolve(0);
      },
    };
    const out: string[] = [];
    const code = await runVerb(verb, ['--json'], { out: (t) => out.push(t), err: (t) => out.push(t) });
    expect(code).toBe(1);
    expect(out.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        ok: false,
        error: {
          code: 'E1007',
          message:
            'A value nests so deeply that Trellis ran out of stack handling it (at most a few thousand levels can be).',
          hint: expect.stringContaining('Make the value the message names flatter') as unknown,
        },
      },
    ]);
  });
});
