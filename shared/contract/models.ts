import { z } from 'zod';
import { method } from './define';
import { JobId } from './jobs';

export const LoadSettings = z.object({
  gpuLayers: z.union([z.literal('auto'), z.literal('max'), z.number().int().min(0)]),
  contextSize: z.number().int().min(128).max(1_048_576),
  threads: z.number().int().min(1).max(512),
  batchSize: z.number().int().min(1).max(65_536),
  flashAttention: z.boolean(),
  /**
   * Generations run at once in one context, decoded in one batch (synthesis, simulated tools,
   * plan candidates). Each has its own `contextSize` of memory. Absent: this machine's default.
   */
  sequences: z.number().int().min(1).max(64).optional(),
});
export type LoadSettings = z.infer<typeof LoadSettings>;

export const ModelDetails = z.object({
  path: z.string(),
  architecture: z.string(),
  parameters: z.number().nullable(),
  fileType: z.string().nullable(),
  trainedContextLength: z.number().nullable(),
  hasChatTemplate: z.boolean(),
  fileBytes: z.number(),
  embeddingLength: z.number().nullable(),
  estimate: z
    .object({
      gpu: z.union([z.string(), z.literal(false)]),
      totalLayers: z.number(),
      autoGpuLayers: z.number().nullable(),
      cpuRamBytes: z.number(),
      fullOffloadVramBytes: z.number(),
      freeVramBytes: z.number(),
      totalVramBytes: z.number(),
    })
    .nullable(),
});

export const LoadedModel = ModelDetails.extend({
  gpu: z.union([z.string(), z.literal(false)]),
  gpuLayers: z.number(),
  /** Per sequence. */
  contextSize: z.number(),
  threads: z.number(),
  sequences: z.number().int(),
  /** The cores the helper decodes on (fewer threads than cores, Linux); absent or null: anywhere. */
  cores: z.array(z.number().int()).nullable().optional(),
  /** The cores the rest of the helper is kept on, apart from its decoding; absent or null: on `cores` too. */
  restCores: z.array(z.number().int()).nullable().optional(),
  /** How the weights were loaded: mapped from the file, or read into the helper's memory (backend/llm/weights-loading.ts). */
  weights: z.enum(['mapped', 'in-memory']).optional(),
  /** Weights read into memory: whether they are on transparent huge pages (faster on the CPU). */
  hugePages: z.boolean().optional(),
});
export type LoadedModel = z.infer<typeof LoadedModel>;

/** The GPU backends a llama.cpp binding can be built with; `cpu` is none. */
export const LlamaBackend = z.enum(['cpu', 'cuda', 'vulkan', 'metal']);
export type LlamaBackend = z.infer<typeof LlamaBackend>;

/** A binding built from the bundled llama.cpp source for this machine, as recorded after its build. */
export const NativeBuild = z.object({
  backend: LlamaBackend,
  /** The folder holding the binding (llama-addon.node and its libraries). */
  folder: z.string(),
  builtAt: z.string(),
  buildSeconds: z.number(),
  /** The node-llama-cpp and llama.cpp versions it was built from; another version does not load it. */
  nodeLlamaCpp: z.string(),
  llamaCpp: z.string(),
  /** The CPU it was built on: a native build may use instructions another CPU lacks. */
  cpu: z.object({ arch: z.string(), model: z.string(), flags: z.string() }),
  /**
   * The CPU library (`zen4`, `haswell`, …) compiled here into a copy of the prebuilt binding, the
   * fast way to native speed on the CPU; absent when the whole binding was built here.
   */
  cpuLibrary: z.string().optional(),
  /**
   * The addon with Trellis's native generation call (several tokens decoded and sampled per call),
   * a file in `folder` beside llama-addon.node; absent when it was not built, with the reason in
   * `nativeCallProblem`.
   */
  nativeCall: z.string().optional(),
  nativeCallProblem: z.string().optional(),
});
export type NativeBuild = z.infer<typeof NativeBuild>;

/** Which llama.cpp binding the helper process runs. */
export const LlamaBinary = z.object({
  /** `prebuilt`: node-llama-cpp's portable binary; `native`: built on this machine (models.build). */
  kind: z.enum(['prebuilt', 'native']),
  backend: LlamaBackend,
  /** CPU features llama.cpp uses (AVX2, AVX512, …), from its system info. */
  cpuFeatures: z.array(z.string()),
  /** Cores llama.cpp counts as useful for math. */
  mathCores: z.number().int(),
  llamaCpp: z.string(),
  /** Why a recorded native build is not the one running; null when it runs or none is recorded. */
  fallbackReason: z.string().nullable(),
  /**
   * The ggml CPU library the prebuilt binding chose at run time (`zen4`, `haswell`, …: it ships
   * one per CPU level); null for a native build (one CPU backend, compiled for this machine) or
   * where the process cannot tell.
   */
  cpuVariant: z.string().nullable().optional(),
  /** True when it is the prebuilt binding with its CPU library (`cpuVariant`) compiled on this machine. */
  cpuLibraryBuiltHere: z.boolean().optional(),
  /**
   * True when the addon carries Trellis's native generation call: the helper's own loop then gets
   * several tokens per native call instead of two calls a token.
   */
  nativeCall: z.boolean().optional(),
  /** Why a native build runs without the native call (not built, or it failed to load); null otherwise. */
  nativeCallProblem: z.string().nullable().optional(),
  /** Set by the backend: why this binding runs, in words for the user (models.binary, Models, `trellis model info`). */
  why: z.string().optional(),
  /**
   * Set by the backend when this machine has a GPU the binding cannot use (it runs on the CPU):
   * what to build to use it. Null or absent otherwise.
   */
  gpuNotice: z.string().nullable().optional(),
});
export type LlamaBinary = z.infer<typeof LlamaBinary>;

/**
 * The native build Trellis starts by itself the first time a model is loaded on the prebuilt
 * CPU binding (desktop app and `trellis serve`): `off` (TRELLIS_NATIVE_BUILD=off, or a
 * short-lived command), `unavailable` (no cmake or C++ compiler), `building`, `failed` or
 * `cancelled` (not tried again by itself for this node-llama-cpp version), `idle` (nothing to do
 * or not yet started).
 */
/** The job id of the automatic native build: its jobs.progress events carry it, jobs.cancel stops it. */
export const AUTO_BUILD_JOB_ID = 'models.autoBuild';

export const AutoBuildStatus = z.object({
  state: z.enum(['idle', 'off', 'unavailable', 'building', 'failed', 'cancelled']),
  /** Why, in words for the user; null when there is nothing to say. */
  reason: z.string().nullable(),
  /** The models.build job while building: its progress arrives in jobs.progress, jobs.cancel stops it. */
  jobId: z.string().nullable(),
});
export type AutoBuildStatus = z.infer<typeof AutoBuildStatus>;

export const ModelSource = z.enum(['lmstudio', 'ollama', 'jan', 'huggingface', 'folder']);
export type ModelSource = z.infer<typeof ModelSource>;

/** A GGUF found on disk where another app (or the user) keeps models. */
export const DiscoveredModel = z.object({
  path: z.string(),
  /** The file's name, or Ollama's `model:tag` for a blob named by digest. */
  name: z.string(),
  source: ModelSource,
  sizeBytes: z.number(),
  /** As the name says it (Q4_K_M, IQ3_XS, F16…); null when it says none. */
  quantization: z.string().nullable(),
});
export type DiscoveredModel = z.infer<typeof DiscoveredModel>;

/** A folder discovery looked in; `cutShort` when it held more entries than its share of the scan. */
export const DiscoverySearched = z.object({
  source: ModelSource,
  dir: z.string(),
  found: z.boolean(),
  cutShort: z.boolean(),
});
export type DiscoverySearched = z.infer<typeof DiscoverySearched>;

const Ok = z.object({ ok: z.literal(true) });
const ModelPath = z.string().trim().min(1, 'give the path of a .gguf file');

export const modelsMethods = {
  'models.inspect': method({
    summary: 'A GGUF’s metadata and whether it fits this machine’s memory, without loading it.',
    args: z.object({ path: ModelPath }),
    result: ModelDetails.extend({ fit: z.object({ freeRamBytes: z.number(), fitsInRam: z.boolean() }) }),
  }),
  'models.discover': method({
    summary:
      'GGUF files already on disk: LM Studio, Ollama (blobs named through its manifests), Jan, the Hugging Face cache, ' +
      'and folders given; with size, quantisation and whether each fits in free RAM. Bounded in depth and count.',
    args: z.object({ folders: z.array(z.string().trim().min(1)).max(20).default([]) }),
    result: z.object({
      models: z.array(DiscoveredModel.extend({ fitsInRam: z.boolean() })),
      searched: z.array(DiscoverySearched),
      /** Files that could not be read (a damaged Ollama manifest): skipped, the rest still listed. */
      problems: z.array(z.object({ path: z.string(), message: z.string() })),
      freeRamBytes: z.number(),
    }),
  }),
  'models.load': method({
    summary:
      'Load a GGUF in the helper process, as a job (progress as a fraction in jobs.progress); a cancelled load is unloaded again.',
    args: z.object({ path: ModelPath, settings: LoadSettings, jobId: JobId.optional() }),
    result: LoadedModel,
  }),
  'models.unload': method({ summary: 'Unload the model.', args: z.object({}), result: Ok }),
  'models.status': method({
    summary: 'The loaded model, the last one used with its settings, and default settings for this machine.',
    args: z.object({}),
    result: z.object({
      loaded: LoadedModel.nullable(),
      last: z.object({ path: z.string(), settings: LoadSettings }).nullable(),
      defaults: LoadSettings,
      remote: z
        .object({
          baseUrl: z.string(),
          model: z.string(),
          hasKey: z.boolean(),
          keyStored: z.boolean(),
          concurrency: z.number().int(),
          /**
           * Whether the user approved this server on this machine (set through this app or CLI, or
           * approved since). One named only by the workspace file is sent nothing until then.
           */
          approved: z.boolean(),
        })
        .nullable(),
      /** What the helper process holds now; null when it is not running. */
      memory: z.object({ ramBytes: z.number(), vramUsedBytes: z.number(), vramTotalBytes: z.number() }).nullable(),
      /** The binding the helper runs; null when it is not running (models.binary starts it to ask). */
      binary: LlamaBinary.nullable(),
      /** The native build recorded for this machine, if any (it runs only when `binary.kind` says so). */
      native: NativeBuild.nullable(),
      /** The native build started by itself on a model load, and why it runs or not. */
      autoBuild: AutoBuildStatus,
    }),
  }),
  'models.binary': method({
    summary:
      'Which llama.cpp binding the helper runs (prebuilt or native, backend, CPU features); starts the helper to ask.',
    args: z.object({}),
    result: LlamaBinary,
  }),
  'models.build': method({
    summary:
      'Build the llama.cpp binding for this machine from the bundled source, as a job (progress as a fraction; offline). ' +
      'On success the helper restarts on the native build; a failed or cancelled build leaves the prebuilt one in use.',
    args: z.object({
      /** `auto`: the GPU backend the prebuilt binding runs now, else CPU only. */
      backend: z.union([z.literal('auto'), LlamaBackend]).default('auto'),
      jobId: JobId.optional(),
    }),
    result: z.object({ native: NativeBuild, binary: LlamaBinary }),
  }),
  'models.useRemote': method({
    summary:
      'Generate with an OpenAI-compatible server instead of the local model, once it answers (GET /models within 5 s); ' +
      'refused, saying what failed, when it does not.',
    args: z.object({
      baseUrl: z.url({
        protocol: /^https?$/,
        error: 'give the server’s http(s) address, e.g. http://127.0.0.1:8080/v1',
      }),
      model: z.string().trim().min(1),
      apiKey: z.string().optional(),
      /** Requests in flight at once (the server's parallel slots); absent: 4. */
      concurrency: z.number().int().min(1).max(256).optional(),
    }),
    result: z.object({
      keyStored: z.boolean(),
      /** Said when the server lists its models and the one asked for is not among them. */
      note: z.string().optional(),
    }),
  }),
  'models.allowRemote': method({
    summary:
      "Approve the workspace's remote server on this machine, by the key its consent request names " +
      '(the CLI: --allow model:URL); kept in your own config, not the workspace.',
    args: z.object({ key: z.string().min(1) }),
    result: Ok,
  }),
  'models.useLocal': method({ summary: 'Generate with the local model again.', args: z.object({}), result: Ok }),
  'models.generate': method({
    summary:
      'Generate text as a job; tokens stream as models.token events for its jobId. Cancelled, it returns what it has so far.',
    args: z.object({
      jobId: JobId.optional(),
      prompt: z.string(),
      chat: z.boolean().default(true),
      maxTokens: z.number().int().min(1).max(32_768).default(256),
      temperature: z.number().min(0).max(2).default(0.7),
      seed: z.number().int().optional(),
      jsonSchema: z.record(z.string(), z.unknown()).optional(),
    }),
    result: z.object({
      text: z.string(),
      cancelled: z.boolean(),
      ms: z.number(),
      /** Tokens generated: the model's (or server's) count, else the text chunks streamed. */
      tokens: z.number().int(),
      /** The prompt's tokens, where the model (or server) reports them. */
      promptTokens: z.number().int().nullable(),
    }),
  }),
};

export const modelsEvents = {
  /** `stream`: which of a job's generations running at once the text belongs to (a plan candidate's index). */
  'models.token': z.object({ jobId: z.string(), text: z.string(), stream: z.number().int().optional() }),
  /** One line of a native build's output (models.build), for its jobId. */
  'models.buildOutput': z.object({ jobId: z.string(), line: z.string() }),
};
