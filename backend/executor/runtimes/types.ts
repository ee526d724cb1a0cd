import type { Tool } from '../../../shared/domain';
import type { RuntimeKind, RuntimeOf } from '../../../shared/runtimes';
import type { ConsentRequest } from '../../../shared/runs';
import type { GenerateRequest, TokenCounts } from '../../llm/protocol';
import type { McpServers } from '../../mcp/servers';
import type { MockRunner } from './mock-runner';

/**
 * What a tool call gave back: a result, or an error phrased for the observation. `tokens`: what
 * the model read and wrote for it, when a model made it (LLM-simulated). `text`: the answer's
 * text as recorded (a replay), written as it is instead of the result written out again.
 */
export type Observation =
  | { ok: true; result: unknown; note?: string; tokens?: TokenCounts; text?: string; state?: unknown }
  | {
      ok: false;
      error: string;
      /** The environment's state after the call (an environment tool's; unchanged when it failed). */
      state?: unknown;
      consent?: ConsentRequest;
      note?: string;
      tokens?: TokenCounts;
      text?: string;
      /** The run ends here, the call unanswered, for this reason (a recording that ends on this call). */
      end?: string;
    };

export interface RuntimeDeps {
  mocks: MockRunner;
  /** Generation with the loaded model, for LLM-simulated tools; absent when none is loaded. */
  generate?: (
    request: GenerateRequest,
    signal?: AbortSignal,
  ) => Promise<{ text: string; tokens?: TokenCounts; contextSize?: number }>;
  allowed(kind: ConsentRequest['kind'], key: string): boolean;
  /** A secret set on this machine for HTTP runtimes' auth (ApiSecrets); absent where none can be read. */
  secret?(name: string): string | undefined;
  mcp: McpServers;
  seed: number;
  signal?: AbortSignal;
  /**
   * The run's world as it is before this call, for tools whose runtime is the graph's
   * environment: the environment's code and the current state. Absent outside an environment.
   */
  world?: { code: string; state: unknown };
}

/** How the backend calls a tool with a runtime of one kind. */
export interface RuntimeCall<K extends RuntimeKind> {
  call(tool: Tool, runtime: RuntimeOf<K>, args: unknown, deps: RuntimeDeps): Observation | Promise<Observation>;
  /**
   * Whose result a refusal for its size names, and what the user can do about it (see
   * result-limits.ts).
   */
  result: { what: string; fix: string };
}
