import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { OpenAICompatibleClient } from '../../../backend/llm/remote-client';
import { startOpenAIServer } from '../../helpers/openai-server';

const ask = { prompt: 'Plan a trip', chat: true, maxTokens: 64, temperature: 0 };

describe('OpenAI-compatible server backend (loopback server)', () => {
  it('streams a chat completion token by token, with the API key as a bearer token', async () => {
    const { baseUrl, received } = await startOpenAIServer();
    const client = new OpenAICompatibleClient({ baseUrl, model: 'words', apiKey: 'sk-test' });
    const tokens: string[] = [];
    const result = await client.generate(ask, (t) => tokens.push(t));
    expect(tokens).toEqual(['one', ' two', ' three']);
    expect(result).toMatchObject({ text: 'one two three', cancelled: false });
    expect(received[0]).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer sk-test' });
    expect(received[0]!.body).toMatchObject({
      model: 'words',
      stream: true,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Plan a trip' }],
    });
  });

  it('reports the prompt and generated tokens the server counted', async () => {
    const { baseUrl, received } = await startOpenAIServer();
    const result = await new OpenAICompatibleClient({ baseUrl, model: 'words' }).generate(ask);
    expect(received[0]!.body.stream_options).toEqual({ include_usage: true });
    expect(result.tokens).toEqual({ prompt: 3, completion: 3 });
  });

  it('passes the stop strings on, and leaves them out when there are none', async () => {
    const { baseUrl, received } = await startOpenAIServer();
    const client = new OpenAICompatibleClient({ baseUrl, model: 'words' });
    await client.generate({ ...ask, stop: ['\nUser:'] });
    await client.generate(ask);
    expect(received[0]!.body.stop).toEqual(['\nUser:']);
    expect(received[1]!.body).not.toHaveProperty('stop');
  });

  it('asks for JSON-Schema-constrained output', async () => {
    const { baseUrl, received } = await startOpenAIServer();
    const schema = { type: 'object', properties: { tool: { type: 'string' } }, required: ['tool'] };
    const { text } = await new OpenAICompatibleClient({ baseUrl, model: 'json' }).generate({
      ...ask,
      jsonSchema: schema,
    });
    expect(JSON.parse(text)).toEqual({ tool: 'search', n: 2 });
    expect(received[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'output', strict: true, schema },
    });
  });

  it('stops when cancelled and returns what came so far', async () => {
    const { baseUrl } = await startOpenAIServer();
    const abort = new AbortController();
    let n = 0;
    const result = await new OpenAICompatibleClient({ baseUrl, model: 'slow' }).generate(
      ask,
      () => ++n === 3 && abort.abort(),
      abort.signal,
    );
    expect(result.cancelled).toBe(true);
    expect(result.text).toBe('word word word ');
  });

  it('reports a server error with its status and body', async () => {
    const { baseUrl } = await startOpenAIServer();
    await expect(new OpenAICompatibleClient({ baseUrl, model: 'fail' }).generate(ask)).rejects.toMatchObject({
      code: 'E5004',
      message: `The server at ${baseUrl} answered 500: model crashed`,
    });
  });

  it('gives up on a server that hangs, saying so', async () => {
    const { baseUrl } = await startOpenAIServer();
    await expect(
      new OpenAICompatibleClient({ baseUrl, model: 'hang', timeoutMs: 300 }).generate(ask),
    ).rejects.toMatchObject({
      code: 'E5004',
      message: `The server at ${baseUrl} did not answer within 0.3 s.`,
    });
  });

  it('returns embeddings in input order, and explains an unreachable server', async () => {
    const { baseUrl } = await startOpenAIServer();
    expect(await new OpenAICompatibleClient({ baseUrl, model: 'words' }).embed(['a', 'b'])).toEqual([
      [0, 0.5, 1],
      [1, 0.5, 1],
    ]);
    await expect(
      new OpenAICompatibleClient({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x' }).generate(ask),
    ).rejects.toMatchObject({
      code: 'E5004',
      message: expect.stringContaining('Cannot reach the server at http://127.0.0.1:9/v1'),
    });
  });
});

describe('a model server that redirects', () => {
  it('is not followed: the host it points to receives no prompt, and the error names it', async () => {
    const { baseUrl: elsewhere, received } = await startOpenAIServer();
    const redirecting = http.createServer((req, res) => {
      res.writeHead(307, { location: `${elsewhere}/chat/completions` });
      res.end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const port = (redirecting.address() as AddressInfo).port;
    try {
      const client = new OpenAICompatibleClient({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        model: 'words',
        apiKey: 'sk-user',
      });
      await expect(client.generate(ask)).rejects.toThrow(
        `answered 307, redirecting to ${elsewhere}/chat/completions; Trellis does not follow a model server's redirects`,
      );
      expect(received).toEqual([]);
    } finally {
      redirecting.close();
    }
  });
});
