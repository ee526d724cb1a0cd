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
 * A loopback OpenAI-compatible server for agent loops: each `/v1/chat/completions` or
 * `/v1/responses` request gets the next scripted reply, with tool calls and usage as OpenAI writes
 * them (Chat Completions as chunks over server-sent events when the request says `stream: true`).
 * Past the script's end it answers 500. `requests` holds the bodies it received, so a test can
 * compare what the agent sent.
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
      if (req.url?.endsWith('/responses')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(responsesReply(body, reply, requests.length)));
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
      const usage = { ...reply.usage, total_tokens: reply.usage.prompt_tokens + reply.usage.completion_tokens };
      const finish = reply.toolCalls ? 'tool_calls' : 'stop';
      const head = { id: `chatcmpl-${requests.length}`, created: 1_700_000_000, model: String(body.model) };
      if (body.stream === true) {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const chunk of streamChunks(reply, finish, usage))
          res.write(`data: ${JSON.stringify({ ...head, object: 'chat.completion.chunk', ...chunk })}\n\n`);
        res.end('data: [DONE]\n\n');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ...head,
          object: 'chat.completion',
          choices: [{ index: 0, message, finish_reason: finish }],
          usage,
        }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, requests };
}

/**
 * A Responses API reply as OpenAI writes one: the request's instructions and tools echoed, the
 * model's text as a `message` item or its calls as `function_call` items, usage in input/output tokens.
 */
function responsesReply(body: Record<string, unknown>, reply: ScriptedReply, n: number) {
  const output = reply.toolCalls
    ? reply.toolCalls.map((c, k) => ({
        type: 'function_call',
        id: `fc_${n}_${k}`,
        call_id: c.id,
        name: c.name,
        arguments: c.arguments,
        status: 'completed',
      }))
    : [
        {
          type: 'message',
          id: `msg_${n}`,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: reply.content ?? '', annotations: [] }],
        },
      ];
  const { prompt_tokens: input, completion_tokens: completion } = reply.usage;
  return {
    id: `resp_${n}`,
    object: 'response',
    created_at: 1_700_000_000 + n,
    status: 'completed',
    model: String(body.model),
    instructions: body.instructions ?? null,
    tools: body.tools ?? [],
    parallel_tool_calls: body.parallel_tool_calls ?? true,
    tool_choice: body.tool_choice ?? 'auto',
    output,
    usage: {
      input_tokens: input,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: completion,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: input + completion,
    },
  };
}

/** A reply as Chat Completions streams it: the text in two pieces, each call's name then its arguments, the finish, the usage. */
function streamChunks(reply: ScriptedReply, finish: string, usage: Record<string, number>) {
  const delta = (d: Record<string, unknown>, finishReason: string | null = null) => ({
    choices: [{ index: 0, delta: d, finish_reason: finishReason }],
  });
  const chunks: Record<string, unknown>[] = [delta({ role: 'assistant', content: '' })];
  const text = reply.content ?? '';
  const half = Math.ceil(text.length / 2);
  if (text) chunks.push(delta({ content: text.slice(0, half) }), delta({ content: text.slice(half) }));
  (reply.toolCalls ?? []).forEach((c, index) => {
    const start = { index, id: c.id, type: 'function', function: { name: c.name, arguments: '' } };
    chunks.push(
      delta({ tool_calls: [start] }),
      delta({ tool_calls: [{ index, function: { arguments: c.arguments } }] }),
    );
  });
  chunks.push(delta({}, finish), { choices: [], usage });
  return chunks;
}

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});
