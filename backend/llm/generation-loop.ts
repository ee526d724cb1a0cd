/**
 * The helper's own generation loop over `sequence.evaluate`: what LlamaChatSession does for a
 * Trellis request (one user turn, a JSON-Schema grammar or none, no functions), without its
 * per-token machinery. The sampler's options are built once per request; a token's text is read
 * from a table (token-pieces.ts), and stop strings are searched only in pieces that hold one of
 * their characters (stop-text.ts); the grammar's end and the end-of-generation tokens are one
 * set lookup. Generated tokens go into one array sized for the request. Same seed, same options,
 * same prompt tokens: the same tokens as node-llama-cpp's generators (tested). Runs in the helper.
 */
import { StopText } from './stop-text';
import { UNKNOWN_CHAR, type TokenPieces } from './token-pieces';

type Token = number;

/** The parts of a node-llama-cpp context sequence the loop uses. */
export interface LoopSequence {
  readonly nextTokenIndex: number;
  adaptStateToTokens(tokens: Token[], allowShift?: boolean): Promise<void>;
  eraseContextTokenRanges(ranges: { start: number; end: number }[]): Promise<void>;
}

export interface LoopModel {
  detokenize(tokens: readonly Token[], specialTokens?: boolean, lastTokens?: readonly Token[]): string;
  isEogToken(token: Token): boolean;
}

export type LoopEvaluate = (tokens: Token[], options: object) => AsyncGenerator<Token, void, void | Token | Token[]>;

export interface LoopRequest {
  /** Everything the model reads before answering, as tokens (the rendered chat). */
  prompt: Token[];
  maxTokens: number;
  /** `sequence.evaluate`'s options, built once for the request. */
  evaluateOptions: object;
  /** Tokens that end generation unread: the model's end tokens and the chat format's. */
  stopTokens: ReadonlySet<Token>;
  /** Text that ends generation: the grammar's end, the chat format's, the caller's. */
  stopStrings: readonly string[];
  /** The answer's trailing whitespace is dropped (a JSON-Schema grammar asks for it). */
  trimWhitespaceSuffix: boolean;
  /**
   * A token at maxTokens that begins a character spanning tokens gets one more (LlamaCompletion
   * counts it with the next; LlamaChat does not).
   */
  finishCharacterPastMax?: boolean;
  signal: AbortSignal;
  /** Text as it becomes final: none of it is part of a stop string. */
  onText?(text: string): void;
}

export type LoopStop = 'eogToken' | 'stopString' | 'maxTokens' | 'abort';

export interface LoopResult {
  text: string;
  /** The tokens generated and read back, in order (an end token is not read back, so not here). */
  tokens: Uint32Array;
  stopReason: LoopStop;
}

/** How many tokens before a piece give it its context when it completes a character. */
const CONTEXT_TOKENS = 8;

/** Leaves on `sequence` the prompt's tokens it already holds, and returns those still to decode. */
export async function alignSequence(sequence: LoopSequence, prompt: readonly Token[]): Promise<Token[]> {
  const input = prompt.slice();
  if (input.length === 1 && sequence.nextTokenIndex !== 0) {
    await sequence.eraseContextTokenRanges([{ start: 0, end: sequence.nextTokenIndex }]);
    return input;
  }
  // At least one token is decoded, to have logits to sample from (as node-llama-cpp does).
  const last = input.pop()!;
  await sequence.adaptStateToTokens(input, false);
  input.push(last);
  input.splice(0, sequence.nextTokenIndex);
  return input;
}

/** A text's first token alone; null when it is part of a character. */
function firstPiece(model: LoopModel, token: Token): string | null {
  const text = model.detokenize([token], false);
  return text.endsWith(UNKNOWN_CHAR) ? null : text;
}

export async function runGenerationLoop(
  sequence: LoopSequence,
  evaluate: LoopEvaluate,
  model: LoopModel,
  pieces: TokenPieces,
  request: LoopRequest,
): Promise<LoopResult> {
  const { maxTokens, stopTokens, signal, onText } = request;
  const stops = new StopText(request.stopStrings);
  const stopKey = stops.key;
  const canMatch = (piece: string) => stops.canMatch(piece);
  const generated = new Uint32Array(Math.max(1, maxTokens + 1));
  let count = 0;
  /** Where the tokens of a character still incomplete begin (-1: none). */
  let partialFrom = -1;
  let released = 0;
  let stopReason: LoopStop = 'maxTokens';
  const release = (text: string) => {
    if (!text) return;
    released += text.length;
    onText?.(text);
  };

  const input = await alignSequence(sequence, request.prompt);
  const iterator = evaluate(input, request.evaluateOptions);
  try {
    for (;;) {
      if (signal.aborted) {
        stopReason = 'abort';
        break;
      }
      const next = await iterator.next();
      if (next.done) break;
      const token = next.value;
      if (model.isEogToken(token) || stopTokens.has(token)) {
        stopReason = 'eogToken';
        release(stops.flush());
        break;
      }
      generated[count++] = token;
      // The answer's first token is read on its own, as node-llama-cpp reads it: a SentencePiece
      // tokenizer drops its leading space. The others come from the table.
      let piece = partialFrom >= 0 ? null : count === 1 ? firstPiece(model, token) : pieces.of(token);
      let shared = piece !== null && count > 1;
      if (piece === null) {
        // A character over several tokens (byte fallback): read with the tokens before it.
        if (partialFrom < 0) partialFrom = count - 1;
        const text = model.detokenize(
          Array.from(generated.subarray(partialFrom, count)),
          false,
          Array.from(generated.subarray(Math.max(0, partialFrom - CONTEXT_TOKENS), partialFrom)),
        );
        // Cut off inside a character at maxTokens: the bytes are not text (as node-llama-cpp drops them).
        if (text.endsWith(UNKNOWN_CHAR)) {
          const oneMore = request.finishCharacterPastMax && partialFrom === count - 1 && count === maxTokens;
          if (count >= maxTokens && !oneMore) break;
          continue;
        }
        partialFrom = -1;
        piece = text;
        shared = false;
      }
      if (stops.empty) release(piece);
      else if (shared ? pieces.canMatch(token, piece, stopKey, canMatch) : canMatch(piece)) {
        const step = stops.push(piece);
        release(step.release);
        if (step.stopped) {
          stopReason = 'stopString';
          break;
        }
      } else release(stops.passThrough() + piece);
      if (count >= maxTokens) break;
    }
  } finally {
    await iterator.return(undefined);
  }
  // The answer is the text released, read in one call.
  const tokens = generated.subarray(0, count);
  let text = released ? model.detokenize(Array.from(tokens), false).slice(0, released) : '';
  if (request.trimWhitespaceSuffix) text = text.trimEnd();
  return { text, tokens, stopReason };
}
