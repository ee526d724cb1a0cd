import { describe, expect, it } from 'vitest';
import {
  requestEvaluate,
  takeForced,
  type GrammarAccess,
  type ProbeVocabulary,
} from '../../../backend/llm/jump-forward';

// A grammar that allows the prefixes of a few answers, over a vocabulary of single characters and
// a few longer pieces; the real grammar and tokenizer are tested in supervisor.test.ts.
const END = 0;
const CHARS = '{}[]":,_ \nabcdefghijklmnopqrstuvwxyz0123456789';
const WORDS = ['tool', 'search', '":"', 'flights'];
const pieces = new Map<number, string>([...CHARS].map((char, i) => [i + 1, char]));
WORDS.forEach((word, i) => pieces.set(100 + i, word));
const tokenOf = new Map([...pieces].map(([token, piece]) => [piece, token]));

function greedyTokens(text: string): number[] {
  const tokens: number[] = [];
  for (let at = 0; at < text.length;) {
    const word = WORDS.find((w) => text.startsWith(w, at));
    const piece = word ?? text[at]!;
    tokens.push(tokenOf.get(piece)!);
    at += piece.length;
  }
  return tokens;
}

interface State {
  text: string;
}

function grammarOf(answers: string[]): GrammarAccess<State> {
  return {
    canBeNext: (state, token) =>
      token === END ? answers.includes(state.text) : answers.some((a) => a.startsWith(state.text + pieces.get(token)!)),
    accept: (state, token) => void (state.text += pieces.get(token)!),
    clone: (state) => ({ ...state }),
  };
}

const vocabulary: ProbeVocabulary = {
  probes: [...CHARS].map((char) => ({ char, token: tokenOf.get(char)! })),
  endTokens: [END],
  tokenize: greedyTokens,
};
const text = (tokens: number[]) => tokens.map((token) => pieces.get(token)).join('');

const TOOLS = ['{"tool":"search_flights"}', '{"tool":"search_hotels"}'];

describe('takeForced', () => {
  it('takes the text the grammar allows alone, in the tokenizer’s tokens, and accepts it', () => {
    const state = { text: '{' };
    const tokens = takeForced(state, grammarOf(TOOLS), vocabulary);
    expect(text(tokens)).toBe('"tool":"search_');
    expect(tokens).toEqual(greedyTokens('"tool":"search_'));
    expect(state.text).toBe('{"tool":"search_');
  });

  it('takes nothing where the next character is a choice, and leaves the state as it was', () => {
    const state = { text: '{"tool":"search_' };
    expect(takeForced(state, grammarOf(TOOLS), vocabulary)).toEqual([]);
    expect(state.text).toBe('{"tool":"search_');
    // Once told apart, the rest of the value is forced.
    state.text += 'h';
    expect(text(takeForced(state, grammarOf(TOOLS), vocabulary))).toBe('otels"}');
  });

  it('takes nothing where generation may end, even with one character possible after', () => {
    const state = { text: '{}' };
    expect(takeForced(state, grammarOf(['{}', '{}\n\n']), vocabulary)).toEqual([]);
    expect(state.text).toBe('{}');
  });

  it('falls back to a token a character when the grammar refuses the tokenizer’s tokens', () => {
    // A tokenizer that normalizes (here: upper case the grammar does not allow).
    const shouting: ProbeVocabulary = { ...vocabulary, tokenize: () => [tokenOf.get('"')!, 999] };
    const state = { text: '{' };
    const tokens = takeForced(state, grammarOf(TOOLS), shouting);
    expect(tokens).toEqual([...'"tool":"search_'].map((char) => tokenOf.get(char)));
    expect(state.text).toBe('{"tool":"search_');
  });

  it('takes at most 64 characters at a time', () => {
    const long = `"${'a'.repeat(200)}"`;
    const state = { text: '' };
    expect(text(takeForced(state, grammarOf([long]), vocabulary))).toBe(long.slice(0, 64));
  });
});

describe('requestEvaluate', () => {
  /** node-llama-cpp's evaluate, scripted: yields `sampled` in turn and records what it is fed. */
  function scripted(sampled: number[]) {
    const fed: (number[] | undefined)[] = [];
    let closed = false;
    async function* evaluate(tokens: number[]): AsyncGenerator<number, void, void | number | number[]> {
      fed.push(tokens);
      try {
        for (const token of sampled) {
          const reply = yield token;
          fed.push(reply === undefined ? undefined : [reply].flat());
        }
      } finally {
        closed = true;
      }
    }
    return { evaluate, fed, closed: () => closed };
  }

  it('hands the forced tokens on as if sampled, and decodes them after the sampled one in one go', async () => {
    const inner = scripted([1, 2, 3]);
    const state = { text: '' };
    let firsts = 0;
    const evaluate = requestEvaluate(inner.evaluate, {
      onFirstToken: () => firsts++,
      forced: (s: State) => (s === state && inner.fed.length === 1 ? [10, 11] : []),
      isEnd: (token) => token === END,
    });
    const seen: number[] = [];
    for await (const token of evaluate([7, 8], { grammarEvaluationState: () => state })) seen.push(token);
    expect(seen).toEqual([1, 10, 11, 2, 3]);
    // The prompt, then the sampled token with the forced ones, then each sampled token fed back.
    expect(inner.fed).toEqual([[7, 8], [1, 10, 11], undefined, undefined]);
    expect(firsts).toBe(1);
    expect(inner.closed()).toBe(true);
  });

  it('passes a consumer’s own tokens on, jumps over nothing without a grammar, and closes early', async () => {
    const inner = scripted([1, 2, 3, 4]);
    let asked = 0;
    const evaluate = requestEvaluate(inner.evaluate, {
      forced: () => (asked++, [10]),
      isEnd: (token) => token === END,
    });
    const iterator = evaluate([7], {});
    expect((await iterator.next()).value).toBe(1);
    expect((await iterator.next(5)).value).toBe(2);
    await iterator.return();
    expect(inner.fed).toEqual([[7], [5]]);
    expect(asked).toBe(0);
    expect(inner.closed()).toBe(true);
  });

  it('does not jump after an end-of-generation token', async () => {
    const inner = scripted([END]);
    let asked = 0;
    const evaluate = requestEvaluate(inner.evaluate, {
      forced: () => (asked++, [10]),
      isEnd: (token) => token === END,
    });
    const seen: number[] = [];
    for await (const token of evaluate([7], { grammarEvaluationState: { text: '' } })) seen.push(token);
    expect(seen).toEqual([END]);
    expect(asked).toBe(0);
  });
});
