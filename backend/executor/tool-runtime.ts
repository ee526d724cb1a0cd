import { MockRunner } from './mock-runner';
import { McpClients, type RuntimeDeps } from './runtimes';
import type { BackendContext } from '../context';
import { generation } from '../model/router';

const ALLOWED = 'runs.allowed';
const shared = new WeakMap<BackendContext['store'], RuntimeDeps & { allow(kind: string, key: string): void }>();

/**
 * The tool runtimes of one backend (one mock worker, the MCP servers started so far, the
 * hosts and servers the user allowed), shared by runs and synthesis.
 */
export function toolRuntime(ctx: BackendContext) {
  const { store, onClose } = ctx;
  const gen = generation(ctx);
  const existing = shared.get(store);
  if (existing) return existing;
  const mocks = new MockRunner();
  const mcp = new McpClients();
  onClose(() => Promise.all([mocks.close(), mcp.close()]));
  const allowed = () => new Set(store.settings.get<string[]>(ALLOWED) ?? []);
  const runtime = {
    mocks,
    mcp,
    seed: 1,
    allowed: (kind: string, key: string) => allowed().has(`${kind}:${key}`),
    allow: (kind: string, key: string) => store.settings.set(ALLOWED, [...allowed(), `${kind}:${key}`]),
    /** The model (local or remote) for agents and simulated tools; absent when there is none. */
    get generate() {
      return gen.available()
        ? (request: Parameters<typeof gen.generate>[0], signal?: AbortSignal) => gen.generate(request, () => {}, signal)
        : undefined;
    },
  };
  shared.set(store, runtime);
  return runtime;
}
