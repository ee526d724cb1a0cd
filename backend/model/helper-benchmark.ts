/**
 * Throughput inside the llama helper, without IPC: the same quantities as llama-bench's pp and
 * tg, for bench:model. Runs inside the helper process.
 */
import type * as LlamaLibrary from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import type { BenchmarkResult } from './protocol';
import type { HeldSequence } from './sequence-pool';

type Grammar = LlamaLibrary.LlamaGrammar;

export interface ThroughputDeps {
  model: LlamaLibrary.LlamaModel;
  acquire(): Promise<HeldSequence>;
  grammar(schema: Record<string, unknown>): Promise<Grammar>;
  evaluationState(grammar: Grammar): Promise<LlamaLibrary.LlamaGrammarEvaluationState>;
}

/** Where a schema grammar's answer ends (node-llama-cpp's JSON grammar stops on it). */
const JSON_END = '\n\n\n\n';

/** pp: one batch of `promptTokens` tokens; tg: `generateTokens` tokens one at a time (as llama-bench). */
export async function measureThroughput(
  { model, acquire, grammar, evaluationState }: ThroughputDeps,
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
  const timeGeneration = async (constraint?: Grammar) => {
    const { sequence, release } = await acquire();
    try {
      await sequence.clearHistory();
      let count = 0;
      let started = 0;
      const state = constraint ? await evaluationState(constraint) : undefined;
      // Unconstrained: generateTokens, as llama-bench's tg. Constrained: the whole answer, to the
      // end of its JSON (the four newlines the schema grammar ends with), at most 4 × as long.
      const limit = state ? generateTokens * 4 : generateTokens;
      let text = '';
      // One seed: every run samples the same answer, so runs and bindings compare like for like.
      const options = { temperature: 0.8, seed: 1, grammarEvaluationState: state };
      for await (const token of sequence.evaluate([filler[0]!], options)) {
        if (count === 0) started = performance.now();
        count++;
        if (count > limit || (state && model.isEogToken(token))) break;
        if (state && (text += model.detokenize([token])).endsWith(JSON_END)) break;
      }
      return { ms: performance.now() - started, tokens: count - 1 };
    } finally {
      release();
    }
  };

  await timePrompt(); // warm-up
  const ppMs = await timePrompt();
  await timeGeneration();
  const tg = await timeGeneration();
  const constrained = jsonSchema ? await timeGeneration(await grammar(jsonSchema)) : null;
  return {
    promptTokensPerSecond: (promptTokens / ppMs) * 1000,
    generateTokensPerSecond: (tg.tokens / tg.ms) * 1000,
    msPerToken: tg.ms / tg.tokens,
    msPerTokenConstrained: constrained && constrained.tokens > 0 ? constrained.ms / constrained.tokens : null,
    constrainedTokens: constrained?.tokens ?? null,
  };
}
