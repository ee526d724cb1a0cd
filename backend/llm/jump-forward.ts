/**
 * Jump-forward decoding for JSON-Schema answers. Where the grammar leaves one character possible
 * (a key's name after its opening quote, `":`, the rest of an enum value once it is told apart, a
 * string's closing quote at its maxLength, the four newlines that end the answer), that text is
 * not sampled token by token: it is tokenized and decoded in one batch together with the sampled
 * token before it. The answer's text is the text sampling would have produced (the grammar allowed
 * nothing else); the model reads that text in its tokenizer's own tokens, and one decode replaces
 * one per token, each of which (the model's first pick being refused) would also have run the
 * grammar over the whole vocabulary.
 *
 * node-llama-cpp's generators (LlamaCompletion, LlamaChat) read tokens from
 * `sequence.evaluate(tokens, options)` and feed each one back; `hookedEvaluate` wraps that method
 * for one request so the forced tokens are handed to them as if sampled, and decoded after the
 * sampled one.
 */

/** How the grammar state is read and moved (node-llama-cpp's, in `nodeLlamaGrammar`). */
export interface GrammarAccess<State> {
  canBeNext(state: State, token: number): boolean;
  accept(state: State, token: number): void;
  clone(state: State): State;
}

/** One token for each character the grammar can require, and the tokens that end generation. */
export interface ProbeVocabulary {
  /** In the order they are tried: the likeliest to be one of several first. */
  probes: readonly { char: string; token: number }[];
  endTokens: readonly number[];
  tokenize(text: string): number[];
}

/** The longest text taken in one jump (a key with its quotes and colon fits many times over). */
const MAX_JUMP = 64;

/**
 * The text the grammar allows alone after what `state` has accepted, as tokens, accepted on
 * `state`; none when the next character is a choice (or generation may end there).
 */
export function takeForced<State>(state: State, grammar: GrammarAccess<State>, vocabulary: ProbeVocabulary): number[] {
  let probing = state;
  let text = '';
  while (text.length < MAX_JUMP) {
    const only = onlyAllowed(probing, grammar, vocabulary);
    if (!only) break;
    // Probing goes on a copy: the state itself takes the tokens the model will read.
    if (probing === state) probing = grammar.clone(state);
    grammar.accept(probing, only.token);
    text += only.char;
  }
  if (!text) return [];
  let tokens = vocabulary.tokenize(text);
  const check = grammar.clone(state);
  const valid = tokens.every((token) => {
    if (!grammar.canBeNext(check, token)) return false;
    grammar.accept(check, token);
    return true;
  });
  // A tokenization the grammar would not take (a normalizing tokenizer): one token a character.
  if (!valid) tokens = [...text].map((char) => vocabulary.probes.find((probe) => probe.char === char)!.token);
  for (const token of tokens) grammar.accept(state, token);
  return tokens;
}

function onlyAllowed<State>(state: State, grammar: GrammarAccess<State>, vocabulary: ProbeVocabulary) {
  let found: ProbeVocabulary['probes'][number] | undefined;
  for (const probe of vocabulary.probes) {
    if (!grammar.canBeNext(state, probe.token)) continue;
    if (found) return undefined;
    found = probe;
  }
  if (!found || vocabulary.endTokens.some((token) => grammar.canBeNext(state, token))) return undefined;
  return found;
}

type Token = number;

/** Time waited on the sequence's evaluate, and what the wait before the first token included. */
export interface RequestTiming {
  ms: number;
  /** Tokens it sampled. */
  tokens: number;
  /** `performance.now()` when the first token came, and `ms` then (the prompt's decode). */
  firstAt?: number;
  firstMs?: number;
}
type Reply = void | Token | Token[];
export type Evaluate<Options> = (tokens: Token[], options?: Options) => AsyncGenerator<Token, void, Reply>;
type StateOption<State> = State | (() => State | undefined) | undefined;

export interface RequestHooks<State> {
  /** At the first generated token, before anything generated is decoded. */
  onFirstToken?: () => void;
  /** The tokens the grammar forces after what `state` accepted, accepted on it (takeForced). */
  forced?: (state: State) => Token[];
  isEnd: (token: Token) => boolean;
  /** Added to while waiting on the sequence's evaluate: its milliseconds, and the tokens it sampled. */
  timing?: RequestTiming;
  /** Every token handed to the generator, sampled or forced, is added here (tests compare loops by them). */
  yielded?: Token[];
}

/**
 * `evaluate` for one request: jump-forward for the grammar state its options name, when `forced`
 * is given. A consumer that replies with tokens of its own (node-llama-cpp's generators never do
 * with a JSON-Schema grammar) ends the jump: its tokens are decoded in place of the rest, and the
 * grammar state is its to keep.
 */
export function requestEvaluate<Options extends { grammarEvaluationState?: StateOption<State> }, State>(
  evaluate: Evaluate<Options>,
  { onFirstToken, forced, isEnd, timing, yielded }: RequestHooks<State>,
): Evaluate<Options> {
  return async function* (tokens, options) {
    const stateOf = () => {
      const option = options?.grammarEvaluationState;
      return typeof option === 'function' ? (option as () => State | undefined)() : option;
    };
    const inner = evaluate(tokens, options);
    let input: Token[] | undefined;
    try {
      while (true) {
        const waited = timing ? performance.now() : 0;
        const next = await inner.next(input);
        if (timing) timing.ms += performance.now() - waited;
        if (next.done) return;
        if (timing && timing.tokens++ === 0) {
          timing.firstAt = performance.now();
          timing.firstMs = timing.ms;
        }
        const token = next.value;
        yielded?.push(token);
        onFirstToken?.();
        onFirstToken = undefined;
        const reply = yield token;
        input = reply === undefined ? undefined : [reply].flat();
        const state = input || !forced || isEnd(token) ? undefined : stateOf();
        const jump = state ? forced!(state) : [];
        if (!jump.length) continue;
        input = [token];
        for (const forcedToken of jump) {
          yielded?.push(forcedToken);
          const replied = yield forcedToken;
          if (replied !== undefined) {
            input.push(...[replied].flat());
            break;
          }
          input.push(forcedToken);
        }
      }
    } finally {
      await inner.return(undefined);
    }
  };
}

/** `sequence.evaluate` (node-llama-cpp's) as it is now, with `hooks`: typed as the sequence's own. */
export function hookedEvaluate<Sequence extends { evaluate: (...args: never[]) => unknown }, State>(
  sequence: Sequence,
  hooks: RequestHooks<State>,
): Sequence['evaluate'] {
  const evaluate = sequence.evaluate.bind(sequence) as unknown as Evaluate<{
    grammarEvaluationState?: StateOption<State>;
  }>;
  return requestEvaluate(evaluate, hooks) as unknown as Sequence['evaluate'];
}

/** The printable ASCII characters and JSON's whitespace, the ones that tell values apart first. */
const ASCII_PROBES = (() => {
  const first = '",:}] \n{[';
  const rest = Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)).filter(
    (char) => !first.includes(char),
  );
  return [...first, '\t', '\r', ...rest];
})();

interface NodeLlamaModel {
  tokenize(text: string, specialTokens?: boolean, options?: 'trimLeadingSpace'): Token[];
  detokenize(tokens: readonly Token[], specialTokens?: boolean, lastTokens?: readonly Token[]): string;
  tokens: { eos: Token | null; eot: Token | null };
}

/**
 * The probes for `grammarText` with this model: printable ASCII, whitespace and every other
 * character the grammar's literals name (an enum value's `ü`). Null when one of them has no token
 * of its own: that character could then be possible without a probe saying so.
 */
export function probeVocabulary(model: NodeLlamaModel, grammarText: string): ProbeVocabulary | null {
  const literal = [...new Set([...grammarText].filter((char) => char.codePointAt(0)! > 0x7f))];
  // Read after a letter: a SentencePiece tokenizer drops the leading space of a text's first token.
  const before = model.tokenize('a', false, 'trimLeadingSpace');
  const tokenOf = (char: string) =>
    [model.tokenize(char, false, 'trimLeadingSpace'), model.tokenize(char, false)]
      .flat()
      .find((token) => model.detokenize([token], true, before) === char);
  const probes: { char: string; token: number }[] = [];
  for (const char of [...ASCII_PROBES, ...literal]) {
    const token = tokenOf(char);
    if (token === undefined) return null;
    probes.push({ char, token });
  }
  return {
    probes,
    endTokens: [model.tokens.eos, model.tokens.eot].filter((token): token is Token => token != null),
    tokenize: (text) => model.tokenize(text, false, 'trimLeadingSpace'),
  };
}

interface NodeLlamaState {
  _state?: unknown;
  clone(): NodeLlamaState;
}

interface AddonSamplerStatics {
  canBeNextTokenForGrammarEvaluationState(state: unknown, token: Token): boolean;
  acceptGrammarEvaluationStateToken(state: unknown, token: Token): void;
}

/**
 * node-llama-cpp's grammar state, read through its addon (the calls its own token prediction
 * makes; the version is pinned). Null where they are missing: generation then samples every token.
 */
export function nodeLlamaGrammar(model: object): GrammarAccess<NodeLlamaState> | null {
  const sampler = (model as { _llama?: { _bindings?: { AddonSampler?: Partial<AddonSamplerStatics> } } })._llama
    ?._bindings?.AddonSampler;
  const canBeNext = sampler?.canBeNextTokenForGrammarEvaluationState;
  const accept = sampler?.acceptGrammarEvaluationStateToken;
  if (typeof canBeNext !== 'function' || typeof accept !== 'function') return null;
  return {
    canBeNext: (state, token) => canBeNext.call(sampler, state._state, token),
    accept: (state, token) => accept.call(sampler, state._state, token),
    clone: (state) => state.clone(),
  };
}

/** Each model's probes, by grammar text (a helper holds one model at a time; a few schemas). */
const vocabularies = new WeakMap<object, Map<string, ProbeVocabulary | null>>();

/** The `forced` hook for `grammar` with `model`; null where jump-forward cannot be told right. */
export function forcedTokensFor(
  model: NodeLlamaModel,
  grammar: { grammar: string },
): ((state: NodeLlamaState) => Token[]) | null {
  const access = nodeLlamaGrammar(model);
  if (!access) return null;
  let byGrammar = vocabularies.get(model);
  if (!byGrammar) vocabularies.set(model, (byGrammar = new Map()));
  let vocabulary = byGrammar.get(grammar.grammar);
  if (vocabulary === undefined) {
    byGrammar.set(grammar.grammar, (vocabulary = probeVocabulary(model, grammar.grammar)));
    if (byGrammar.size > 64) byGrammar.delete(byGrammar.keys().next().value!);
  }
  const probes = vocabulary;
  return probes ? (state) => takeForced(state, access, probes) : null;
}
