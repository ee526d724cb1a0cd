import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** One scripted reply: text, or tool calls (arguments as the JSON text the model would write). */
export interface ScriptedReply {
  content?: string;
  toolCalls?: { id: string; name: string; arguments: string }[];
  usage: { prompt_tokens: number; completion_tokens: number };
}

const servers: http.Server[] = [];

/**
 * A loopback OpenAI-compatible chat server for agent loops: each `/v1/chat/completions` request
 * gets the next scripted reply (non-streaming, with `tool_calls` and `usage` as OpenAI writes
 * them). `requests` holds the bodies it received, so a test can compare what the agent sent.
 */
export async function startAgentServer(script: readonly ScriptedReply[]): Promise<{
  baseUrl: string;
  requests: Record<string, unknown>[];
}> {
  const requests: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const reply = script[requests.length];
      requests.push(body);
      if (!reply) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'the script has no more replies' } }));
        return;
      }
      const message = {
        role: 'assistant',
        content: reply.content ?? null,
        ...(reply.toolCalls
          ? {
              tool_calls: reply.toolCalls.map((c) => ({
                id: c.id,
                type: 'function',
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : {}),
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: String(body.model),
          choices: [{ index: 0, message, finish_reason: reply.toolCalls ? 'tool_calls' : 'stop' }],
          usage: {
            ...reply.usage,
            total_tokens: reply.usage.prompt_tokens + reply.usage.completion_tokens,
          },
        }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
}

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});
