import type { TrajectoryChecker } from './checks/checker';
import type { ToolRuntime } from './executor/tool-runtime';
import type { Jobs } from './jobs/jobs';
import type { AutoNativeBuild } from './llm/auto-native-build';
import type { NativeBuilds } from './llm/native-build';
import type { ModelRouter } from './llm/router';
import type { ModelSupervisor } from './llm/supervisor';
import type { WorkspaceStore } from './store/workspace-store';
import type { LlamaBinary } from '../shared/contract/models';
import type { EventBus } from './events';
import type { TraceEndpointSlot } from './otlp/endpoint';
import type { DesktopTraceReceiver } from './otlp/desktop';

/** What every domain's handlers may use. */
export interface BackendContext {
  version: string;
  host: 'electron' | 'web' | 'cli';
  store: WorkspaceStore;
  events: EventBus;
  /** Long work (imports, checks, scoring, exports, synthesis, model loads and generations) runs as a job here. */
  jobs: Jobs;
  /** The model supervisor, created on first use (the helper starts only when needed). */
  modelHost: () => ModelSupervisor;
  /** Where generation and embeddings go: the remote server when one is set, else the local model. */
  router: ModelRouter;
  /** llama.cpp bindings built for this machine, in the user's config folder. */
  nativeBuilds: NativeBuilds;
  /** The native build started by itself on a model load (auto-native-build.ts). */
  autoBuild: AutoNativeBuild;
  /**
   * The binding as the helper reports it, with why it runs and what to build when a GPU here goes
   * unused (gpu-devices.ts).
   */
  annotateBinary(binary: LlamaBinary): LlamaBinary;
  /** The tool runtimes (mock worker, MCP servers, consent), shared by runs and synthesis. */
  runtime: ToolRuntime;
  /** A trajectory checker for one request: graphs and validators are cached for its lifetime. */
  checker: () => TrajectoryChecker;
  /** Encrypts secrets for storage (Electron's safeStorage); absent where none is available. */
  secrets?: SecretStore;
  /** The native file dialog, where the shell has one (Electron). */
  pickFile?: FilePicker;
  /** Where the shell's OTLP trace receiver listens, when one is on. */
  traceEndpoint: TraceEndpointSlot;
  /** The desktop app's own receiver, a setting (off by default); absent in other hosts. */
  desktopTraces?: DesktopTraceReceiver;
  /** Registers cleanup (worker threads, MCP servers) for when the backend closes. */
  onClose(dispose: () => unknown): void;
}

export type FilePicker = (title: string, extensions: string[]) => Promise<string | null>;

export interface SecretStore {
  protect(plain: string): string;
  reveal(stored: string): string;
}
