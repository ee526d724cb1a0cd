import { fork } from 'node:child_process';
import { builtScript } from '../resources';
import type { LlamaBinary } from '../../shared/contract/models';
import { TrellisError, type ErrorCode } from '../../shared/errors';
import type {
  BenchmarkResult,
  GenerateRequest,
  GenerationStats,
  HelperMessage,
  HelperRequest,
  InspectLimits,
  LoadSettings,
  LoadedModel,
  ModelDetails,
  TokenCounts,
} from './protocol';
import { hugePagesEnv } from './weights-loading';

type Pending = {
  resolve(value: unknown): void;
  reject(error: Error): void;
  onToken?(text: string): void;
  onProgress?(fraction: number): void;
};

type RequestBody = HelperRequest extends infer R ? (R extends HelperRequest ? Omit<R, 'id'> : never) : never;
type Hooks = Omit<Pending, 'resolve' | 'reject'>;

export interface GenerateResult {
  text: string;
  cancelled: boolean;
  ms: number;
  /** Text chunks sent (one per token, except where a character spans tokens). */
  chunks?: number;
  /** When the first and last chunk left the helper, in ms from the generation's start. */
  chunkMs?: { first: number; last: number } | null;
  /** Prompt and generated tokens, where the model (or server) reports them. */
  tokens?: TokenCounts;
  /** The context (per sequence) of the local model that answered; a server does not say. */
  contextSize?: number;
  /** How the local helper generated it (generation-loop.ts); a server does not say. */
  stats?: GenerationStats;
}

const HELPER_CODES: Record<string, ErrorCode> = {
  'not-found': 'E5002',
  'not-gguf': 'E5002',
  'bad-gguf': 'E5002',
  'inspect-limit': 'E5002',
  'unsupported-architecture': 'E5002',
  'no-model': 'E5003',
};

export interface MemoryInUse {
  ramBytes: number;
  vramUsedBytes: number;
  vramTotalBytes: number;
}

/** A running helper, whatever started it (a Node child process, an Electron utilityProcess). */
export interface HelperProcess {
  readonly pid: number | undefined;
  send(message: HelperRequest): void;
  onMessage(listener: (message: HelperMessage) => void): void;
  /** `how` completes "The model process …": `was killed (SIGKILL)`, `exited with code 1`. */
  onExit(listener: (how: string) => void): void;
  kill(): void;
}

export type HelperSpawner = (script: string, env: NodeJS.ProcessEnv) => HelperProcess;

/** `child_process.fork`: the web host, the CLI and tests. */
export const forkHelper: HelperSpawner = (script, env) => {
  const child = fork(script, [], { env, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
  return {
    get pid() {
      return child.pid;
    },
    send: (message) => child.send(message),
    onMessage: (listener) => child.on('message', listener),
    onExit: (listener) =>
      child.once('exit', (code, signal) => listener(signal ? `was killed (${signal})` : `exited with code ${code}`)),
    kill: () => child.kill(),
  };
};

const defaultHelperPath = () => builtScript(__dirname, 'helper.js');

export interface SupervisorOptions {
  /** The compiled helper script; defaults to helper.js beside this file. */
  helperPath?: string;
  /** Environment for the helper (tests set TRELLIS_GPU=off). */
  env?: NodeJS.ProcessEnv;
  /** How to start the helper; Electron passes a utilityProcess spawner. */
  spawn?: HelperSpawner;
  /** The native build record (native-build.ts); the helper runs that build when it fits, else the prebuilt one. */
  nativeRecord?: string;
}

/** What the running helper holds and runs. */
export interface HelperState {
  memory: MemoryInUse;
  /** Null until the helper has loaded its binding (it does on its first model request). */
  binary: LlamaBinary | null;
}

/**
 * Runs the llama helper as a separate process, on demand. When it dies (crash, SIGKILL, out of
 * memory) every pending request is rejected with E5001, and the next request starts a new helper
 * — after a backoff if it keeps dying — and reloads the model that was loaded.
 */
export class ModelSupervisor {
  private child: HelperProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private lastLoad: { path: string; settings: LoadSettings } | null = null;
  private crashes: number[] = [];
  private current: LoadedModel | null = null;
  private readonly helperPath: string;
  /** Run once no request is pending (restartWhenIdle). */
  private onIdle: (() => void)[] = [];

  constructor(private readonly options: SupervisorOptions = {}) {
    this.helperPath = options.helperPath ?? defaultHelperPath();
  }

  /** The model loaded now, as the helper reported it; null when none (no process is started to ask). */
  get loaded(): LoadedModel | null {
    return this.child ? this.current : null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** A model file's details; `limits` bounds reading its header (default gguf-inspect.ts's). */
  inspect(modelPath: string, limits?: InspectLimits): Promise<ModelDetails> {
    return this.call({ type: 'inspect', path: modelPath, ...(limits ? { limits } : {}) }) as Promise<ModelDetails>;
  }

  async load(modelPath: string, settings: LoadSettings, onProgress?: (fraction: number) => void): Promise<LoadedModel> {
    this.current = null;
    let loaded: LoadedModel;
    try {
      loaded = (await this.call({ type: 'load', path: modelPath, settings }, { onProgress })) as LoadedModel;
    } catch (error) {
      // A file refused before loading (missing, not a GGUF) leaves the model in use loaded: ask
      // the helper what it holds now, so the app does not forget a model still running.
      const still = await this.ping().then(
        (state) => state.loaded,
        () => null,
      );
      this.current = still;
      if (!still) this.lastLoad = null;
      throw error;
    }
    this.lastLoad = { path: modelPath, settings };
    this.current = loaded;
    return loaded;
  }

  async unload(): Promise<void> {
    this.lastLoad = null;
    this.current = null;
    if (this.child) await this.call({ type: 'unload' });
  }

  /** Streams text through `onToken`; abort the signal to stop early (the text so far is returned). */
  async generate(
    request: GenerateRequest,
    onToken?: (text: string) => void,
    signal?: AbortSignal,
  ): Promise<GenerateResult> {
    const child = await this.ensureChild();
    // send() takes the next id synchronously: this is the generation's id.
    const id = this.nextId;
    const onAbort = () => void this.call({ type: 'cancel', target: id }).catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const result = this.send(child, { type: 'generate', request }, { onToken }) as Promise<GenerateResult>;
      // Aborted while the helper was starting: the cancel follows the request.
      if (signal?.aborted) onAbort();
      const contextSize = this.loaded?.contextSize;
      return { ...(await result), ...(contextSize ? { contextSize } : {}) };
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Prompt and generation throughput measured inside the helper (for bench:model). */
  benchmark(
    promptTokens: number,
    generateTokens: number,
    jsonSchema?: Record<string, unknown>,
    options: { nativeCall?: boolean } = {},
  ): Promise<BenchmarkResult> {
    return this.call({
      type: 'benchmark',
      promptTokens,
      generateTokens,
      ...(jsonSchema ? { jsonSchema } : {}),
      ...(options.nativeCall === false ? { nativeCall: false } : {}),
    }) as Promise<BenchmarkResult>;
  }

  /** A conversation through the loaded model's chat template, with its token count. */
  renderChat(
    messages: Record<string, unknown>[],
    tools: unknown[] = [],
    addGenerationPrompt = false,
  ): Promise<{ text: string; tokens: number }> {
    return this.call({ type: 'renderChat', messages, tools, addGenerationPrompt }) as Promise<{
      text: string;
      tokens: number;
    }>;
  }

  embed(texts: string[]): Promise<number[][]> {
    return this.call({ type: 'embed', texts }) as Promise<number[][]>;
  }

  async ping(): Promise<{ pid: number; loaded: LoadedModel | null } & HelperState> {
    return (await this.call({ type: 'ping' })) as { pid: number; loaded: LoadedModel | null } & HelperState;
  }

  /** Memory the helper uses now, or null when it is not running (it is not started to ask). */
  async memory(): Promise<MemoryInUse | null> {
    return (await this.state())?.memory ?? null;
  }

  /** The helper's memory and binding, or null when it is not running (it is not started to ask). */
  async state(): Promise<HelperState | null> {
    if (!this.child) return null;
    const { memory, binary } = await this.ping();
    return { memory, binary };
  }

  /** Which llama.cpp binding the helper runs (native or prebuilt); starts the helper to ask. */
  binary(): Promise<LlamaBinary> {
    return this.call({ type: 'binary' }) as Promise<LlamaBinary>;
  }

  /**
   * Replaces the helper with a new one, which picks its binding afresh (after a native build),
   * and reloads the model that was loaded. Requests still running end with E5001.
   */
  async restart(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    await new Promise<void>((resolve) => {
      child.onExit(() => resolve());
      child.kill();
    });
    this.failAll('The model process restarted to run a new llama.cpp build; send the request again.');
    if (this.lastLoad) await this.ensureChild();
  }

  /**
   * Restarts as `restart` does, once no request is pending: a build that finished in the
   * background never cuts a running generation short.
   */
  restartWhenIdle(): Promise<void> {
    if (this.pending.size === 0) return this.restart();
    return new Promise((resolve, reject) => this.onIdle.push(() => void this.restart().then(resolve, reject)));
  }

  /** Stops the helper for good (app quit). */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child) return;
    await new Promise<void>((resolve) => {
      child.onExit(() => resolve());
      child.kill();
    });
    this.failAll('The model process was stopped.');
  }

  private async ensureChild(): Promise<HelperProcess> {
    if (this.child) return this.child;
    const recent = this.crashes.filter((t) => Date.now() - t < 60_000);
    if (recent.length) await new Promise((r) => setTimeout(r, Math.min(250 * 2 ** (recent.length - 1), 8000)));
    const child = (this.options.spawn ?? forkHelper)(
      this.helperPath,
      hugePagesEnv({
        ...process.env,
        ...(this.options.nativeRecord ? { TRELLIS_NATIVE_BUILD: this.options.nativeRecord } : {}),
        ...this.options.env,
      }),
    );
    this.child = child;
    child.onMessage((message) => this.receive(message));
    child.onExit((how) => {
      if (this.child !== child) return;
      this.child = null;
      this.crashes = [...this.crashes.filter((t) => Date.now() - t < 60_000), Date.now()];
      this.failAll(`The model process ${how}.`);
    });
    if (this.lastLoad) {
      const { path: modelPath, settings } = this.lastLoad;
      await this.send(child, { type: 'load', path: modelPath, settings }, {});
    }
    return child;
  }

  private failAll(reason: string): void {
    for (const [, pending] of this.pending) pending.reject(new TrellisError('E5001', reason));
    this.pending.clear();
    this.runIdle();
  }

  private runIdle(): void {
    if (this.pending.size > 0) return;
    for (const run of this.onIdle.splice(0)) run();
  }

  private receive(message: HelperMessage): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'tokens') {
      if (pending.onToken) for (const text of message.texts) pending.onToken(text);
    } else if (message.type === 'progress') pending.onProgress?.(message.fraction);
    else {
      this.pending.delete(message.id);
      if (message.type === 'result') pending.resolve(message.value);
      else pending.reject(new TrellisError(HELPER_CODES[message.code] ?? 'E5004', message.message));
      this.runIdle();
    }
  }

  private send(child: HelperProcess, body: RequestBody, hooks: Hooks): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, ...hooks });
      child.send({ ...body, id } as HelperRequest);
    });
  }

  private async call(body: RequestBody, hooks: Hooks = {}): Promise<unknown> {
    const child = await this.ensureChild();
    return this.send(child, body, hooks);
  }
}
