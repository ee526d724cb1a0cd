import type { Tool } from '../../../shared/domain';
import type { RuntimeKind } from '../../../shared/runtimes';
import { ModelServerNotApproved } from '../../config/consent-request';
import { argumentsRefusal, limitObservation } from '../result-limits';
import { environmentCall } from './environment';
import { fixedCall } from './fixed';
import { httpCall } from './http';
import { simulatedCall } from './llm-simulated';
import { mcpCall } from './mcp';
import { mockCall } from './mock';
import { replayCall } from './replay';
import type { Observation, RuntimeCall, RuntimeDeps } from './types';

export type { Observation, RuntimeCall, RuntimeDeps } from './types';
export { McpServers } from '../../mcp/servers';

/** How the backend calls each runtime kind, one file each. */
export const RUNTIME_CALLS: { [K in RuntimeKind]: RuntimeCall<K> } = {
  mock: mockCall,
  fixed: fixedCall,
  'llm-simulated': simulatedCall,
  mcp: mcpCall,
  http: httpCall,
  replay: replayCall,
  environment: environmentCall,
};

/** Calls a tool with its runtime, whichever kind it is. */
export async function callTool(tool: Tool, args: unknown, deps: RuntimeDeps): Promise<Observation> {
  const refused = argumentsRefusal(tool, args);
  if (refused) return { ok: false, error: refused };
  // Every runtime's result is held to one limit here, before a turn, the store or a transport sees it.
  const runtime = tool.runtime;
  if (!runtime) return { ok: false, error: `${tool.name} has no runtime; choose one in the graph's tool inspector.` };
  const entry = RUNTIME_CALLS[runtime.kind] as RuntimeCall<RuntimeKind>;
  return limitObservation(tool, await runtimeCall(entry, tool, runtime, args, deps), entry.result);
}

async function runtimeCall(
  entry: RuntimeCall<RuntimeKind>,
  ...[tool, runtime, args, deps]: Parameters<RuntimeCall<RuntimeKind>['call']>
): Promise<Observation> {
  try {
    return await entry.call(tool, runtime, args, deps);
  } catch (error) {
    // A model server the workspace names but the user has not approved: the run stops and asks.
    if (error instanceof ModelServerNotApproved)
      return { ok: false, error: `${error.message} ${error.hint}`, consent: error.consent };
    return { ok: false, error: (error as Error).message };
  }
}
