import type { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterEach, describe, expect, it } from 'vitest';
import { callTool, type RuntimeDeps } from '../../../backend/executor/runtimes';
import { MockRunner } from '../../../backend/executor/runtimes/mock-runner';
import { listMcpTools } from '../../../backend/mcp/list-tools';
import { McpServers, type McpServer } from '../../../backend/mcp/servers';
import { EVERYTHING_SERVER } from '../../helpers/graphs';

const pidOf = (server: McpServer) => (server.client.transport as StdioClientTransport).pid!;
const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const pools: McpServers[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(): { servers: McpServers; deps: RuntimeDeps } {
  const servers = new McpServers();
  pools.push(servers);
  return { servers, deps: { mocks: new MockRunner(), mcp: servers, seed: 1, allowed: () => true } };
}

describe('one pool of MCP servers for listing and calling', () => {
  it('calls a tool on the very server its listing started, and stops it when the pool closes', async () => {
    const { servers, deps } = pool();
    const listed = await listMcpTools(servers, EVERYTHING_SERVER);
    const started = servers.get(EVERYTHING_SERVER);
    const pid = pidOf(started);
    expect(running(pid)).toBe(true);

    const echo = listed.tools.find((t) => t.name === 'echo')!;
    const observation = await callTool(echo, { message: 'hello' }, deps);
    expect(observation).toMatchObject({ ok: true });
    expect(JSON.stringify(observation)).toContain('hello');
    // Listing again and calling again start nothing new.
    await listMcpTools(servers, EVERYTHING_SERVER);
    expect(servers.get(EVERYTHING_SERVER)).toBe(started);

    await servers.close();
    await expect.poll(() => running(pid)).toBe(false);
  });

  it('starts a server again after it exited, and keeps servers started differently apart', async () => {
    const { servers, deps } = pool();
    const listed = await listMcpTools(servers, EVERYTHING_SERVER);
    const first = servers.get(EVERYTHING_SERVER);
    const other = servers.get({ ...EVERYTHING_SERVER, env: { TRELLIS_TEST: '1' } });
    expect(other).not.toBe(first);
    await other.ready;

    process.kill(pidOf(first));
    await expect.poll(() => servers.get(EVERYTHING_SERVER) !== first).toBe(true);
    const echo = listed.tools.find((t) => t.name === 'echo')!;
    expect(await callTool(echo, { message: 'again' }, deps)).toMatchObject({ ok: true });
  });
});
