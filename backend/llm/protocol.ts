/** Messages between the model supervisor (main process) and the llama helper process. */

export interface LoadSettings {
  /** `auto`, `max`, or a number of layers. */
  gpuLayers: 'auto' | 'max' | number;
  contextSize: number;
  threads: number;
  batchSize: number;
  flashAttention: boolean;
  /**
   * Generations that run at once in one context, batched into the same decode (1 when absent).
   * Each sequence has its own `contextSize` of KV cache, so memory grows with it.
   */
  sequences?: number;
}

export interface GenerateRequest {
  prompt: string;
  /** When set, the chat template wraps the prompt as a user turn. */
  chat: boolean;
  maxTokens: number;
  temperature: number;
  seed?: number;
  /** Output constrained to this JSON Schema. */
  jsonSchema?: Record<string, unknown>;
  /** Generation ends at the first of these texts, which is not part of the answer. */
  stop?: string[];
  /**
   * Which generation loop runs it: the helper's own over `sequence.evaluate` (the default), or
   * node-llama-cpp's LlamaChatSession / LlamaCompletion, kept to compare against (tests, bench).
   */
  loop?: GenerationLoop;
  /**
   * false: the own loop takes node-llama-cpp's two native calls a token even where the binding has
   * the native generation call (native-call.ts); tests and benchmarks compare the two.
   */
  nativeCall?: boolean;
  /** The generated tokens come back in the result (`tokenIds`): tests compare loops by them. */
  returnTokenIds?: boolean;
}

export type GenerationLoop = 'own' | 'node-llama-cpp';

/** What one generation took in the helper, beside its text. */
export interface GenerationStats {
  /** The loop that ran: the own loop hands a chat format it cannot run to node-llama-cpp's. */
  loop: GenerationLoop;
  /** Whether the own loop's tokens came from the native generation call, several per call. */
  nativeCall: boolean;
  /** Native generation calls made (0 without the call; a step batched with other sequences is not one). */
  nativeCalls: number;
  /** Tokens the sequence holds after the request (its prompt and what was decoded of the answer). */
  sequenceTokens: number;
  /** Milliseconds spent waiting on `sequence.evaluate` (decoding, sampling); the rest of `ms` is the loop's own. */
  evaluateMs: number;
  /** From the start to the first token: the prompt's rendering and decode, the loop's set-up. */
  firstTokenMs: number | null;
  /** Of `evaluateMs`, what came before the first token (the prompt's decode, the first sampling). */
  evaluateFirstMs: number | null;
  /** Tokens `sequence.evaluate` sampled (text the grammar forces is decoded with them, not sampled). */
  sampledTokens: number;
  tokenIds?: number[];
}

export interface ModelDetails {
  path: string;
  architecture: string;
  parameters: number | null;
  fileType: string | null;
  trainedContextLength: number | null;
  hasChatTemplate: boolean;
  fileBytes: number;
  embeddingLength: number | null;
  /** llama.cpp's own estimate of what loading needs here (node-llama-cpp's resolvers). */
  estimate: ResourceEstimate | null;
}

/** How long, and with how much JavaScript heap, reading a GGUF header may take. */
export interface InspectLimits {
  timeMs: number;
  memoryMb: number;
}

export interface ResourceEstimate {
  gpu: string | false;
  totalLayers: number;
  /** Layers `auto` would offload on this machine's GPU now. */
  autoGpuLayers: number | null;
  /** RAM for the weights with nothing offloaded. */
  cpuRamBytes: number;
  /** VRAM for the weights with every layer offloaded. */
  fullOffloadVramBytes: number;
  freeVramBytes: number;
  totalVramBytes: number;
}

/** As the contract gives it to the renderer. */
export type { LoadedModel } from '../../shared/contract/models';

/** Tokens of one generation: the prompt as the model read it, and what it generated. */
export interface TokenCounts {
  prompt: number;
  completion: number;
}

export type HelperRequest =
  | { id: number; type: 'ping' }
  | { id: number; type: 'binary' }
  | { id: number; type: 'inspect'; path: string; limits?: InspectLimits }
  | { id: number; type: 'load'; path: string; settings: LoadSettings }
  | { id: number; type: 'unload' }
  | { id: number; type: 'generate'; request: GenerateRequest }
  | { id: number; type: 'embed'; texts: string[] }
  | {
      id: number;
      type: 'renderChat';
      messages: Record<string, unknown>[];
      tools: unknown[];
      /** End with the template's opening of the assistant's turn (a prompt to generate from). */
      addGenerationPrompt?: boolean;
    }
  | { id: number; type: 'cancel'; target: number }
  | {
      id: number;
      type: 'benchmark';
      promptTokens: number;
      generateTokens: number;
      jsonSchema?: Record<string, unknown>;
      /** false: two native calls a token even where the binding has the native generation call. */
      nativeCall?: boolean;
    };

/** Throughput measured inside the helper, without IPC: the same quantities as llama-bench's pp and tg. */
export interface BenchmarkResult {
  promptTokensPerSecond: number;
  generateTokensPerSecond: number;
  /** Whether generation ran through the native generation call (native-call.ts). */
  nativeCall: boolean;
  /** Milliseconds per generated token, unconstrained and under the JSON-Schema grammar. */
  msPerToken: number;
  /** A JSON answer as generation makes it: text its grammar forces is decoded, not sampled. */
  msPerTokenConstrained: number | null;
  constrainedTokens: number | null;
  /** How many of its tokens were sampled (the rest were forced). */
  constrainedSampledTokens: number | null;
  constrainedChars: number | null;
  /** The same answer's schema with every token sampled (jump-forward off). */
  msPerTokenConstrainedEverySampled: number | null;
  constrainedEverySampledTokens: number | null;
  constrainedEverySampledChars: number | null;
}

export type HelperMessage =
  | { id: number; type: 'result'; value: unknown }
  | { id: number; type: 'error'; message: string; code: string }
  /** Text chunks in the order generated: one per token mostly, more when they piled up (token-outbox.ts). */
  | { id: number; type: 'tokens'; texts: string[] }
  | { id: number; type: 'progress'; fraction: number };
