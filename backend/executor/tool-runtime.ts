import type { ModelRouter } from '../model/router';
import type { WorkspaceStore } from '../store/workspace-store';
import { MockRunner } from './mock-runner';
import { McpClients, type RuntimeDeps } from './runtimes';

const ALLOWED = 'runs.allowed';

export type ToolRuntime = RuntimeDeps & { allow(kind: string, key: string): void };

/**
 * The tool runtimes of one backend (one mock worker, the MCP servers started so far, the
 * hosts and servers the user allowed), shared by runs and synthesis.
 */
export function createToolRuntime(deps: {
  store: WorkspaceStore;
  router: ModelRouter;
  onClose(dispose: () => unknown): void;
}): ToolRuntime {
  const { store, router, onClose } = deps;
  const mocks = new MockRunner();
  const mcp = new McpClients();
  onClose(() => Promise.all([mocks.close(), mcp.close()]));
  const allowed = () => new Set(store.settings.get<string[]>(ALLOWED) ?? []);
  return {
    mocks,
    mcp,
    seed: 1,
    allowed: (kind: string, key: string) => allowed().has(`${kind}:${key}`),
    allow: (kind: string, key: string) => store.settings.set(ALLOWED, [...allowed(), `${kind}:${key}`]),
    /** The model (local or remote) for agents and simulated tools; absent when there is none. */
    get generate() {
      return router.available()
        ? (request: Parameters<ModelRouter['generate']>[0], signal?: AbortSignal) =>
            router.generate(request, () => {}, signal)
        : undefined;
    },
  };
}
