import { isObject } from '../../../shared/json';
import { mcpConsent } from '../../config/consent-request';
import type { RuntimeCall } from './types';

/**
 * Calls the server's tool, once the user allowed starting that server exactly as it is started
 * (command, arguments, environment, folder); the server is the backend's one for that command.
 */
export const mcpCall: RuntimeCall<'mcp'> = {
  call: async (_tool, runtime, args, deps) => {
    const consent = mcpConsent(runtime);
    if (!deps.allowed('mcp', consent.key)) return { ok: false, error: `Not approved yet: ${consent.message}`, consent };
    const server = deps.mcp.get(runtime.server);
    await server.ready;
    const result = await server.client.callTool({ name: runtime.tool, arguments: isObject(args) ? args : {} });
    const text = (result.content as { type: string; text?: string }[] | undefined)
      ?.filter((c) => c.type === 'text')
      .map((c) => c.text)
      .join('\n');
    let value: unknown = result.structuredContent ?? text ?? result;
    if (typeof value === 'string') {
      try {
        value = JSON.parse(value);
      } catch {
        // Text results stay text.
      }
    }
    return result.isError
      ? { ok: false, error: String(text ?? 'the MCP tool reported an error') }
      : { ok: true, result: value };
  },
  result: { what: "the MCP server's answer", fix: 'Ask the tool for less, or choose another runtime.' },
};
