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
 * `words` streams "one two three", `slow` streams a word every 30 ms for ever, `fail` answers 500,
 * `hang` never answers, `json` streams a JSON object.
 */
export async function startOpenAIServer(): Promise<{ baseUrl: string; received: Received[] }> {
  const received: Received[] = [];
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
      const chunk = (content: string) =>
        res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
      if (model === 'slow') {
        const timer = setInterval(() => chunk('word '), 30);
        res.on('close', () => clearInterval(timer));
        return;
      }
      const parts = model === 'json' ? ['{"tool":', ' "search"', ', "n": 2}'] : ['one', ' two', ' three'];
      for (const part of parts) chunk(part);
      res.end('data: [DONE]\n\n');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, received };
}

afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});
