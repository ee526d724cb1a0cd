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

/**
 * A loopback OpenAI-compatible server whose behaviour follows the requested model name:
 * `words` streams "one two three", `slow` streams a word every 30 ms for ever, `paced` streams
 * three words 20 ms apart, `fail` answers 500, `hang` never answers, `json` streams a JSON object.
 * Asked to (`stream_options.include_usage`), it ends with token counts: one per word of the
 * prompt, one per chunk. `inFlight.max` is the most chat completions it ever served at once.
 */
export async function startOpenAIServer(): Promise<{
  baseUrl: string;
  received: Received[];
  inFlight: { now: number; max: number };
}> {
  const received: Received[] = [];
  const inFlight = { now: 0, max: 0 };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      received.push({ path: req.url ?? '', body, authorization: req.headers.authorization });
      if (req.url === '/v1/embeddings') {
        const input = body.input as string[];
        res.end(JSON.stringify({ data: input.map((_, index) => ({ index, embedding: [index, 0.5, 1] })) }));
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
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, received, inFlight };
}

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});
