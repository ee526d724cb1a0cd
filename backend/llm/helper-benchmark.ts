/**
 * Throughput inside the llama helper, without IPC: the same quantities as llama-bench's pp and
 * tg, for bench:model. Runs inside the helper process.
 */
import type * as LlamaLibrary from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import { forcedTokensFor, requestEvaluate, type Evaluate } from './jump-forward';
import type { BenchmarkResult } from './protocol';
import type { HeldSequence } from './sequence-pool';

type Grammar = LlamaLibrary.LlamaGrammar;
type Sequence = HeldSequence['sequence'];

export interface ThroughputDeps {
  model: LlamaLibrary.LlamaModel;
  acquire(): Promise<HeldSequence>;
  grammar(schema: Record<string, unknown>): Promise<Grammar>;
  evaluationState(grammar: Grammar): Promise<LlamaLibrary.LlamaGrammarEvaluationState>;
  /** The sequence's evaluate by the native generation call, as generation reads it; null without one. */
  native(sequence: Sequence, options: { chunked: boolean; maxTokens: number }): Evaluate<object> | null;
}

/** pp: one batch of `promptTokens` tokens; tg: `generateTokens` tokens one at a time (as llama-bench). */
export async function measureThroughput(
  { model, acquire, grammar, evaluationState, native }: ThroughputDeps,
  {
    promptTokens,
    generateTokens,
    jsonSchema,
  }: { promptTokens: number; generateTokens: number; jsonSchema?: Record<string, unknown> },
): Promise<BenchmarkResult> {
  // Plain word tokens, cycled: the content does not matter for throughput.
  const filler = model.tokenize(' the flight search hotel book city date plan step tool result');
  const prompt = Array.from({ length: promptTokens }, (_, i) => filler[i % filler.length]!);

  // Each from an empty sequence: what a sequence keeps from its last request would be re-used.
  const timePrompt = async () => {
    const { sequence, release } = await acquire();
    try {
      await sequence.clearHistory();
      const started = performance.now();
      await sequence.evaluateWithoutGeneratingNewTokens(prompt);
      return performance.now() - started;
    } finally {
      release();
    }
  };
  /** The sequence's evaluate as a request's generation reads it: jump-forward under `constraint`. */
  let nativeCall = false;
  const evaluateOf = (
    sequence: Sequence,
    constraint: Grammar | undefined,
    jump: boolean,
    limit: number,
  ): Evaluate<object> => {
    const forced = constraint && jump ? forcedTokensFor(model, constraint) : null;
    // The native call generates one token more than counted: the loop below breaks after it.
    const byCall = native(sequence, { chunked: !forced, maxTokens: limit + 1 });
    nativeCall = byCall !== null;
    const evaluate = byCall ?? (sequence.evaluate.bind(sequence) as unknown as Evaluate<object>);
    if (!forced) return evaluate;
    return requestEvaluate(evaluate, { forced, isEnd: (token) => model.isEogToken(token as LlamaLibrary.Token) });
  };
  const timeGeneration = async (constraint?: Grammar, jump = true) => {
    const { sequence, release } = await acquire();
    try {
      await sequence.clearHistory();
      let count = 0;
      let started = 0;
      const state = constraint ? await evaluationState(constraint) : undefined;
      // Unconstrained: generateTokens, as llama-bench's tg. Constrained: the whole answer, to the
      // end of its JSON (the grammar's stop text), at most 4 × as long.
      const limit = state ? generateTokens * 4 : generateTokens;
      const end = constraint?.stopGenerationTriggers.filter((trigger) => typeof trigger === 'string') ?? [];
      let text = '';
      // One seed: every run samples the same answer, so runs and bindings compare like for like.
      const options = { temperature: 0.8, seed: 1, grammarEvaluationState: state };
      const decodedBefore = sequence.tokenMeter.usedOutputTokens;
      for await (const token of evaluateOf(sequence, constraint, jump, limit)([filler[0]!], options)) {
        if (count === 0) started = performance.now();
        count++;
        if (count > limit || (state && model.isEogToken(token as LlamaLibrary.Token))) break;
        text += model.detokenize([token as LlamaLibrary.Token]);
        if (end.some((trigger) => text.endsWith(trigger))) break;
      }
      const ms = performance.now() - started;
      // Decodes that sampled: the prompt's, then one for each token sampled but the last.
      const sampled = sequence.tokenMeter.usedOutputTokens - decodedBefore;
      return { ms, tokens: count - 1, sampled, chars: text.length };
    } finally {
      release();
    }
  };

  await timePrompt(); // warm-up
  const ppMs = await timePrompt();
  await timeGeneration();
  const tg = await timeGeneration();
  const schemaGrammar = jsonSchema ? await grammar(jsonSchema) : undefined;
  const constrained = schemaGrammar ? await timeGeneration(schemaGrammar) : null;
  const sampled = schemaGrammar ? await timeGeneration(schemaGrammar, false) : null;
  const perToken = (run: { ms: number; tokens: number } | null) => (run && run.tokens > 0 ? run.ms / run.tokens : null);
  return {
    promptTokensPerSecond: (promptTokens / ppMs) * 1000,
    generateTokensPerSecond: (tg.tokens / tg.ms) * 1000,
    nativeCall,
    msPerToken: tg.ms / tg.tokens,
    msPerTokenConstrained: perToken(constrained),
    constrainedTokens: constrained?.tokens ?? null,
    constrainedSampledTokens: constrained?.sampled ?? null,
    constrainedChars: constrained?.chars ?? null,
    msPerTokenConstrainedEverySampled: perToken(sampled),
    constrainedEverySampledTokens: sampled?.tokens ?? null,
    constrainedEverySampledChars: sampled?.chars ?? null,
  };
}
