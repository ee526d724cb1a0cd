import type { Tool } from '../../shared/domain';
import { beyondJsonLimits, formatSize, TOOL_VALUE_LIMITS } from '../../shared/json';
import type { RuntimeKind } from '../../shared/runtimes';
import type { Observation, RuntimeCall } from './runtimes/types';

const LIMITS = `a tool result may nest at most ${TOOL_VALUE_LIMITS.depth} levels and be at most ${formatSize(TOOL_VALUE_LIMITS.bytes)} of JSON`;

/**
 * A result beyond TOOL_VALUE_LIMITS, whichever runtime made it, becomes an error observation
 * naming its source (as the kind's call says): it never reaches a turn, the database or a
 * transport, where a value some thousands of levels deep would exhaust the stack of
 * `JSON.stringify`.
 */
export function limitObservation(
  tool: Tool,
  observation: Observation,
  { what, fix }: RuntimeCall<RuntimeKind>['result'],
): Observation {
  if (!observation.ok) return observation;
  const problem = beyondJsonLimits(observation.result, TOOL_VALUE_LIMITS);
  if (!problem) return observation;
  return {
    ok: false,
    error: `${tool.name}'s result was refused: ${what} ${problem}; ${LIMITS}. ${fix}`,
    ...(observation.note ? { note: observation.note } : {}),
    ...(observation.tokens ? { tokens: observation.tokens } : {}),
    // The call did change the world; only its answer is refused.
    ...(observation.state !== undefined ? { state: observation.state } : {}),
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
