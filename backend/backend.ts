import fs from 'node:fs';
import path from 'node:path';
import type { OpenOptions } from './store/database';
import { seedExampleWorkspace } from './store/seed';
import { openWorkspaceStore, type WorkspaceStore } from './store/workspace-store';
import { ModelSupervisor, type HelperSpawner } from './llm/supervisor';
import { NativeBuilds, nativeBuildsDir, type NativeBuilder } from './llm/native-build';
import { AutoNativeBuild } from './llm/auto-native-build';
import { runNativeBuildJob } from './models/native-build-job';
import { defaultNativeBuilder } from './llm/cpu-library-builder';
import { buildWithNodeLlamaCpp } from './llm/node-llama-cpp-builder';
import { gpuNotice, listNvidiaGpus, onceLister, type GpuLister } from './llm/gpu-devices';
import { packageRoot } from './resources';
import type { BackendContext, FilePicker, SecretStore } from './context';
import { datasetsHandlers } from './datasets/handlers';
import { labelsHandlers } from './labels/handlers';
import { evaluationHandlers } from './evaluation/handlers';
import { environmentsHandlers } from './environments/handlers';
import { experimentsHandlers } from './experiments/handlers';
import { graphsHandlers } from './graphs/handlers';
import { jobsHandlers } from './jobs/handlers';
import { Jobs } from './jobs/jobs';
import { plansHandlers } from './plans/handlers';
import { runsHandlers } from './runs/handlers';
import { synthHandlers } from './synth/handlers';
import { modelsHandlers } from './models/handlers';
import { systemHandlers } from './system/handlers';
import { toolsHandlers } from './tools/handlers';
import { trajectoriesHandlers } from './trajectories/handlers';
import { mappingsHandlers } from './trajectories/mapping-handlers';
import { workspaceHandlers } from './workspace/handlers';
import { createChecker } from './checks/checker';
import { ApiSecrets } from './config/api-secrets';
import { ConsentStore } from './config/consent';
import { defaultConfigDir } from './config/user-config';
import { announceDataChanges } from './data-changes';
import { EventBus } from './events';
import { createToolRuntime } from './executor/tool-runtime';
import { createModelRouter } from './llm/router';
import { HandlerRegistry } from './registry';
import { TraceEndpointSlot } from './otlp/endpoint';
import { DesktopTraceReceiver } from './otlp/desktop';

export interface Backend {
  registry: HandlerRegistry;
  events: EventBus;
  store: WorkspaceStore;
  /** True when the workspace file was created (and seeded) by this start. */
  created: boolean;
  /** The shell that receives traces for this backend says where (the UI shows it). */
  traceReceiver: TraceEndpointSlot;
  close(): void;
}

export interface BackendOptions extends OpenOptions {
  workspace: string;
  host: BackendContext['host'];
  /** Seed a new workspace with the example graph and trajectories (default false: a new workspace is empty). */
  seed?: boolean;
  /** How to start the llama helper (Electron: a utilityProcess); default `child_process.fork`. */
  modelSpawner?: HelperSpawner;
  /** Environment for the llama helper. */
  modelEnv?: NodeJS.ProcessEnv;
  /** Where API keys can be stored encrypted (Electron's safeStorage). */
  secrets?: SecretStore;
  /** The user's own config folder (consent to start commands or call hosts); default `defaultConfigDir()`. */
  configDir?: string;
  /** The native file dialog (Electron). */
  pickFile?: FilePicker;
  /** Builds native llama.cpp bindings (models.build); default node-llama-cpp's own build. Tests pass a fake. */
  nativeBuilder?: NativeBuilder;
  /**
   * Build the native binding by itself on the first model load that runs the prebuilt CPU one
   * (auto-native-build.ts); default: in the app and `trellis serve`, unless TRELLIS_NATIVE_BUILD=off.
   */
  autoNativeBuild?: boolean;
  /** What keeps a native build from running here (no cmake, no compiler); default: looked up on PATH. Tests pass a fake. */
  buildToolsProblem?: () => string | null;
  /** The GPUs this machine has (models.binary says when the binding leaves them unused); default the NVIDIA driver's list. Tests pass a fake. */
  gpuDevices?: GpuLister;
}

/** Opens the workspace and registers every domain's handlers. */
export function createBackend(options: BackendOptions): Backend {
  const created = !fs.existsSync(options.workspace) || fs.statSync(options.workspace).size === 0;
  const store = openWorkspaceStore(options.workspace, options);
  try {
    if (created && options.seed) seedExampleWorkspace(store);
    // What a killed import left is invisible already; it is deleted in the background, batch by batch.
    void store.imports.drainDiscarded().catch(() => {
      // A workspace closed or failing mid-way: the next open goes on from where this one stopped.
    });
    const events = new EventBus();
    const configDir = options.configDir ?? defaultConfigDir();
    const nativeBuilds = new NativeBuilds(
      nativeBuildsDir(configDir),
      options.nativeBuilder ?? defaultNativeBuilder(buildWithNodeLlamaCpp),
    );
    let supervisor: ModelSupervisor | null = null;
    const modelHost = () =>
      (supervisor ??= new ModelSupervisor({
        nativeRecord: nativeBuilds.recordFile,
        ...(options.modelSpawner ? { spawn: options.modelSpawner } : {}),
        ...(options.modelEnv ? { env: options.modelEnv } : {}),
      }));
    const disposers: (() => unknown)[] = [];
    const onClose = (dispose: () => unknown) => void disposers.push(dispose);
    const gpus = onceLister(options.gpuDevices ?? listNvidiaGpus);
    // As the helper sees it (supervisor.ts): turned off, it runs on the CPU whatever the binding supports.
    const gpuOff = { ...process.env, ...options.modelEnv }.TRELLIS_GPU === 'off';
    // Each shared service is built once here and handed to the domains.
    const consent = new ConsentStore(configDir, store);
    const router = createModelRouter({ store, modelHost, secrets: options.secrets, consent });
    const jobs = new Jobs(
      (progress) => events.emit('jobs.progress', progress),
      (end) => events.emit('jobs.ended', end),
    );
    // Running jobs stop at their next safe point instead of writing to a closed workspace.
    onClose(() => jobs.cancelAll());
    const autoBuild = new AutoNativeBuild({
      enabled: options.autoNativeBuild ?? (options.host !== 'cli' && process.env.TRELLIS_NATIVE_BUILD !== 'off'),
      offReason:
        options.host === 'cli' && process.env.TRELLIS_NATIVE_BUILD !== 'off'
          ? 'The app and "trellis serve" build one by itself the first time they load a model (where cmake and a C++ compiler are present); "trellis model build" builds it now.'
          : 'Automatic native builds are off (TRELLIS_NATIVE_BUILD=off); build one in Models or with "trellis model build".',
      dir: nativeBuilds.dir,
      recorded: () => nativeBuilds.recorded(),
      ...(options.buildToolsProblem ? { toolsProblem: options.buildToolsProblem } : {}),
      build: async (jobId) =>
        (await runNativeBuildJob({ jobs, events, nativeBuilds, modelHost }, 'cpu', jobId, { whenIdle: true })).binary,
    });
    // A build running when the workspace closes is cancelled with the other jobs, and started again next time.
    onClose(() => autoBuild.close());
    const traceEndpoint = new TraceEndpointSlot();
    const desktopTraces = options.host === 'electron' ? new DesktopTraceReceiver(store, traceEndpoint) : undefined;
    if (desktopTraces) {
      onClose(() => desktopTraces.stop());
      // Turned on in an earlier session: on again (a port taken since turns it off, as the UI then shows).
      if (desktopTraces.setting().enabled) void desktopTraces.apply(desktopTraces.setting()).catch(() => undefined);
    }
    const ctx: BackendContext = {
      onClose,
      traceEndpoint,
      ...(desktopTraces ? { desktopTraces } : {}),
      version: readVersion(),
      host: options.host,
      store,
      events,
      jobs,
      modelHost,
      router,
      nativeBuilds,
      autoBuild,
      annotateBinary: (binary) => ({
        ...binary,
        gpuNotice: gpuNotice(binary, gpus(), gpuOff),
        why: autoBuild.explain(binary),
      }),
      runtime: createToolRuntime({
        consent,
        secrets: new ApiSecrets(configDir, options.secrets),
        router,
        onClose,
      }),
      checker: () => createChecker(store),
      ...(options.secrets ? { secrets: options.secrets } : {}),
      ...(options.pickFile ? { pickFile: options.pickFile } : {}),
    };
    announceDataChanges(ctx);
    const registry = new HandlerRegistry();
    registry.registerAll({
      system: systemHandlers(ctx),
      jobs: jobsHandlers(ctx),
      workspace: workspaceHandlers(ctx),
      graphs: graphsHandlers(ctx),
      tools: toolsHandlers(ctx),
      models: modelsHandlers(ctx),
      trajectories: trajectoriesHandlers(ctx),
      mappings: mappingsHandlers(ctx),
      evaluation: evaluationHandlers(ctx),
      plans: plansHandlers(ctx),
      runs: runsHandlers(ctx),
      labels: labelsHandlers(ctx),
      datasets: datasetsHandlers(ctx),
      synth: synthHandlers(ctx),
      experiments: experimentsHandlers(ctx),
      environments: environmentsHandlers(ctx),
    });
    const missing = registry.missing();
    if (missing.length) throw new Error(`No handler for contract methods: ${missing.join(', ')}.`);
    return {
      registry,
      events,
      store,
      created,
      traceReceiver: traceEndpoint,
      close: () => {
        for (const dispose of disposers.splice(0)) void Promise.resolve(dispose()).catch(() => undefined);
        void supervisor?.stop();
        store.close();
      },
    };
  } catch (error) {
    store.close();
    throw error;
  }
}

function readVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(packageRoot(), 'package.json'), 'utf8')) as { version: string };
  return pkg.version;
}
