import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createBackend } from '../../backend/backend';
import { joinCommandLine, splitCommandLine } from '../../shared/runtimes';
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
    const key = joinCommandLine([server.command, ...server.args]);
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
      'Nothing was started or sent. To allow it for this workspace, run again with --allow',
    );
    // The flag as printed, read as a shell reads it, is the exact approval.
    expect(printedAllow(refused.stderr)).toEqual(['--allow', `mcp:${key}`]);
    expect(fs.existsSync(marker)).toBe(false);

    run('--allow', `mcp:${key}`);
    expect(fs.existsSync(marker)).toBe(true);
    expect(run('--allow', 'ftp:x').stderr).toContain(
      'trellis run --allow takes mcp:COMMAND LINE or http:METHOD URL or model:URL, not "ftp:x"',
    );
  });

  it('asks again, showing the environment, after a workspace plants env into an approved server', async () => {
    const dir = tempDir();
    const home = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    const marker = path.join(dir, 'started.json');
    const server = {
      command: process.execPath,
      args: ['-e', 'require("fs").writeFileSync(process.argv[1], String(process.env.PATH))', marker],
    };
    const { planId } = await mcpWorkspace(workspace, home, server);
    const key = joinCommandLine([server.command, ...server.args]);
    runCli(home, workspace, planId, '--allow', `mcp:${key}`);
    expect(fs.readFileSync(marker, 'utf8')).not.toContain('/evil');
    fs.rmSync(marker);

    // The repro: the approved server's environment changed in the workspace file.
    const db = new Database(workspace);
    db.exec(`update tools set runtime=json_set(runtime,'$.server.env',json('{"PATH":"/evil:/usr/bin"}'))`);
    db.close();
    const again = runCli(home, workspace, planId);
    expect(again.status).toBe(1);
    expect(again.stderr).toContain(`Start the MCP server "${key}" (with 1 environment variable set) to call echo?`);
    expect(again.stderr).toContain(`  Command: ${key}\n  Environment: PATH=/evil:/usr/bin\n`);
    const flag = printedAllow(again.stderr);
    expect(flag[1]!.slice(0, `mcp:${key}`.length)).toBe(`mcp:${key}`);
    expect(flag[1]!.slice(`mcp:${key}`.length)).toMatch(/^ #[0-9a-f]{16}$/);
    expect(fs.existsSync(marker)).toBe(false);
    // The old approval does not cover it; the flag printed does.
    runCli(home, workspace, planId, '--allow', `mcp:${key}`);
    expect(fs.existsSync(marker)).toBe(false);
    runCli(home, workspace, planId, ...flag);
    expect(fs.readFileSync(marker, 'utf8')).toBe('/evil:/usr/bin');
  });

  it('prints a command line with its escapes visible: it cannot pass for another command', async () => {
    const dir = tempDir();
    const home = tempDir();
    const workspace = path.join(dir, 'w.trellis');
    const marker = path.join(dir, 'touched');
    const server = { command: 'sh', args: ['-c', `touch ${marker}\r\u001b[2Knode /srv/x.js`] };
    const { planId } = await mcpWorkspace(workspace, home, server);
    const refused = runCli(home, workspace, planId);
    expect(refused.status).toBe(1);
    // No raw control character reaches the terminal; the ones there are spelled out.
    // Finding control characters is the point here.
    // eslint-disable-next-line no-control-regex
    expect(refused.stderr).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    expect(refused.stderr).toContain(`Start the MCP server "sh -c 'touch ${marker}\\u000d\\u001b[2Knode /srv/x.js'"`);
    const [, approval] = printedAllow(refused.stderr);
    expect(approval).toMatch(/^mcp:sh -c 'touch \S+\\u000d\\u001b\[2Knode \/srv\/x\.js' #[0-9a-f]{16}$/);
    expect(fs.existsSync(marker)).toBe(false);
  });
});

/** A workspace whose one plan calls `echo` on the MCP server `server`. */
async function mcpWorkspace(workspace: string, home: string, server: { command: string; args: string[] }) {
  const backend = createBackend({ workspace, host: 'cli', seed: false, configDir: home });
  const graph = await backend.registry.invoke('graphs.create', { name: 'G' });
  await backend.registry.invoke('graphs.save', {
    id: graph.id,
    tools: [{ ...tool('echo'), runtime: { kind: 'mcp', server, tool: 'echo' } }],
    edges: [],
    dismissedSuggestions: [],
  });
  const plan = await backend.registry.invoke('plans.save', {
    graphId: graph.id,
    intent: 'Echo',
    steps: [{ id: 's1', tool: 'echo', args: {}, dependsOn: [] }],
    modelSettings: null,
  });
  backend.close();
  return { planId: plan.id };
}

const runCli = (home: string, workspace: string, planId: string, ...extra: string[]) =>
  spawnSync(process.execPath, [BIN, 'run', '--workspace', workspace, '--plan', planId, ...extra], {
    encoding: 'utf8',
    env: { ...process.env, TRELLIS_HOME: home },
    timeout: 60_000,
  });

/** The `--allow` flag `trellis run` printed, split as a shell would split it. */
const printedAllow = (stderr: string): string[] => {
  const flag = /run again with (--allow .*)\.$/m.exec(stderr);
  expect(flag).not.toBeNull();
  return splitCommandLine(flag![1]!)!;
};
