import { TrellisError } from '../../shared/errors';
import { isObject } from '../../shared/json';
import { EMPTY_OBJECT_SCHEMA, makeTool, toolName, type ParsedTools } from '../../shared/formats/tools/parsed';
import { McpToolAnnotations, type McpServerCommand } from '../../shared/runtimes';
import type { McpServers } from './servers';

const TIMEOUT_MS = 30_000;

/**
 * Lists the tools of an MCP server (started over stdio unless it already runs; it stays started
 * for the calls that follow). Tools keep a link to the server.
 */
export async function listMcpTools(
  servers: McpServers,
  command: McpServerCommand,
): Promise<ParsedTools & { serverName: string }> {
  const server = servers.get(command);
  const commandLine = [command.command, ...command.args].join(' ');
  const fail = (what: string, error: unknown) => {
    const stderr = server.stderr();
    return new TrellisError(
      'E4002',
      `${what} "${commandLine}": ${(error as Error).message}${stderr ? `. It printed: ${stderr.trim().split('\n').slice(-3).join(' | ')}` : ''}`,
    );
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
  });
  try {
    await Promise.race([server.ready, timeout]).catch((e: unknown) => {
      throw fail('Could not start', e);
    });
    const listed = await Promise.race([server.client.listTools(), timeout]).catch((e: unknown) => {
      throw fail('Could not list the tools of', e);
    });
    const serverName = server.client.getServerVersion()?.name ?? command.command;
    const warnings: string[] = [];
    const taken = new Set<string>();
    const tools = listed.tools.map((tool) =>
      makeTool(
        toolName(tool.name, taken, warnings),
        tool.description ?? tool.title ?? '',
        isObject(tool.inputSchema) ? stripDialect(tool.inputSchema) : EMPTY_OBJECT_SCHEMA,
        isObject(tool.outputSchema) ? stripDialect(tool.outputSchema) : EMPTY_OBJECT_SCHEMA,
        {
          kind: 'mcp',
          server: { command: command.command, args: command.args },
          tool: tool.name,
          ...annotationsOf(tool),
        },
      ),
    );
    return { tools, edges: [], warnings, serverName };
  } catch (error) {
    // A server that did not start or answer is not kept: the next try starts it afresh.
    await servers.stop(command);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The tool's declared annotations (and title), only the known ones, when it has any. */
function annotationsOf(tool: { title?: string; annotations?: unknown }): { annotations?: McpToolAnnotations } {
  const parsed = McpToolAnnotations.safeParse({
    ...(isObject(tool.annotations) ? tool.annotations : {}),
    ...(tool.title ? { title: tool.title } : {}),
  });
  return parsed.success && Object.keys(parsed.data).length ? { annotations: parsed.data } : {};
}

/** `$schema` names a dialect the graph does not need to carry. */
function stripDialect(schema: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}
