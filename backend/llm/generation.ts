/**
 * One generation request in the helper, by either loop: the helper's own (generation-loop.ts),
 * or node-llama-cpp's LlamaChatSession / LlamaCompletion, which the own loop hands a request to
 * when it cannot run it the same way (a chat format only LlamaChat runs, a prompt and answer that
 * may outgrow the context, a model that needs checkpoints) and which stays callable to compare
 * against. Both read the same `sequence.evaluate` (hooked for jump-forward by the helper) with
 * the same options, so the same seed gives the same tokens. Runs in the helper.
 */
import type * as LlamaLibrary from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import { renderChatPrompt, renderPlainPrompt, resolveStopTriggers, wrapperOf } from './chat-prompt';
import { runGenerationLoop, type LoopEvaluate, type LoopModel } from './generation-loop';
import type { GenerateRequest } from './protocol';
import { piecesOf, type PieceModel } from './token-pieces';

type NodeLlamaCpp = typeof LlamaLibrary;

export interface Generation {
  model: LlamaLibrary.LlamaModel;
  sequence: LlamaLibrary.LlamaContextSequence;
  grammar: LlamaLibrary.LlamaGrammar | undefined;
  signal: AbortSignal;
  onText(text: string): void;
  /** The own loop's evaluate by the native call (native-call.ts), given the tokens that end a call; absent: `sequence.evaluate`. */
  nativeEvaluateFor?: ((stopTokens: Iterable<number>, maxTokens: number) => LoopEvaluate | null) | undefined;
}

export interface Generated {
  text: string;
  /** The own loop's tokens came from the native generation call. */
  nativeCall?: boolean;
  /** Tokens generated (the answer's, without the stop text after it where node-llama-cpp's loop ran). */
  completion: number;
}

/** node-llama-cpp's priority for a generation's decodes when none is given (its default). */
const EVALUATION_PRIORITY = 5;

/** The own loop; null where the request must go to node-llama-cpp's generator instead. */
export async function ownLoopGeneration(
  lib: NodeLlamaCpp,
  { model, sequence, grammar, signal, onText, nativeEvaluateFor }: Generation,
  request: GenerateRequest,
): Promise<Generated | null> {
  if (sequence.needsCheckpoints) return null;
  const chat = (request.chat ? renderChatPrompt : renderPlainPrompt)(lib, model, request.prompt);
  if (!chat) return null;
  // What would need a context shift mid-answer goes where the shift is implemented.
  if (chat.tokens.length + request.maxTokens + 1 >= sequence.context.contextSize) return null;
  const grammarStops = grammar ? resolveStopTriggers(lib, grammar.stopGenerationTriggers, model.tokenizer) : null;
  if (grammar && !grammarStops) return null;
  const grammarEvaluationState = grammar ? new lib.LlamaGrammarEvaluationState({ model, grammar }) : undefined;
  // As LlamaChat passes them, unset fields left out: the sampler gets the same configuration.
  const evaluateOptions = {
    temperature: request.temperature,
    ...(request.seed !== undefined ? { seed: request.seed } : {}),
    ...(grammarEvaluationState ? { grammarEvaluationState } : {}),
    evaluationPriority: EVALUATION_PRIORITY,
    yieldEogToken: true,
  };
  const stopTokens = new Set([...chat.stopTokens, ...(grammarStops?.tokens ?? [])]);
  const byCall = nativeEvaluateFor?.(stopTokens, request.maxTokens) ?? null;
  const evaluate = byCall ?? (sequence.evaluate.bind(sequence) as unknown as LoopEvaluate);
  const result = await runGenerationLoop(
    sequence,
    evaluate,
    model as unknown as LoopModel,
    piecesOf(model as unknown as PieceModel),
    {
      prompt: chat.tokens,
      maxTokens: request.maxTokens,
      evaluateOptions,
      stopTokens,
      stopStrings: [...chat.stopStrings, ...(grammarStops?.strings ?? []), ...(request.stop ?? [])],
      trimWhitespaceSuffix: grammar?.trimWhitespaceSuffix ?? false,
      finishCharacterPastMax: !request.chat,
      signal,
      onText,
    },
  );
  return { text: result.text, completion: result.tokens.length, nativeCall: byCall !== null };
}

/** node-llama-cpp's generator: LlamaChatSession for a chat turn, LlamaCompletion for plain text. */
export async function libraryGeneration(
  lib: NodeLlamaCpp,
  { model, sequence, grammar, signal, onText }: Generation,
  request: GenerateRequest,
): Promise<Generated> {
  let completion = 0;
  const options = {
    maxTokens: request.maxTokens,
    temperature: request.temperature,
    seed: request.seed,
    grammar,
    ...(request.stop?.length ? { customStopTriggers: request.stop } : {}),
    // node-llama-cpp's default is a penalty of 1 over the last 64 tokens, which changes no
    // logit, yet gathers and sends those tokens to the sampler before every token.
    repeatPenalty: false as const,
    signal,
    stopOnAbortSignal: true,
    onToken: (tokens: readonly unknown[]) => {
      completion += tokens.length;
    },
    onTextChunk: onText,
  };
  if (request.chat) {
    // The wrapper "auto" would pick, resolved once per model rather than per session.
    const session = new lib.LlamaChatSession({ contextSequence: sequence, chatWrapper: wrapperOf(lib, model) });
    try {
      return { text: await session.prompt(request.prompt, options), completion };
    } finally {
      session.dispose();
    }
  }
  const plain = new lib.LlamaCompletion({ contextSequence: sequence });
  try {
    return { text: await plain.generateCompletion(request.prompt, options), completion };
  } finally {
    plain.dispose();
  }
}
