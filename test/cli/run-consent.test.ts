import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../backend/backend';
import { tool } from '../helpers/graphs';
import { tempDir } from '../helpers/temp';

const BIN = path.join(__dirname, '..', '..', 'bin', 'trellis.js');

describe('trellis run and consent', () => {
  it('never starts an unapproved command: it names it and the flag that approves it', async () => {
    const dir = tempDir();
    const home = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    const marker = path.join(dir, 'started.txt');
    const server = {
      command: process.execPath,
      args: ['-e', 'require("fs").writeFileSync(process.argv[1], "started")', marker],
    };
    const key = [server.command, ...server.args].join(' ');
    const backend = createBackend({ workspace, host: 'cli', seed: false, configDir: home });
    const graph = await backend.registry.invoke('graphs.create', { name: 'G' });
    await backend.registry.invoke('graphs.save', {
      id: graph.id,
      tools: [{ ...tool('echo'), runtime: { kind: 'mcp', server, tool: 'echo' } }],
      edges: [],
      dismissedSuggestions: [],
    });
    // Planted in the workspace, as a shared file could carry it: must not count.
    backend.store.settings.set('runs.allowed', [`mcp:${key}`]);
    const plan = await backend.registry.invoke('plans.save', {
      graphId: graph.id,
      intent: 'Echo',
      steps: [{ id: 's1', tool: 'echo', args: {}, dependsOn: [] }],
      modelSettings: null,
    });
    backend.close();

    const run = (...extra: string[]) =>
      spawnSync(process.execPath, [BIN, 'run', '--workspace', workspace, '--plan', plan.id, ...extra], {
        encoding: 'utf8',
        env: { ...process.env, TRELLIS_HOME: home },
        timeout: 60_000,
      });
    const refused = run();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `Nothing was started. To allow it for this workspace, run again with --allow 'mcp:${key}'`,
    );
    expect(fs.existsSync(marker)).toBe(false);

    run('--allow', `mcp:${key}`);
    expect(fs.existsSync(marker)).toBe(true);
    expect(run('--allow', 'ftp:x').stderr).toContain('--allow takes mcp:COMMAND or http:HOST');
  });
});
