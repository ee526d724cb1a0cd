/**
 * The generation loop's tokens from one native call for several, where the binding has it: the
 * addon built here carries `context.generateTokens` (native-call/AddonContextGenerateTokens.cpp,
 * compiled in by native-call-builder.ts), which decodes and samples token after token on one
 * worker thread. node-llama-cpp's `sequence.evaluate` takes two asynchronous calls a token
 * (decodeBatch, then sampleToken), each a trip through libuv's thread pool and back.
 *
 * `nativeEvaluate` is a drop-in for `sequence.evaluate` in the helper's own loop (LoopEvaluate):
 * - One sampler for the whole request, configured as node-llama-cpp's evaluate configures its own
 *   (`_resolveSamplerConfig`), so the same seed gives the same tokens (tested).
 * - Calls ask for 1, 2, 4, … up to MAX_CHUNK tokens: the first text comes after one token, then a
 *   call carries many; but no more than fit in CALL_MS at the pace of the last call, so a slow
 *   model's text still streams and a cancel is still heard within a fraction of a second. A call
 *   ends early at an end-of-generation token or a stop token.
 * - For jump-forward (`chunked: false`), each call decodes what it is given and samples one token:
 *   one native call a token. A reply with tokens of its own (the sampled token and the text the
 *   grammar forces) is the next call's input, as node-llama-cpp's evaluate takes it.
 * - The sequence's own record of its tokens (`_nextTokenIndex`, `_contextTokens`) and its token
 *   meter are kept as node-llama-cpp keeps them. Where the consumer stops before the end of a
 *   call (a stop string, the abort signal), the tokens decoded past that point are erased from
 *   the sequence: it holds what the per-token path would have left.
 * - A call runs under node-llama-cpp's own context lock, the one its batch dispatch takes: no
 *   decode of another sequence runs during it. While other sequences generate, a step goes
 *   through node-llama-cpp's batch instead (one token, decoded with theirs, sampled with this
 *   request's sampler), so parallel requests keep sharing decodes.
 *
 * This reaches into node-llama-cpp's internals (`_ctx`, `_sequenceId`, `_nextTokenIndex`,
 * `_contextTokens`, `_decodeTokens`, `_resolveSamplerConfig`); the version is pinned, and
 * `nativeCallOf` says no where they are missing.
 */

import type { Evaluate } from './jump-forward';

type Token = number;

/** How many tokens one call may generate: a stop string found early wastes at most this many decodes. */
export const MAX_CHUNK = 16;
/** How long one call may take, at the pace of the one before: between two calls text streams out and a cancel is read. */
export const CALL_MS = 100;

interface NativeSampler {
  applyConfig(config: object): unknown;
  dispose(): void;
}

interface NativeContext {
  generateTokens(
    sequenceId: number,
    firstTokenIndex: number,
    input: Uint32Array,
    sampler: NativeSampler,
    maxTokens: number,
    stopTokens: Uint32Array,
  ): Promise<Uint32Array>;
  sampleToken(batchLogitIndex: number, sampler: NativeSampler): Promise<number>;
  removeTokenCellsFromSequence(sequenceId: number, start: number, end: number): boolean;
}

interface SequenceInternals {
  _sequenceId: number;
  _nextTokenIndex: number;
  _contextTokens: Token[];
  _tokenMeter: { useTokens(tokens: number, type: 'input' | 'output'): void };
  _contextShift: { size: unknown; strategy: unknown };
  _resolveSamplerConfig(options: object): object;
  _decodeTokens(
    tokens: Token[],
    logits: boolean[],
    evaluationPriority: number,
    tokenMeter: unknown,
    contextShiftOptions: unknown,
    logitDataMapper: (batchLogitIndex: number) => Promise<number>,
  ): Promise<unknown[]>;
  eraseContextTokenRanges(ranges: { start: number; end: number }[]): Promise<void>;
  context: { _ctx: NativeContext };
  model: {
    _model: unknown;
    _llama: { _bindings: { AddonSampler: new (model: unknown) => NativeSampler } };
    isEogToken(token: Token): boolean;
  };
}

/** The context's `generateTokens`, or null where the binding has none (the prebuilt addon). */
export function nativeCallOf(sequence: object): NativeContext['generateTokens'] | null {
  const s = sequence as Partial<SequenceInternals>;
  const call = s.context?._ctx?.generateTokens;
  const internals =
    typeof s._decodeTokens === 'function' &&
    typeof s._resolveSamplerConfig === 'function' &&
    Array.isArray(s._contextTokens) &&
    typeof s._nextTokenIndex === 'number' &&
    typeof s.model?._llama?._bindings?.AddonSampler === 'function';
  return typeof call === 'function' && internals ? call : null;
}

export type WithLock = <T>(scope: readonly [object, string], run: () => Promise<T>) => Promise<T>;

export interface NativeEvaluateOptions {
  /** Tokens that end a call, besides the model's end-of-generation tokens (the chat format's, the grammar's). */
  stopTokens: Iterable<Token>;
  /** Whether another sequence of the context is generating now. */
  othersBusy(): boolean;
  /** lifecycle-utils' withLock, the module instance node-llama-cpp locks its context with. */
  withLock: WithLock;
  /**
   * Several tokens a call (true), or one, for a consumer that replies with tokens of its own after
   * a sampled one (jump-forward): the grammar state must not run ahead of what it is given.
   */
  chunked: boolean;
  /** The answer's most tokens (the loop's maxTokens): no call generates past it, save one at a time beyond. */
  maxTokens: number;
  /** After each native call, with the tokens it generated (the helper's stats count calls). */
  onCall?: (tokens: number) => void;
  /** How long a call may take (default CALL_MS). */
  callMs?: number;
}

/** One native call: `input` decoded, then up to `size` tokens generated; the sequence's record kept. */
async function generateByCall(
  s: SequenceInternals,
  input: Token[],
  sampler: NativeSampler,
  size: number,
  { stops, withLock }: { stops: Uint32Array; withLock: WithLock },
): Promise<Uint32Array> {
  const start = s._nextTokenIndex;
  const context = s.context as unknown as object;
  let out: Uint32Array;
  try {
    out = await withLock([context, 'context'], () =>
      s.context._ctx.generateTokens(s._sequenceId, start, Uint32Array.from(input), sampler, size, stops),
    );
  } catch (error) {
    // What it decoded before failing is not in the sequence's record: gone from the cache too.
    s.context._ctx.removeTokenCellsFromSequence(s._sequenceId, start, -1);
    throw error;
  }
  // Everything but the last token generated was decoded (the next call starts with it).
  const decoded = input.concat(Array.from(out.subarray(0, Math.max(0, out.length - 1))));
  s._nextTokenIndex += decoded.length;
  s._contextTokens = s._contextTokens.concat(decoded);
  // As node-llama-cpp counts: a decoded token that gave logits is output (the input's last,
  // each generated one decoded), the others input.
  s._tokenMeter.useTokens(input.length - 1, 'input');
  s._tokenMeter.useTokens(out.length, 'output');
  return out;
}

/** One token through node-llama-cpp's batch, decoded with the other sequences' tokens. */
async function batchedStep(
  s: SequenceInternals,
  input: Token[],
  sampler: NativeSampler,
  options: object,
): Promise<Uint32Array> {
  const logits: boolean[] = [];
  logits[input.length - 1] = true;
  const priority = (options as { evaluationPriority?: number }).evaluationPriority ?? 5;
  const results = await s._decodeTokens(input, logits, priority, s._tokenMeter, { ...s._contextShift }, (index) =>
    s.context._ctx.sampleToken(index, sampler),
  );
  const token = results[input.length - 1];
  if (typeof token !== 'number' || token === -1) throw new Error('Failed to sample next token');
  return Uint32Array.of(token);
}

/** `sequence.evaluate` for the own loop, by the native call (see the file's comment). */
export function nativeEvaluate(
  sequence: object,
  { stopTokens, othersBusy, withLock, chunked, maxTokens, onCall, callMs = CALL_MS }: NativeEvaluateOptions,
): Evaluate<object> {
  const s = sequence as SequenceInternals;
  const stops = Uint32Array.from(stopTokens);
  const call = async (input: Token[], sampler: NativeSampler, size: number) => {
    const out = await generateByCall(s, input, sampler, size, { stops, withLock });
    onCall?.(out.length);
    return out;
  };

  return async function* (tokens, options = {}) {
    if (tokens.length === 0) return;
    const yieldEog = (options as { yieldEogToken?: boolean }).yieldEogToken === true;
    const sampler = new s.model._llama._bindings.AddonSampler(s.model._model);
    try {
      sampler.applyConfig(s._resolveSamplerConfig(options));
      let input = tokens.slice();
      let size = 1;
      let generated = 0;
      for (;;) {
        let out: Uint32Array;
        if (othersBusy()) out = await batchedStep(s, input, sampler, options);
        else {
          const started = performance.now();
          out = await call(input, sampler, Math.max(1, Math.min(size, maxTokens - generated)));
          const perToken = (performance.now() - started) / Math.max(1, out.length);
          if (chunked) size = Math.max(1, Math.min(MAX_CHUNK, size * 2, Math.floor(callMs / perToken)));
        }
        generated += out.length;
        if (out.length === 0) throw new Error('Failed to sample next token');
        // The next call starts with the last token generated, or with what the consumer gave in its place.
        let next = [out[out.length - 1]!];
        for (let i = 0; i < out.length; i++) {
          const token = out[i]!;
          if (!yieldEog && s.model.isEogToken(token)) return;
          let stopped = true;
          try {
            const reply = yield token;
            if (reply !== undefined) {
              if (i !== out.length - 1)
                throw new Error(
                  'the native generation call takes tokens in place of a sampled one only after its last',
                );
              next = [reply].flat();
            }
            stopped = false;
          } finally {
            // Stopped at token i: the sequence keeps the tokens before it, as one call a token would.
            const past = out.length - 1 - i;
            if (stopped && past > 0)
              await s.eraseContextTokenRanges([{ start: s._nextTokenIndex - past, end: s._nextTokenIndex }]);
          }
        }
        input = next;
      }
    } finally {
      sampler.dispose();
    }
  };
}
