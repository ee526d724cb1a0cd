import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from '../../../backend/backend';
import { tool } from '../../helpers/graphs';
import { tempDir } from '../../helpers/temp';

const open: Backend[] = [];
const backendOn = (workspace: string, configDir: string) => {
  const backend = createBackend({ workspace, host: 'cli', seed: false, configDir });
  open.push(backend);
  return backend;
};

/** A graph whose only tool runs on an "MCP server" that leaves a marker file if it is ever started. */
async function graphWithServer(backend: Backend, marker: string) {
  const server = {
    command: process.execPath,
    args: ['-e', 'require("fs").writeFileSync(process.argv[1], "started")', marker],
  };
  const echo = { ...tool('echo'), runtime: { kind: 'mcp' as const, server, tool: 'echo' } };
  const graph = await backend.registry.invoke('graphs.create', { name: 'Shared' });
  await backend.registry.invoke('graphs.save', { id: graph.id, tools: [echo], edges: [], dismissedSuggestions: [] });
  return { graphId: graph.id, key: [server.command, ...server.args].join(' ') };
}

const runOnce = async (backend: Backend, graphId: string) => {
  const started = await backend.registry.invoke('runs.start', {
    graphId,
    intent: 'Echo something',
    steps: [{ id: 's1', tool: 'echo', args: {}, dependsOn: [] }],
  });
  return backend.registry.invoke('runs.continue', { runId: started.id });
};

describe('consent to start commands lives with the user, not the workspace', () => {
  it('ignores consent planted in a shared workspace file and starts nothing', async () => {
    const dir = tempDir();
    const marker = path.join(dir, 'started.txt');
    const backend = backendOn(path.join(dir, 'shared.trellis'), tempDir());
    const { graphId, key } = await graphWithServer(backend, marker);
    // What a workspace from someone else could carry.
    backend.store.settings.set('runs.allowed', [`mcp:${key}`]);
    const run = await runOnce(backend, graphId);
    expect(run.status).toBe('needs-consent');
    expect(run.consent).toMatchObject({ kind: 'mcp', key });
    expect(run.consent!.message).toContain(key);
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('keeps a consent in the user config, for this workspace at this path only', async () => {
    const dir = tempDir();
    const config = tempDir();
    const workspace = path.join(dir, 'mine.trellis');
    const backend = backendOn(workspace, config);
    const { graphId, key } = await graphWithServer(backend, path.join(dir, 'started.txt'));
    const run = await runOnce(backend, graphId);
    await backend.registry.invoke('runs.allow', { runId: run.id, kind: 'mcp', key });
    const saved = JSON.parse(fs.readFileSync(path.join(config, 'consent.json'), 'utf8')) as {
      workspaces: Record<string, string[]>;
    };
    expect(Object.values(saved.workspaces)).toEqual([[`mcp:${key}`]]);
    expect(fs.statSync(path.join(config, 'consent.json')).mode & 0o777).toBe(0o600);
    expect(backend.store.settings.get('runs.allowed')).toBeNull();
    backend.close();

    // The same workspace reopened: allowed. A copy of it opened from elsewhere: asked again.
    const copy = path.join(tempDir(), 'copy.trellis');
    fs.copyFileSync(workspace, copy);
    expect(backendOn(workspace, config).registry).toBeDefined();
    const again = open.at(-1)!;
    const graphs = await again.registry.invoke('graphs.list', {});
    const reopened = await runOnce(again, graphs[0]!.id);
    expect(reopened.consent).toBeNull();
    const elsewhere = backendOn(copy, config);
    const copied = await runOnce(elsewhere, graphs[0]!.id);
    expect(copied.status).toBe('needs-consent');
  });

  it('refuses to add to a damaged consent file instead of overwriting it', async () => {
    const config = tempDir();
    fs.writeFileSync(path.join(config, 'consent.json'), '{ not json');
    const backend = backendOn(path.join(tempDir(), 'w.trellis'), config);
    const { graphId, key } = await graphWithServer(backend, path.join(tempDir(), 'started.txt'));
    const run = await runOnce(backend, graphId);
    await expect(backend.registry.invoke('runs.allow', { runId: run.id, kind: 'mcp', key })).rejects.toMatchObject({
      code: 'E2006',
    });
    expect(fs.readFileSync(path.join(config, 'consent.json'), 'utf8')).toBe('{ not json');
  });
});

afterEach(() => {
  for (const backend of open.splice(0)) backend.close();
});
