import type { RuntimeCall } from './types';

/** The mock's code runs in the QuickJS sandbox (mock-runner.ts), seeded as the run is. */
export const mockCall: RuntimeCall<'mock'> = {
  call: async (_tool, runtime, args, deps) => ({
    ok: true,
    result: await deps.mocks.run(runtime.code, args, { seed: deps.seed }),
  }),
  result: { what: 'the value its mock returned', fix: 'Make the mock code return a flatter, smaller value.' },
};
