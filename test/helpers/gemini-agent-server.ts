import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** One scripted answer of the model: the Gemini parts it replies with and the tokens it counts. */
export interface GeminiReply {
  parts: Record<string, unknown>[];
  usage: [prompt: number, completion: number];
}

const servers: http.Server[] = [];

/**
 * A loopback server that answers Gemini's `models/{model}:generateContent` with the script's
 * replies in turn (as the Gemini API would), keeping each request it was sent.
 */
export async function startGeminiServer(script: readonly GeminiReply[]) {
  const requests: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push(JSON.parse(body || '{}') as Record<string, unknown>);
      const reply = script[requests.length - 1];
      if (!reply) {
        res.statusCode = 500;
        res.end(
          JSON.stringify({ error: { code: 500, message: 'the script has no more replies', status: 'INTERNAL' } }),
        );
        return;
      }
      const [prompt, completion] = reply.usage;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          candidates: [{ content: { role: 'model', parts: reply.parts }, finishReason: 'STOP', index: 0 }],
          usageMetadata: {
            promptTokenCount: prompt,
            candidatesTokenCount: completion,
            totalTokenCount: prompt + completion,
          },
          modelVersion: 'gemini-2.5-flash',
        }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});
