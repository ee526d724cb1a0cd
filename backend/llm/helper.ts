/**
 * The llama helper: a separate process that owns node-llama-cpp. A crash or an out-of-memory
 * here never takes the app or the workspace with it; the supervisor restarts it.
 */
import fs from 'node:fs';
import type * as LlamaLibrary from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import type { LlamaBinary } from '../../shared/contract/models';
import type { TrellisError } from '../../shared/errors';
import { readInputHead } from '../files/input-file';
import { measureThroughput } from './helper-benchmark';
import { corePinning } from './core-pinning';
import { readGgufInfoWithin, type GgufFileInfo } from './gguf-inspect';
import { HelperError } from './helper-error';
import { libraryGeneration, ownLoopGeneration } from './generation';
import {
  forcedTokensFor,
  hookedEvaluate,
  requestEvaluate,
  type RequestHooks,
  type RequestTiming,
} from './jump-forward';
import { nativeCallOf, nativeEvaluate, type NativeEvaluateOptions, type WithLock } from './native-call';
import { boundJsonNumbers } from './json-grammar';
import { loadLlamaRuntime } from './llama-runtime';
import { SequencePool } from './sequence-pool';
import { availableMemoryBytes, chooseWeightsLoading, hugePageBytes, hugePagesInReach } from './weights-loading';
import { TokenOutbox } from './token-outbox';
import type {
  GenerationStats,
  HelperMessage,
  HelperRequest,
  InspectLimits,
  LoadSettings,
  LoadedModel,
  ModelDetails,
  ResourceEstimate,
} from './protocol';

type NodeLlamaCpp = typeof LlamaLibrary;
type Llama = Awaited<ReturnType<NodeLlamaCpp['getLlama']>>;
type LlamaModel = Awaited<ReturnType<Llama['loadModel']>>;
type LlamaContext = Awaited<ReturnType<LlamaModel['createContext']>>;

let lib: NodeLlamaCpp | null = null;
let llama: Llama | null = null;
let binary: LlamaBinary | null = null;
let model: LlamaModel | null = null;
let context: LlamaContext | null = null;
let loaded: LoadedModel | null = null;
/** The context's sequences: generations beyond them wait for one to free up. */
let sequences: SequencePool | null = null;
const running = new Map<number, AbortController>();
const pinCores = corePinning();

/** Under Electron the helper is a utilityProcess (parentPort); under Node a forked child (IPC). */
const parentPort = (
  process as unknown as {
    parentPort?: { postMessage(m: unknown): void; on(e: 'message', f: (e: { data: HelperRequest }) => void): void };
  }
).parentPort;
const post = (message: HelperMessage) => (parentPort ? parentPort.postMessage(message) : process.send?.(message));
const outbox = new TokenOutbox((id, texts) => post({ id, type: 'tokens', texts }));
/** A request's streamed chunks go out before its result or error. */
const send = (message: HelperMessage) => {
  outbox.flush(message.id);
  post(message);
};

/** lifecycle-utils' withLock: the same module node-llama-cpp locks its context with (native-call.ts). */
let contextLock: WithLock | null = null;

/** node-llama-cpp is ESM-only; this file is CommonJS. */
async function library(): Promise<NodeLlamaCpp> {
  lib ??= (await import('node-llama-cpp')) as NodeLlamaCpp;
  contextLock ??= (await import('lifecycle-utils')).withLock as unknown as WithLock;
  return lib;
}

/**
 * `sequence`'s evaluate by the native generation call, where the binding has it (native-call.ts):
 * several tokens a call, or one a call where jump-forward reads the grammar state after each.
 */
function nativeEvaluateOf(
  sequence: object,
  options: Pick<NativeEvaluateOptions, 'chunked' | 'maxTokens' | 'onCall'> & { stopTokens?: Iterable<number> },
) {
  const pool = sequences;
  const withLock = contextLock;
  if (!pool || !withLock || !nativeCallOf(sequence)) return null;
  return nativeEvaluate(sequence, { stopTokens: [], ...options, othersBusy: () => pool.held > 1, withLock });
}

let starting: Promise<Llama> | null = null;

/** The native build recorded in TRELLIS_NATIVE_BUILD when it fits and loads, else the prebuilt binding. */
async function runtime(): Promise<Llama> {
  if (starting) return starting;
  starting = (async () => {
    const chosen = await loadLlamaRuntime(await library(), {
      gpu: process.env.TRELLIS_GPU === 'off' ? false : 'auto',
      nativeRecord: process.env.TRELLIS_NATIVE_BUILD,
    });
    binary = chosen.binary;
    llama = chosen.llama;
    return llama;
  })();
  // A binding that failed to load is tried again on the next request.
  starting.catch(() => (starting = null));
  return starting;
}

/** `general.file_type` as llama.cpp names it (`MOSTLY_Q4_K_M` → `Q4_K_M`), its number when unknown. */
function fileTypeName(type: number): string {
  // Read once inspect has loaded the library; a const enum in the typings, an object at run time.
  const names = (lib as unknown as { GgufFileType?: Record<number, string> } | null)?.GgufFileType;
  const name = names?.[type];
  return name ? name.replace(/^(MOSTLY|ALL)_/, '') : String(type);
}

async function inspect(path: string, limits?: InspectLimits): Promise<ModelDetails> {
  if (!fs.existsSync(path))
    throw new HelperError(
      'not-found',
      `No file at ${path}. Check the path, or pick one of the models found on this machine (side bar).`,
    );
  if (fs.statSync(path).isDirectory())
    throw new HelperError(
      'not-found',
      `${path} is a folder. Give the path of a .gguf file in it, or add the folder under "Another folder with models" to list the models it holds.`,
    );
  let header: Buffer;
  try {
    // A pipe or a device is refused before it is opened: opening a FIFO would hang the helper.
    header = readInputHead(path, 4, 'GGUF model file');
  } catch (error) {
    const { message, hint } = error as TrellisError;
    throw new HelperError('not-found', hint ? `${message} ${hint}` : message);
  }
  if (header.toString('latin1') !== 'GGUF')
    throw new HelperError(
      'not-gguf',
      `${path} is not a GGUF model file. llama.cpp runs .gguf files: get a GGUF build of the model (Models lists small ones to download while no model is loaded) or convert it with llama.cpp's convert_hf_to_gguf.py.`,
    );
  // Checked against the file's size, then read, in a thread with a time and memory limit.
  const info = await readGgufInfoWithin(path, limits);
  await library();
  const meta = info.metadata as Record<string, Record<string, unknown> | undefined>;
  const architecture = String(meta.general?.architecture ?? 'unknown');
  const archMeta = meta[architecture] as Record<string, unknown> | undefined;
  const parameters =
    info.fullTensorInfo?.reduce((n, t) => n + t.dimensions.reduce((a: number, b) => a * Number(b), 1), 0) ?? null;
  const tokenizer = meta.tokenizer as Record<string, unknown> | undefined;
  return {
    estimate: await estimate(info).catch(() => null),
    path,
    architecture,
    parameters,
    fileType: meta.general?.file_type !== undefined ? fileTypeName(Number(meta.general.file_type)) : null,
    trainedContextLength: typeof archMeta?.context_length === 'number' ? archMeta.context_length : null,
    hasChatTemplate: typeof tokenizer?.chat_template === 'string',
    fileBytes: fs.statSync(path).size,
    embeddingLength: typeof archMeta?.embedding_length === 'number' ? archMeta.embedding_length : null,
  };
}

async function estimate(info: GgufFileInfo): Promise<ResourceEstimate> {
  const llamaRuntime = await runtime();
  const insights = await (await library()).GgufInsights.from(info, llamaRuntime);
  const resolved = await insights.configurationResolver.resolveModelGpuLayersV2('auto').catch(() => null);
  const cpuOnly = await insights.estimateModelResourceRequirementsV2({ gpuLayers: 0 });
  const full = await insights.estimateModelResourceRequirementsV2({ gpuLayers: insights.totalLayers });
  const vram = await llamaRuntime.getVramState();
  return {
    gpu: llamaRuntime.gpu,
    totalLayers: insights.totalLayers,
    autoGpuLayers: resolved?.gpuLayers ?? null,
    cpuRamBytes: cpuOnly.cpuRam,
    fullOffloadVramBytes: full.gpuVram,
    freeVramBytes: vram.free,
    totalVramBytes: vram.total,
  };
}

async function load(id: number, path: string, settings: LoadSettings): Promise<LoadedModel> {
  const details = await inspect(path);
  // A const enum in the typings, a plain object at run time.
  const known = Object.values(
    ((await library()) as unknown as { GgufArchitectureType: Record<string, string> }).GgufArchitectureType,
  );
  if (!known.includes(details.architecture)) {
    throw new HelperError('unsupported-architecture', `This llama.cpp cannot run "${details.architecture}" models.`);
  }
  await unload();
  const runtimeLlama = await runtime();
  const weights = chooseWeightsLoading({
    fileBytes: details.fileBytes,
    availableBytes: availableMemoryBytes(),
    gpu: runtimeLlama.gpu,
    gpuLayers: settings.gpuLayers,
    hugePages: hugePagesInReach(process.env),
    env: process.env,
  });
  try {
    model = await runtimeLlama.loadModel({
      modelPath: path,
      gpuLayers: settings.gpuLayers,
      ...(weights.useMmap === undefined ? {} : { useMmap: weights.useMmap }),
      onLoadProgress: (fraction) => send({ id, type: 'progress', fraction }),
    });
  } catch (error) {
    const message = (error as Error).message;
    if (/unknown model architecture/i.test(message)) {
      throw new HelperError('unsupported-architecture', `This llama.cpp cannot run "${details.architecture}" models.`);
    }
    if (/vram|memory|too large|fit/i.test(message)) {
      throw new HelperError(
        'too-big',
        `The model does not fit with gpuLayers "${settings.gpuLayers}": ${message}. Try "auto" or fewer layers.`,
      );
    }
    throw new HelperError('load-failed', `Could not load ${path}: ${message}`);
  }
  const wanted = Math.max(1, settings.sequences ?? 1);
  let count = wanted;
  // One context for all sequences: their tokens are decoded together in one batch per step.
  // Where memory cannot hold that many, fewer: the load says how many it got.
  for (;;) {
    const pool = new SequencePool(count);
    try {
      context = await model.createContext({
        contextSize: settings.contextSize,
        sequences: count,
        threads: settings.threads,
        batchSize: settings.batchSize,
        flashAttention: settings.flashAttention,
        batching: pool.batching,
      });
      pool.attach(context);
      sequences = pool;
      break;
    } catch (error) {
      if (count > 1) {
        count = Math.floor(count / 2);
        continue;
      }
      await unload();
      throw new HelperError(
        'context-failed',
        `The model loaded, but a context of ${settings.contextSize} tokens could not be created (${(error as Error).message}). ` +
          'Lower the context size or free some memory.',
      );
    }
  }
  const pinned = pinCores(settings.threads);
  loaded = {
    ...details,
    gpu: runtimeLlama.gpu,
    gpuLayers: model.gpuLayers,
    contextSize: context.contextSize,
    threads: settings.threads,
    sequences: count,
    cores: pinned?.cores ?? null,
    restCores: pinned?.restCores ?? null,
    weights: model.useMmap ? 'mapped' : 'in-memory',
    // Read into memory, the weights are most of the helper's memory: on huge pages if half the file is.
    ...(model.useMmap ? {} : { hugePages: hugePageBytes() >= details.fileBytes / 2 }),
  };
  return loaded;
}

async function unload(): Promise<void> {
  await context?.dispose();
  await model?.dispose();
  context = null;
  model = null;
  loaded = null;
  sequences?.close();
  sequences = null;
}

/** A sequence of the loaded model's context (sequence-pool.ts). */
async function acquireSequence(signal?: AbortSignal) {
  const held = sequences && (await sequences.acquire(signal));
  if (!held) throw new HelperError('no-model', 'No model is loaded. Load a GGUF in the Models workspace first.');
  return held;
}

/** One request's evaluate by the native call (`evaluateFor`: null where the binding has none), counting its calls. */
function requestNativeEvaluate<State>(
  sequence: LlamaLibrary.LlamaContextSequence,
  hooks: RequestHooks<State>,
  wanted: boolean,
) {
  const calls = { count: 0 };
  if (!wanted) return { calls, evaluateFor: undefined };
  const evaluateFor = (stopTokens: Iterable<number>, maxTokens: number) => {
    const onCall = () => void calls.count++;
    const evaluate = nativeEvaluateOf(sequence, { stopTokens, chunked: !hooks.forced, maxTokens, onCall });
    return evaluate ? requestEvaluate(evaluate, hooks) : null;
  };
  return { calls, evaluateFor };
}

/** A request's text into the outbox, timed as it leaves the helper: the in-helper side of bench:model's end-to-end rate. */
function streamedText(id: number) {
  const chunks: { first?: number; last: number; count: number } = { last: 0, count: 0 };
  const onText = (text: string) => {
    const now = performance.now();
    chunks.first ??= now;
    chunks.last = now;
    chunks.count++;
    outbox.add(id, text);
  };
  return { chunks, onText };
}

async function generate(id: number, request: Extract<HelperRequest, { type: 'generate' }>['request']) {
  if (!model || !context)
    throw new HelperError('no-model', 'No model is loaded. Load a GGUF in the Models workspace first.');
  // Registered before the first await: a cancel that follows the request at once finds it.
  const abort = new AbortController();
  running.set(id, abort);
  const queued = performance.now();
  const nodeLlama = await library();
  let held: Awaited<ReturnType<typeof acquireSequence>>;
  try {
    held = await acquireSequence(abort.signal);
  } catch (error) {
    running.delete(id);
    if (!abort.signal.aborted) throw error;
    // Cancelled while waiting for a sequence: nothing was generated.
    const none = { prompt: 0, completion: 0 };
    return { text: '', cancelled: true, ms: performance.now() - queued, chunks: 0, chunkMs: null, tokens: none };
  }
  const { sequence } = held;
  const decodedBefore = sequence.tokenMeter.usedOutputTokens;
  const promptRead = () => promptTokens(sequence.nextTokenIndex, sequence.tokenMeter.usedOutputTokens - decodedBefore);
  let prompt: number | undefined;
  const evaluate = sequence.evaluate;
  const timing: RequestTiming = { ms: 0, tokens: 0 };
  const sampledIds: number[] = [];
  try {
    const grammar = request.jsonSchema ? await jsonSchemaGrammar(request.jsonSchema) : undefined;
    // The generators read the sequence's tokens here: for this request the prompt's length is
    // read at the first token (before anything generated is decoded, or the context shifts), and
    // a JSON answer jumps over the text its grammar forces (jump-forward.ts).
    const hooks = {
      onFirstToken: () => (prompt ??= sequence.nextTokenIndex),
      forced: (grammar && forcedTokensFor(model, grammar)) || undefined,
      isEnd: (token: number) => model!.isEogToken(token as LlamaLibrary.Token),
      timing,
      ...(request.returnTokenIds ? { yielded: sampledIds } : {}),
    };
    sequence.evaluate = hookedEvaluate(sequence, hooks);
    const native = requestNativeEvaluate(sequence, hooks, request.nativeCall !== false);
    const { chunks, onText } = streamedText(id);
    const started = performance.now();
    const generation = {
      model,
      sequence,
      grammar,
      signal: abort.signal,
      onText,
      nativeEvaluateFor: native.evaluateFor,
    };
    const own = request.loop !== 'node-llama-cpp' ? await ownLoopGeneration(nodeLlama, generation, request) : null;
    const done = own ?? (await libraryGeneration(nodeLlama, generation, request));
    const chunkMs = chunks.first === undefined ? null : { first: chunks.first - started, last: chunks.last - started };
    const tokens = { prompt: prompt ?? promptRead(), completion: done.completion };
    const stats: GenerationStats = {
      loop: own ? 'own' : 'node-llama-cpp',
      nativeCall: own?.nativeCall ?? false,
      nativeCalls: native.calls.count,
      sequenceTokens: sequence.nextTokenIndex,
      evaluateMs: timing.ms,
      firstTokenMs: timing.firstAt === undefined ? null : timing.firstAt - started,
      evaluateFirstMs: timing.firstMs ?? null,
      sampledTokens: timing.tokens,
      ...(request.returnTokenIds ? { tokenIds: sampledIds } : {}),
    };
    return {
      text: done.text,
      cancelled: abort.signal.aborted,
      ms: performance.now() - started,
      chunks: chunks.count,
      chunkMs,
      tokens,
      stats,
    };
  } finally {
    sequence.evaluate = evaluate;
    running.delete(id);
    held.release();
  }
}

/**
 * The prompt's length in tokens, whether read now or kept from the sequence's last request: what
 * the sequence holds, less the generated tokens fed back. Every token decoded with logits is the
 * prompt's last one or a generated one fed back to get the next.
 */
function promptTokens(held: number, decodedWithLogits: number): number {
  return held - Math.max(0, decodedWithLogits - 1);
}

/** Grammars by schema: N sequences asked for the same schema share one compiled grammar. */
const grammars = new Map<string, Promise<Awaited<ReturnType<Llama['createGrammar']>>>>();

function jsonSchemaGrammar(schema: Record<string, unknown>) {
  const key = JSON.stringify(schema);
  let grammar = grammars.get(key);
  if (!grammar) {
    grammar = (async () => {
      const llamaRuntime = await runtime();
      const generated = await llamaRuntime.createGrammarForJsonSchema(schema as never);
      // Rebuilt from its text, it keeps the schema grammar's stop trigger (four newlines, then
      // any number more): without it an answer runs on in newlines until maxTokens.
      return llamaRuntime.createGrammar({
        grammar: boundJsonNumbers(generated.grammar),
        stopGenerationTriggers: generated.stopGenerationTriggers,
        trimWhitespaceSuffix: generated.trimWhitespaceSuffix,
      });
    })();
    grammars.set(key, grammar);
    grammar.catch(() => grammars.delete(key));
    // Oldest first out: a long synthesis over many tools asks for many schemas.
    if (grammars.size > 64) grammars.delete(grammars.keys().next().value!);
  }
  return grammar;
}

async function embed(texts: string[]): Promise<number[][]> {
  if (!model) throw new HelperError('no-model', 'No model is loaded. Load a GGUF in the Models workspace first.');
  const embedding = await model.createEmbeddingContext({ threads: loaded?.threads ?? 1 });
  try {
    const vectors = [];
    for (const text of texts) vectors.push([...(await embedding.getEmbeddingFor(text)).vector]);
    return vectors;
  } finally {
    await embedding.dispose();
  }
}

/**
 * A conversation rendered exactly as a training stack would see it: through the chat template
 * stored in the loaded GGUF (`tokenizer.chat_template`, a Jinja template), then tokenized by
 * the model's own tokenizer with special tokens.
 */
async function renderChat(
  messages: Record<string, unknown>[],
  tools: unknown[],
  addGenerationPrompt = false,
): Promise<{ text: string; tokens: number }> {
  if (!model) throw new HelperError('no-model', 'No model is loaded. Load a GGUF in the Models workspace first.');
  const tokenizer = (model.fileInfo.metadata as { tokenizer?: { chat_template?: unknown } }).tokenizer;
  const template = tokenizer?.chat_template;
  if (typeof template !== 'string')
    throw new HelperError('no-template', 'This model has no chat template (tokenizer.chat_template) to render with.');
  const { Template } = await import('@huggingface/jinja');
  const text = new Template(template).render({
    messages,
    ...(tools.length ? { tools } : {}),
    add_generation_prompt: addGenerationPrompt,
    bos_token: model.tokens.bosString ?? '',
    eos_token: model.tokens.eosString ?? '',
  });
  return { text, tokens: model.tokenize(text, true).length };
}

/** What the helper holds now: its RAM, and VRAM in use on the GPU it found. */
async function memoryInUse(): Promise<{ ramBytes: number; vramUsedBytes: number; vramTotalBytes: number }> {
  const vram = llama ? await llama.getVramState() : { used: 0, total: 0 };
  return { ramBytes: process.memoryUsage().rss, vramUsedBytes: vram.used, vramTotalBytes: vram.total };
}

async function handle(message: HelperRequest): Promise<unknown> {
  switch (message.type) {
    case 'ping':
      return { pid: process.pid, loaded, memory: await memoryInUse(), binary };
    case 'binary':
      await runtime();
      return binary;
    case 'inspect':
      return inspect(message.path, message.limits);
    case 'load':
      return load(message.id, message.path, message.settings);
    case 'unload':
      await unload();
      return { ok: true };
    case 'generate':
      return generate(message.id, message.request);
    case 'embed':
      return embed(message.texts);
    case 'renderChat':
      return renderChat(message.messages, message.tools, message.addGenerationPrompt);
    case 'benchmark':
      if (!model) throw new HelperError('no-model', 'No model is loaded. Load a GGUF in the Models workspace first.');
      return measureThroughput(
        {
          model,
          acquire: acquireSequence,
          grammar: jsonSchemaGrammar,
          evaluationState: async (grammar) =>
            new (await library()).LlamaGrammarEvaluationState({ model: model!, grammar }),
          native: (sequence, options) => (message.nativeCall === false ? null : nativeEvaluateOf(sequence, options)),
        },
        message,
      );
    case 'cancel':
      running.get(message.target)?.abort();
      return { ok: true };
  }
}

function onRequest(message: HelperRequest): void {
  handle(message).then(
    (value) => send({ id: message.id, type: 'result', value }),
    (error: unknown) =>
      send({
        id: message.id,
        type: 'error',
        code: error instanceof HelperError ? error.code : 'failed',
        message: error instanceof Error ? error.message : String(error),
      }),
  );
}

if (parentPort) parentPort.on('message', (event) => onRequest(event.data));
else {
  process.on('message', onRequest);
  process.on('disconnect', () => process.exit(0));
}
