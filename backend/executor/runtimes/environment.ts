import { callInWorld } from '../../environments/world';
import type { RuntimeCall } from './types';

/**
 * The tool answers from its graph's environment: the run's world (`deps.world`) is handed to the
 * environment's tool of the runtime's `method` (the tool's own name unless set), and the state it
 * leaves comes back with the observation for the tool turn to keep.
 */
export const environmentCall: RuntimeCall<'environment'> = {
  call: async (tool, runtime, args, deps) => {
    const world = deps.world;
    if (!world)
      return {
        ok: false,
        error:
          `${tool.name} answers from its graph's environment, but this graph has none. ` +
          "Write one in the Graph workspace's environment editor, or give the tool another runtime in its inspector.",
      };
    const answer = await callInWorld(deps.mocks, world.code, {
      tool: runtime.method || tool.name,
      state: world.state,
      args,
      seed: deps.seed,
    });
    return answer.ok
      ? { ok: true, result: answer.result, state: answer.state }
      : { ok: false, error: answer.error, state: world.state };
  },
  result: {
    what: 'the value the environment’s tool returned',
    fix: 'Make the environment’s tool return a flatter, smaller value.',
  },
};
