import { parentPort } from 'node:worker_threads';
import { evaluateMock, SandboxError, type SandboxLimits } from './sandbox';

interface MockRequest {
  id: number;
  code: string;
  args: unknown;
  limits: Partial<SandboxLimits>;
}

/** Worker thread that runs mocks, so a slow one never blocks the backend's event loop. */
parentPort?.on('message', (request: MockRequest) => {
  evaluateMock(request.code, request.args, request.limits).then(
    (value) => parentPort?.postMessage({ id: request.id, ok: true, value }),
    (error: Error) =>
      parentPort?.postMessage({
        id: request.id,
        ok: false,
        message: error instanceof SandboxError ? error.message : `the sandbox failed: ${error.message}`,
      }),
  );
});
