import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** What the loopback server received, for assertions. */
export interface Received {
  path: string;
  body: Record<string, unknown>;
  authorization: string | undefined;
}

const servers: http.Server[] = [];

/** What a scripted server answers one chat request with: calls, or text. */
export interface ScriptedReply {
  content?: string;
  /** Each call's id is `srv_<index>` unless given (a server that numbers calls per reply reuses them). */
  toolCalls?: { id?: string; name: string; arguments: unknown }[];
  usage?: { prompt_tokens: number; completion_tokens: number };
}

/** Answers a chat request (its body as sent); may wait (a gate the test opens). */
export type ChatScript = (body: Record<string, unknown>) => ScriptedReply | Promise<ScriptedReply>;

export interface OpenAIServerOptions {
  /** Chat requests are answered by the script (streamed when asked, in pieces), not by the model name. */
  script?: ChatScript;
  /** Answer scripted requests as one JSON message even when a stream was asked for. */
  whole?: boolean;
}

/** A scripted reply as server-sent chunks: text in two pieces, each call's name then its arguments in two. */
function scriptedChunks(reply: ScriptedReply): object[] {
  const chunks: object[] = [];
  const text = reply.content ?? '';
  if (text) {
    const half = Math.ceil(text.length / 2);
    chunks.push({ choices: [{ delta: { content: text.slice(0, half) } }] });
    if (text.length > half) chunks.push({ choices: [{ delta: { content: text.slice(half) } }] });
  }
  (reply.toolCalls ?? []).forEach((call, index) => {
    const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    const half = Math.ceil(args.length / 2);
    chunks.push({
      choices: [
        {
          delta: {
            tool_calls: [
              { index, id: call.id ?? `srv_${index}`, type: 'function', function: { name: call.name, arguments: '' } },
            ],
          },
        },
      ],
    });
    chunks.push({ choices: [{ delta: { tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] } }] });
    chunks.push({ choices: [{ delta: { tool_calls: [{ index, function: { arguments: args.slice(half) } }] } }] });
  });
  return chunks;
}

function answerScripted(res: http.ServerResponse, body: Record<string, unknown>, reply: ScriptedReply, whole: boolean) {
  const usage = reply.usage ?? { prompt_tokens: JSON.stringify(body.messages).length, completion_tokens: 7 };
  if (!body.stream || whole) {
    const toolCalls = (reply.toolCalls ?? []).map((call, i) => ({
      id: call.id ?? `srv_${i}`,
      type: 'function',
      function: {
        name: call.name,
        arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments),
      },
    }));
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        choices: [
          {
            message: {
              role: 'assistant',
              content: reply.content ?? null,
              ...(toolCalls.length ? { tool_calls: toolCalls } : {}),
            },
          },
        ],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const chunk of scriptedChunks(reply)) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  res.write(`data: ${JSON.stringify({ choices: [], usage })}\n\n`);
  res.end('data: [DONE]\n\n');
}

/**
 * A loopback OpenAI-compatible server whose behaviour follows the requested model name:
 * `words` streams "one two three", `slow` streams a word every 30 ms for ever, `paced` streams
 * three words 20 ms apart, `fail` answers 500, `hang` never answers, `json` streams a JSON object.
 * Asked to (`stream_options.include_usage`), it ends with token counts: one per word of the
 * prompt, one per chunk. `inFlight.max` is the most chat completions it ever served at once.
 * With a `script`, chat requests get the script's answer instead (tool calls or text).
 */
export async function startOpenAIServer(options: OpenAIServerOptions = {}): Promise<{
  baseUrl: string;
  received: Received[];
  /** How often the model list (`GET /v1/models`) was asked for. */
  listed: { count: number };
  inFlight: { now: number; max: number };
}> {
  const received: Received[] = [];
  const listed = { count: 0 };
  const inFlight = { now: 0, max: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      // The model list Trellis asks for before relying on a server (counted apart from the model
      // requests): this one keeps none, and serves any name.
      if (req.method === 'GET' && req.url === '/v1/models') {
        listed.count++;
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      received.push({ path: req.url ?? '', body, authorization: req.headers.authorization });
      if (req.url === '/v1/embeddings') {
        const input = body.input as string[];
        res.end(JSON.stringify({ data: input.map((_, index) => ({ index, embedding: [index, 0.5, 1] })) }));
        return;
      }
      const { script } = options;
      if (script && req.url === '/v1/chat/completions') {
        inFlight.max = Math.max(inFlight.max, ++inFlight.now);
        res.on('close', () => inFlight.now--);
        void Promise.resolve(script(body)).then(
          (reply) => answerScripted(res, body, reply, options.whole === true),
          (error: Error) => res.writeHead(500).end(error.message),
        );
        return;
      }
      const model = body.model as string;
      if (model === 'hang') return;
      if (model === 'fail') {
        res.writeHead(500).end('model crashed');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      inFlight.max = Math.max(inFlight.max, ++inFlight.now);
      res.on('close', () => inFlight.now--);
      const chunk = (content: string) =>
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }], usage: null })}\n\n`);
      if (model === 'slow') {
        const timer = setInterval(() => chunk('word '), 30);
        res.on('close', () => clearInterval(timer));
        return;
      }
      const parts = model === 'json' ? ['{"tool":', ' "search"', ', "n": 2}'] : ['one', ' two', ' three'];
      const end = () => {
        const wantsUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage;
        if (wantsUsage) {
          const prompt = (body.messages as { content: string }[]).map((m) => m.content).join(' ');
          const usage = { prompt_tokens: prompt.split(/\s+/).length, completion_tokens: parts.length };
          res.write(`data: ${JSON.stringify({ choices: [], usage })}\n\n`);
        }
        res.end('data: [DONE]\n\n');
      };
      if (model === 'paced') {
        // Each chunk schedules the next: timers of different lengths may fire out of order.
        const next = (i: number) => (i < parts.length ? (chunk(parts[i]!), setTimeout(() => next(i + 1), 20)) : end());
        next(0);
        return;
      }
      for (const part of parts) chunk(part);
      end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, received, listed, inFlight };
}

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A server address where nothing listens: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return `http://127.0.0.1:${port}/v1`;
}
