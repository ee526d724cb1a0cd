import type { ApiSecrets } from '../config/api-secrets';
import type { ConsentKind, ConsentStore } from '../config/consent';
import type { ModelRouter } from '../llm/router';
import { McpServers } from '../mcp/servers';
import { MockRunner } from './runtimes/mock-runner';
import type { RuntimeDeps } from './runtimes';

export type ToolRuntime = RuntimeDeps & { allow(kind: ConsentKind, key: string): void; secrets: ApiSecrets };

/**
 * The tool runtimes of one backend (one mock worker, the MCP servers started so far, for calls
 * and listing alike, the hosts and servers the user allowed, kept in the user's config), shared
 * by runs, synthesis and the tool import.
 */
export function createToolRuntime(deps: {
  consent: ConsentStore;
  secrets: ApiSecrets;
  router: ModelRouter;
  onClose(dispose: () => unknown): void;
}): ToolRuntime {
  const { consent, secrets, router, onClose } = deps;
  const mocks = new MockRunner();
  const mcp = new McpServers();
  onClose(() => Promise.all([mocks.close(), mcp.close()]));
  return {
    mocks,
    mcp,
    seed: 1,
    allowed: (kind, key) => consent.allowed(kind, key),
    allow: (kind, key) => consent.allow(kind, key),
    secrets,
    secret: (name) => secrets.get(name),
    /** The model (local or remote) for agents and simulated tools; absent when there is none. */
    get generate() {
      return router.available()
        ? (request: Parameters<ModelRouter['generate']>[0], signal?: AbortSignal) =>
            router.generate(request, () => {}, signal)
        : undefined;
    },
  };
}
