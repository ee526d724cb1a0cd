import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TrellisError } from '../../shared/errors';
import { isObject } from '../../shared/json';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName, type ParsedTools } from '../../shared/formats/tools/parsed';

export interface McpServerCommand {
  command: string;
  args: string[];
  cwd?: string;
}

const TIMEOUT_MS = 30_000;

/** Starts an MCP server over stdio, lists its tools, and stops it. Tools keep a link to the server. */
export async function listMcpTools(server: McpServerCommand): Promise<ParsedTools & { serverName: string }> {
  const transport = new StdioClientTransport({
    command: server.command,
    args: server.args,
    cwd: server.cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2000);
  });
  const client = new Client({ name: 'trellis', version: '1' });
  const commandLine = [server.command, ...server.args].join(' ');
  const fail = (what: string, error: unknown) =>
    new TrellisError(
      'E4002',
      `${what} "${commandLine}": ${(error as Error).message}${stderr ? `. It printed: ${stderr.trim().split('\n').slice(-3).join(' | ')}` : ''}`,
    );
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  });
  try {
    await Promise.race([client.connect(transport), timeout]).catch((e: unknown) => {
      throw fail('Could not start', e);
    });
    const listed = await Promise.race([client.listTools(), timeout]).catch((e: unknown) => {
      throw fail('Could not list the tools of', e);
    });
    const serverName = client.getServerVersion()?.name ?? server.command;
    const warnings: string[] = [];
    const taken = new Set<string>();
    const tools = listed.tools.map((tool) =>
      makeTool(
        toolName(tool.name, taken, warnings),
        tool.description ?? tool.title ?? '',
        isObject(tool.inputSchema) ? stripDialect(tool.inputSchema) : EMPTY_OBJECT_SCHEMA,
        isObject(tool.outputSchema) ? stripDialect(tool.outputSchema) : EMPTY_OBJECT_SCHEMA,
        { kind: 'mcp', server: { command: server.command, args: server.args }, tool: tool.name },
      ),
    );
    return { tools, edges: [], warnings, serverName };
  } finally {
    clearTimeout(timer);
    await client.close().catch(() => undefined);
  }
}

/** `$schema` names a dialect the graph does not need to carry. */
function stripDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
