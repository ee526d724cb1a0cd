import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { McpServerCommand } from '../../shared/runtimes';

/** How much of what a server printed is kept, to say why it failed. */
const STDERR_TAIL = 2000;

/** One server as started: its client (connected once `ready` settles) and the end of what it printed. */
export interface McpServer {
  client: Client;
  ready: Promise<void>;
  stderr(): string;
}

/** Exactly what starts a server: two runtimes share one only when they start it the same way. */
const keyOf = ({ command, args, env, cwd }: McpServerCommand) =>
  JSON.stringify([command, args, Object.entries(env ?? {}).sort(), cwd ?? null]);

/**
 * The MCP servers of one backend, each started once for what starts it (command, arguments,
 * environment, folder) and shared by listing its tools and calling them; a server that exits is
 * started again when next asked for, and all of them stop when the backend closes.
 */
export class McpServers {
  private readonly started = new Map<string, McpServer>();

  /** The server `command` starts, started now unless it already runs. */
  get(command: McpServerCommand): McpServer {
    const key = keyOf(command);
    const running = this.started.get(key);
    if (running) return running;
    // Exactly what the caller gave, field by field: nothing else reaches the spawner.
    const { command: file, args, env, cwd } = command;
    const transport = new StdioClientTransport({
      command: file,
      args,
      ...(env ? { env } : {}),
      ...(cwd !== undefined ? { cwd } : {}),
      stderr: 'pipe',
    });
    let printed = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      printed = (printed + chunk.toString()).slice(-STDERR_TAIL);
    });
    const client = new Client({ name: 'trellis', version: '1' });
    const forget = () => {
      if (this.started.get(key) === server) this.started.delete(key);
    };
    client.onclose = forget;
    const server: McpServer = { client, ready: client.connect(transport), stderr: () => printed };
    server.ready.catch(forget);
    this.started.set(key, server);
    return server;
  }

  /** Stops the server `command` started (one that did not answer), so the next use starts it again. */
  async stop(command: McpServerCommand): Promise<void> {
    const key = keyOf(command);
    const server = this.started.get(key);
    this.started.delete(key);
    await server?.client.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    const servers = [...this.started.values()];
    this.started.clear();
    await Promise.all(servers.map((s) => s.client.close().catch(() => undefined)));
  }
}
