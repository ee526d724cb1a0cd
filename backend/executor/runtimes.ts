import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Recording, Tool, ToolRuntime } from '../../shared/domain';
import { generationSchema } from '../../shared/plans';
import { isObject } from '../../shared/json';
import { matchRecording, replayAnswer } from '../../shared/recordings';
import type { ConsentRequest } from '../../shared/runs';
import { mcpConsent, ModelServerNotApproved } from '../config/consent-request';
import type { GenerateRequest, TokenCounts } from '../llm/protocol';
import { callHttp } from './http-runtime';
import type { MockRunner } from './mock-runner';
import { argumentsRefusal, limitObservation } from './result-limits';

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
  const refused = argumentsRefusal(tool, args);
  if (refused) return { ok: false, error: refused };
  // Every runtime's result is held to one limit here, before a turn, the store or a transport sees it.
  return limitObservation(tool, await runtimeCall(tool, args, deps));
}

async function runtimeCall(tool: Tool, args: unknown, deps: RuntimeDeps): Promise<Observation> {
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
    // A model server the workspace names but the user has not approved: the run stops and asks.
    if (error instanceof ModelServerNotApproved)
      return { ok: false, error: `${error.message} ${error.hint}`, consent: error.consent };
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

type McpRuntime = Extract<NonNullable<ToolRuntime>, { kind: 'mcp' }>;

/**
 * MCP servers started for tool calls, one per server as started (command, arguments,
 * environment, folder: its consent key), kept until the backend closes.
 */
export class McpClients {
  private readonly clients = new Map<string, Promise<Client>>();

  async call(runtime: McpRuntime, args: unknown, deps: RuntimeDeps): Promise<Observation> {
    const consent = mcpConsent(runtime);
    const { key } = consent;
    if (!deps.allowed('mcp', key)) return { ok: false, error: `Not approved yet: ${consent.message}`, consent };
    let client = this.clients.get(key);
    if (!client) {
      // Exactly what the consent showed, field by field: nothing else of the runtime reaches the spawner.
      const { command, args: words, env, cwd } = runtime.server;
      client = (async () => {
        const c = new Client({ name: 'trellis', version: '1' });
        await c.connect(
          new StdioClientTransport({
            command,
            args: words,
            ...(env ? { env } : {}),
            ...(cwd !== undefined ? { cwd } : {}),
            stderr: 'ignore',
          }),
        );
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
