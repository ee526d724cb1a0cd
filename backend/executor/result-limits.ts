import type { Tool, ToolRuntime } from '../../shared/domain';
import { beyondJsonLimits, formatSize, TOOL_VALUE_LIMITS } from '../../shared/json';
import type { Observation } from './runtimes';

type RuntimeKind = NonNullable<ToolRuntime>['kind'];

const LIMITS = `a tool result may nest at most ${TOOL_VALUE_LIMITS.depth} levels and be at most ${formatSize(TOOL_VALUE_LIMITS.bytes)} of JSON`;

/** Whose result a refusal names, and what the user can do about it, per runtime kind. */
const SOURCES: Record<RuntimeKind, { what: string; fix: string }> = {
  mock: { what: 'the value its mock returned', fix: 'Make the mock code return a flatter, smaller value.' },
  fixed: { what: 'its fixed response', fix: 'Edit the response in the tool inspector.' },
  replay: {
    what: 'its recorded answer',
    fix: 'Make its recordings again from other trajectories, or choose another runtime.',
  },
  http: { what: 'the HTTP answer', fix: 'Ask the endpoint for less (a page, a filter), or choose another runtime.' },
  mcp: { what: "the MCP server's answer", fix: 'Ask the tool for less, or choose another runtime.' },
  'llm-simulated': {
    what: "the model's answer",
    fix: 'Step again, or give the tool a returns schema that says what the result holds.',
  },
};

/**
 * A result beyond TOOL_VALUE_LIMITS, whichever runtime made it, becomes an error observation
 * naming its source: it never reaches a turn, the database or a transport, where a value some
 * thousands of levels deep would exhaust the stack of `JSON.stringify`.
 */
export function limitObservation(tool: Tool, observation: Observation): Observation {
  if (!observation.ok || !tool.runtime) return observation;
  const problem = beyondJsonLimits(observation.result, TOOL_VALUE_LIMITS);
  if (!problem) return observation;
  const { what, fix } = SOURCES[tool.runtime.kind];
  return {
    ok: false,
    error: `${tool.name}'s result was refused: ${what} ${problem}; ${LIMITS}. ${fix}`,
    ...(observation.note ? { note: observation.note } : {}),
    ...(observation.tokens ? { tokens: observation.tokens } : {}),
  };
}

/** Why these arguments are refused before any runtime sees them (too deep or too large), or null. */
export function argumentsRefusal(tool: Tool, args: unknown): string | null {
  const problem = beyondJsonLimits(args, TOOL_VALUE_LIMITS);
  return (
    problem &&
    `${tool.name} was not called: the value of its arguments ${problem}; ${LIMITS.replace('result', 'call')}.`
  );
}

/**
 * The body of an HTTP answer, read no further than the limit: an endpoint that streams
 * gigabytes costs one chunk over the limit, not the memory to hold them.
 */
export async function readLimitedText(response: Response, from: string): Promise<string> {
  const limit = TOOL_VALUE_LIMITS.bytes;
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`${from} answered more than ${formatSize(limit)}; ${LIMITS}. Ask the endpoint for less.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
