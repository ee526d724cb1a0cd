import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RunEngine } from '../../../backend/executor/engine';
import { MockRunner } from '../../../backend/executor/runtimes/mock-runner';
import { memoryTurns } from '../../../backend/executor/run-turns';
import { callTool, McpServers, type RuntimeDeps } from '../../../backend/executor/runtimes';
import { OpenAICompatibleClient } from '../../../backend/llm/remote-client';
import type { Tool, ToolRuntime } from '../../../shared/domain';
import { EVERYTHING_SERVER } from '../../helpers/graphs';

const mocks = new MockRunner();
const mcp = new McpServers();
afterAll(async () => {
  await mocks.close();
  await mcp.close();
});
const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

const DEEP_MCP_SERVER = {
  command: process.execPath,
  args: [path.join(__dirname, '..', '..', 'fixtures', 'faults', 'deep-mcp-server.mjs')],
};

/** Arrays nested `depth` levels deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}
const nestedText = (depth: number) => `${'['.repeat(depth)}0${']'.repeat(depth)}`;

const LIMITS = 'a tool result may nest at most 256 levels and be at most 1.0 MiB of JSON';

const tool = (runtime: NonNullable<ToolRuntime>): Tool => ({
  name: 'probe',
  description: 'answers whatever its runtime gives',
  parameters: { type: 'object' },
  returns: {},
  runtime,
  position: { x: 0, y: 0 },
});

function deps(overrides: Partial<RuntimeDeps> = {}): RuntimeDeps {
  return { mocks, mcp, seed: 1, allowed: () => true, ...overrides };
}

/** A loopback server answering every request with `body` (a string, or bytes streamed in chunks). */
async function loopback(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A loopback OpenAI-compatible server that streams `answer` as the model's text. */
async function modelAnswering(answer: string): Promise<OpenAICompatibleClient> {
  const base = await loopback((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(`data: ${JSON.stringify({ choices: [{ delta: { content: answer } }] })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  return new OpenAICompatibleClient({ baseUrl: `${base}/v1`, model: 'deep' });
}

describe('tool results are held to one limit at their source', () => {
  it('mock: refuses a 3,000-deep result in the sandbox, and takes one 256 deep', async () => {
    const code = (depth: number) => `let v = 0; for (let i = 0; i < ${depth}; i++) v = [v]; return v;`;
    const deep = await callTool(tool({ kind: 'mock', code: code(3000) }), {}, deps());
    expect(deep).toEqual({
      ok: false,
      error:
        'the mock returned a value that nests more than 256 levels deep; a tool result may nest at most 256 ' +
        'levels, so return a flatter one',
    });
    expect(await callTool(tool({ kind: 'mock', code: code(256) }), {}, deps())).toEqual({
      ok: true,
      result: nested(256),
    });
  });

  it('fixed: refuses a 10,000-deep matching response and a 10,000-deep default', async () => {
    const refusal = `probe's result was refused: its fixed response nests more than 256 levels deep; ${LIMITS}. Edit the response in the tool inspector.`;
    const matching = tool({ kind: 'fixed', responses: [{ match: { city: 'Lisbon' }, result: nested(10_000) }] });
    expect(await callTool(matching, { city: 'Lisbon' }, deps())).toEqual({ ok: false, error: refusal });
    const fallback = tool({ kind: 'fixed', responses: [], default: nested(10_000) });
    expect(await callTool(fallback, {}, deps())).toEqual({
      ok: false,
      error: refusal,
      note: 'fixed: default response',
    });
    const wide = tool({ kind: 'fixed', responses: [], default: 'x'.repeat(2 ** 20) });
    expect((await callTool(wide, {}, deps())).ok).toBe(false);
    const flat = tool({ kind: 'fixed', responses: [], default: nested(256) });
    expect(await callTool(flat, {}, deps())).toMatchObject({ ok: true, result: nested(256) });
  });

  it('replay: refuses a recorded answer nested 10,000 deep', async () => {
    const replay = tool({
      kind: 'replay',
      recordings: [{ args: { city: 'Lisbon' }, result: nested(10_000) }],
      source: { trajectories: 1, calls: 1, dropped: 0 },
    });
    const answer = await callTool(replay, { city: 'Lisbon' }, deps());
    expect(answer.ok).toBe(false);
    expect(!answer.ok && answer.error).toBe(
      `probe's result was refused: its recorded answer nests more than 256 levels deep; ${LIMITS}. ` +
        'Make its recordings again from other trajectories, or choose another runtime.',
    );
  });

  it('HTTP: refuses a 10,000-deep JSON body, and stops reading a body past 1 MiB', async () => {
    const deepUrl = await loopback((_req, res) => res.end(nestedText(10_000)));
    const deep = await callTool(tool({ kind: 'http', method: 'GET', url: deepUrl }), {}, deps());
    expect(!deep.ok && deep.error).toBe(
      `probe's result was refused: the HTTP answer nests more than 256 levels deep; ${LIMITS}. ` +
        'Ask the endpoint for less (a page, a filter), or choose another runtime.',
    );
    let written = 0;
    const endless = await loopback((_req, res) => {
      // 64 MiB offered in 64 KiB chunks; the reader gives up after the first MiB.
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const more = () => {
        while (written < 64 * 2 ** 20 && res.write(chunk)) written += chunk.length;
        if (written >= 64 * 2 ** 20) res.end();
      };
      res.on('drain', more);
      res.on('close', () => res.off('drain', more));
      more();
    });
    const big = await callTool(tool({ kind: 'http', method: 'GET', url: endless }), {}, deps());
    expect(!big.ok && big.error).toBe(`${endless} answered more than 1.0 MiB; ${LIMITS}. Ask the endpoint for less.`);
    expect(written).toBeLessThan(64 * 2 ** 20);
  });

  it('MCP: refuses a 3,000-deep and a 2 MiB answer from a real server; server-everything echoes just under 1 MiB', async () => {
    const deep = await callTool(tool({ kind: 'mcp', server: DEEP_MCP_SERVER, tool: 'nest' }), { depth: 3000 }, deps());
    expect(!deep.ok && deep.error).toBe(
      `probe's result was refused: the MCP server's answer nests more than 256 levels deep; ${LIMITS}. ` +
        'Ask the tool for less, or choose another runtime.',
    );
    const fine = await callTool(tool({ kind: 'mcp', server: DEEP_MCP_SERVER, tool: 'nest' }), { depth: 3 }, deps());
    expect(fine).toEqual({ ok: true, result: nested(3) });
    const pad = tool({ kind: 'mcp', server: DEEP_MCP_SERVER, tool: 'pad' });
    const big = await callTool(pad, { bytes: 2 * 2 ** 20 }, deps());
    expect(!big.ok && big.error).toBe(
      `probe's result was refused: the MCP server's answer is more than 1.0 MiB of JSON; ${LIMITS}. ` +
        'Ask the tool for less, or choose another runtime.',
    );
    // Just under the limit passes, through server-everything's own echo.
    const echo = tool({ kind: 'mcp', server: EVERYTHING_SERVER, tool: 'echo' });
    const message = 'x'.repeat(2 ** 20 - 100);
    expect(await callTool(echo, { message }, deps())).toEqual({ ok: true, result: `Echo: ${message}` });
  });

  it("simulated: refuses a model's answer nested 3,000 deep", async () => {
    const client = await modelAnswering(nestedText(3000));
    const generate: RuntimeDeps['generate'] = (request, signal) => client.generate(request, () => {}, signal);
    const answer = await callTool(tool({ kind: 'llm-simulated' }), {}, deps({ generate }));
    expect(!answer.ok && answer.error).toBe(
      `probe's result was refused: the model's answer nests more than 256 levels deep; ${LIMITS}. ` +
        'Step again, or give the tool a returns schema that says what the result holds.',
    );
  });

  it('refuses arguments nested 10,000 deep before any runtime sees them', async () => {
    const answer = await callTool(tool({ kind: 'fixed', responses: [], default: 1 }), { q: nested(10_000) }, deps());
    expect(answer).toEqual({
      ok: false,
      error:
        'probe was not called: the value of its arguments nests more than 256 levels deep; a tool call may nest at most 256 ' +
        'levels and be at most 1.0 MiB of JSON.',
    });
  });

  it("agent: does not use a model's call whose arguments nest 3,000 deep", async () => {
    const client = await modelAnswering(
      `{"action":"call","thought":"","tool":"probe","args":{"q":${nestedText(3000)}}}`,
    );
    const engine = new RunEngine({
      graph: { tools: [tool({ kind: 'fixed', responses: [], default: 1 })], edges: [] },
      mode: 'agent',
      turns: memoryTurns([{ role: 'user', content: 'go' }]),
      runtime: deps({ generate: (request, signal) => client.generate(request, () => {}, signal) }),
    });
    // The run ends with the reason; nothing in the model's name is added for it.
    await engine.step();
    expect([engine.status, engine.endedBecause]).toEqual([
      'stopped',
      "The model's answer was not used: it nests more than 256 levels deep, more than a tool call may.",
    ]);
    expect(engine.turns).toHaveLength(1);
    // The run stays something every transport can carry.
    expect(() => JSON.stringify(engine.snapshot())).not.toThrow();
  });
});
