import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Recording, Tool } from '../../shared/domain';
import { generationSchema } from '../../shared/plans';
import { isObject } from '../../shared/json';
import { matchRecording, replayAnswer } from '../../shared/recordings';
import type { ConsentRequest } from '../../shared/runs';
import type { GenerateRequest, TokenCounts } from '../model/protocol';
import type { MockRunner } from './mock-runner';

/**
 * What a tool call gave back: a result, or an error phrased for the observation. `tokens`: what
 * the model read and wrote for it, when a model made it (LLM-simulated).
 */
export type Observation =
  | { ok: true; result: unknown; note?: string; tokens?: TokenCounts }
  | { ok: false; error: string; consent?: ConsentRequest; note?: string; tokens?: TokenCounts };

export interface RuntimeDeps {
  mocks: MockRunner;
  /** Generation with the loaded model, for LLM-simulated tools; absent when none is loaded. */
  generate?: (
    request: GenerateRequest,
    signal?: AbortSignal,
  ) => Promise<{ text: string; tokens?: TokenCounts; contextSize?: number }>;
  allowed(kind: ConsentRequest['kind'], key: string): boolean;
  mcp: McpClients;
  seed: number;
  signal?: AbortSignal;
}

/** Deep equality of JSON values, for fixed-response matching. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => sameJson(a[k], b[k]));
  }
  return a === b;
}

/** Calls a tool with its runtime: mock code, fixed responses, the model, HTTP or MCP. */
export async function callTool(tool: Tool, args: unknown, deps: RuntimeDeps): Promise<Observation> {
  const runtime = tool.runtime;
  try {
    switch (runtime?.kind) {
      case undefined:
        return { ok: false, error: `${tool.name} has no runtime; choose one in the graph's tool inspector.` };
      case 'mock':
        return { ok: true, result: await deps.mocks.run(runtime.code, args, { seed: deps.seed }) };
      case 'fixed': {
        const hit = runtime.responses.find(
          (r) => isObject(args) && Object.entries(r.match).every(([k, v]) => sameJson(args[k], v)),
        );
        if (hit) return { ok: true, result: hit.result };
        if (runtime.default !== undefined)
          return { ok: true, result: runtime.default, note: 'fixed: default response' };
        return { ok: false, error: `no fixed response of ${tool.name} matches ${JSON.stringify(args)}` };
      }
      case 'llm-simulated':
        return await simulate(tool, args, deps, runtime.instructions);
      case 'http':
        return await callHttp(tool, runtime, args, deps);
      case 'mcp':
        return await deps.mcp.call(runtime, args, deps);
      case 'replay':
        return replay(tool, runtime.recordings, args);
    }
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

/** The recorded answer for these arguments (or the nearest ones), marked with how it was found. */
function replay(tool: Tool, recordings: Recording[], args: unknown): Observation {
  const match = matchRecording(recordings, args);
  if (!match)
    return { ok: false, error: `${tool.name} has no recordings to replay; make them again from trajectories.` };
  const answer = replayAnswer(match, args);
  return 'error' in answer
    ? { ok: false, error: answer.error, note: answer.note }
    : { ok: true, result: answer.result, note: answer.note };
}

async function simulate(tool: Tool, args: unknown, deps: RuntimeDeps, instructions?: string): Promise<Observation> {
  if (!deps.generate)
    return { ok: false, error: `${tool.name} is simulated by the model, and no model is loaded; load one in Models.` };
  const { text, tokens } = await deps.generate(
    {
      prompt:
        `You are the tool ${tool.name}: ${tool.description}\n` +
        (instructions ? `${instructions}\n` : '') +
        `Its result schema: ${JSON.stringify(tool.returns)}\n` +
        `Arguments: ${JSON.stringify(args)}\nReply with the result as JSON.`,
      chat: true,
      maxTokens: 400,
      temperature: 0.2,
      seed: deps.seed,
      jsonSchema: generationSchema(tool.returns),
    },
    deps.signal,
  );
  const counted = tokens ? { tokens } : {};
  try {
    return { ok: true, result: JSON.parse(text), ...counted };
  } catch {
    return { ok: false, error: `the model's answer for ${tool.name} was cut off: ${text.slice(0, 80)}…`, ...counted };
  }
}

async function callHttp(
  tool: Tool,
  runtime: { method: string; url: string; headers?: Record<string, string> },
  args: unknown,
  deps: RuntimeDeps,
): Promise<Observation> {
  const rest: Record<string, unknown> = isObject(args) ? { ...args } : {};
  const url = new URL(
    runtime.url.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = rest[name];
      delete rest[name];
      return encodeURIComponent(String(value ?? ''));
    }),
  );
  if (!deps.allowed('http', url.host))
    return {
      ok: false,
      error: `${tool.name} calls ${url.host}; allow it first.`,
      consent: { kind: 'http', key: url.host, message: `Allow Trellis to call ${url.host} (tool ${tool.name})?` },
    };
  const method = runtime.method.toUpperCase();
  if (method === 'GET') for (const [k, v] of Object.entries(rest)) url.searchParams.set(k, String(v));
  const headers = { ...(method === 'GET' ? {} : { 'content-type': 'application/json' }), ...runtime.headers };
  const response = await fetch(url, {
    method,
    headers,
    ...(method === 'GET' ? {} : { body: JSON.stringify(rest) }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = await response.text();
  let result: unknown = body;
  try {
    result = JSON.parse(body);
  } catch {
    // Plain text stays text.
  }
  return response.ok ? { ok: true, result } : { ok: false, error: `HTTP ${response.status}: ${body.slice(0, 200)}` };
}

type McpRuntime = { server: { command: string; args: string[] }; tool: string };

/** MCP servers started for tool calls, one per command line, kept until the backend closes. */
export class McpClients {
  private readonly clients = new Map<string, Promise<Client>>();

  async call(runtime: McpRuntime, args: unknown, deps: RuntimeDeps): Promise<Observation> {
    const key = [runtime.server.command, ...runtime.server.args].join(' ');
    if (!deps.allowed('mcp', key))
      return {
        ok: false,
        error: `${runtime.tool} runs on the MCP server "${key}"; allow Trellis to start it first.`,
        consent: { kind: 'mcp', key, message: `Start the MCP server "${key}" to call ${runtime.tool}?` },
      };
    let client = this.clients.get(key);
    if (!client) {
      client = (async () => {
        const c = new Client({ name: 'trellis', version: '1' });
        await c.connect(new StdioClientTransport({ ...runtime.server, stderr: 'ignore' }));
        return c;
      })();
      this.clients.set(key, client);
      client.catch(() => this.clients.delete(key));
    }
    const result = await (await client).callTool({ name: runtime.tool, arguments: isObject(args) ? args : {} });
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
  }

  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.all(clients.map(async (c) => (await c.catch(() => null))?.close()));
  }
}
