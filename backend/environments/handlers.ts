import { TrellisError } from '../../shared/errors';
import type { BackendContext } from '../context';
import type { HandlerMap } from '../registry';
import { callInWorld, checkGoal, describeWorld } from './world';

/** The environments namespace: try one tool of an environment, or its goal, as the editor has it (saved or not). */
export function environmentsHandlers(ctx: BackendContext): HandlerMap<'environments'> {
  const { mocks } = ctx.runtime;
  return {
    'environments.check': ({ code }) => describeWorld(mocks, code),
    'environments.try': async ({ environment, tool, args, state }) => {
      const before = state === undefined ? environment.initialState : state;
      const answer = await callInWorld(mocks, environment.code, { tool, state: before, args });
      return answer.ok
        ? { ok: true, result: answer.result, before, after: answer.state }
        : { ok: false, error: answer.error, before, after: before };
    },
    'environments.goal': async ({ environment, state, calls }) => {
      try {
        return await checkGoal(mocks, environment.code, { state, calls });
      } catch (error) {
        throw new TrellisError('E4006', (error as Error).message);
      }
    },
  };
}
