import { describe, expect, it } from 'vitest';
import { MAX_CHUNK, nativeEvaluate, type NativeEvaluateOptions } from '../../../backend/llm/native-call';

const EOG = 999;

/**
 * A context sequence with node-llama-cpp's internals as the native call reads them; its "model"
 * generates `script` in order. Records the native calls, the batched steps and the erasures.
 */
function fakeSequence(script: number[], { failOnCall = -1, msPerToken = 0 } = {}) {
  let next = 0;
  const seen = {
    calls: [] as { first: number; input: number[]; max: number; stops: number[] }[],
    batched: [] as number[][],
    erased: [] as [number, number][],
    removed: [] as [number, number, number][],
    meter: { input: 0, output: 0 },
    samplers: 0,
    disposed: 0,
  };
  const sequence = {
    _sequenceId: 3,
    _nextTokenIndex: 10,
    _contextTokens: Array.from({ length: 10 }, (_, i) => 100 + i),
    _tokenMeter: { useTokens: (n: number, type: 'input' | 'output') => void (seen.meter[type] += n) },
    _contextShift: { size: 1, strategy: 'eraseBeginning' },
    _resolveSamplerConfig: (options: object) => ({ ...options }),
    async _decodeTokens(
      tokens: number[],
      _logits: boolean[],
      _p: number,
      _m: unknown,
      _s: unknown,
      map: (i: number) => Promise<number>,
    ) {
      seen.batched.push(tokens);
      sequence._nextTokenIndex += tokens.length;
      sequence._contextTokens = sequence._contextTokens.concat(tokens);
      const results: unknown[] = [];
      results[tokens.length - 1] = await map(0);
      return results;
    },
    async eraseContextTokenRanges([range]: { start: number; end: number }[]) {
      seen.erased.push([range!.start, range!.end]);
      sequence._contextTokens.splice(range!.start, range!.end - range!.start);
      sequence._nextTokenIndex -= range!.end - range!.start;
    },
    context: {
      _ctx: {
        async generateTokens(
          _id: number,
          first: number,
          input: Uint32Array,
          _s: unknown,
          max: number,
          stops: Uint32Array,
        ) {
          seen.calls.push({ first, input: [...input], max, stops: [...stops] });
          if (seen.calls.length - 1 === failOnCall) throw new Error('Eval has failed');
          if (msPerToken) await new Promise((resolve) => setTimeout(resolve, msPerToken * max));
          const out: number[] = [];
          while (out.length < max && next < script.length) {
            const token = script[next++]!;
            out.push(token);
            if (token === EOG || stops.includes(token)) break;
          }
          return Uint32Array.from(out);
        },
        sampleToken: async () => script[next++]!,
        removeTokenCellsFromSequence: (id: number, start: number, end: number) =>
          void seen.removed.push([id, start, end]),
      },
    },
    model: {
      _model: {},
      _llama: {
        _bindings: {
          AddonSampler: class {
            constructor() {
              seen.samplers++;
            }
            applyConfig() {}
            dispose() {
              seen.disposed++;
            }
          },
        },
      },
      isEogToken: (token: number) => token === EOG,
    },
  };
  return { sequence, seen };
}

const options = (changes: Partial<NativeEvaluateOptions> = {}): NativeEvaluateOptions => ({
  stopTokens: [],
  othersBusy: () => false,
  withLock: (_scope, run) => run(),
  chunked: true,
  maxTokens: 1000,
  // The fake calls take no time: no pace limits a call here but where a test sets one.
  callMs: Infinity,
  ...changes,
});

const tokensOf = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

describe('nativeEvaluate (a fake sequence with node-llama-cpp’s internals)', () => {
  it('asks for 1, 2, 4, … MAX_CHUNK tokens a call, never past maxTokens, and keeps the sequence’s record as one call a token would', async () => {
    const script = tokensOf(40);
    const { sequence, seen } = fakeSequence(script);
    const got: number[] = [];
    for await (const token of nativeEvaluate(sequence, options({ maxTokens: 40 }))([7, 8], { yieldEogToken: true })) {
      got.push(token);
      if (got.length === 40) break;
    }
    expect(got).toEqual(script);
    expect(seen.calls.map((c) => c.max)).toEqual([1, 2, 4, 8, MAX_CHUNK, 9]);
    // Each call starts with the last token of the one before, where the sequence ends.
    expect(seen.calls[1]).toMatchObject({ first: 12, input: [1] });
    expect(seen.calls[2]).toMatchObject({ first: 14, input: [3] });
    // The prompt and every token but the last are decoded; nothing is erased.
    expect(sequence._contextTokens.slice(10)).toEqual([7, 8, ...script.slice(0, 39)]);
    expect(sequence._nextTokenIndex).toBe(10 + 2 + 39);
    expect(seen.erased).toEqual([]);
    expect(seen.meter).toEqual({ input: 1 + 0, output: 40 });
    expect([seen.samplers, seen.disposed]).toEqual([1, 1]);
  });

  it('a slow model gets calls no longer than callMs at the pace of the last one (its text streams, a cancel is heard)', async () => {
    const { sequence, seen } = fakeSequence(tokensOf(12), { msPerToken: 5 });
    let count = 0;
    for await (const token of nativeEvaluate(sequence, options({ callMs: 12 }))([7], {}))
      if (++count === 12 || !token) break;
    // 5 ms a token or more (a busy machine only slows it): at most 2 tokens fit in 12 ms.
    expect(seen.calls.length).toBeGreaterThan(5);
    expect(Math.max(...seen.calls.map((c) => c.max))).toBeLessThanOrEqual(2);
  });

  it('a consumer that stops inside a call: what the call decoded past that token is erased', async () => {
    const script = tokensOf(20);
    const { sequence, seen } = fakeSequence(script);
    const got: number[] = [];
    // Calls of 1, 2, 4: tokens 1 | 2 3 | 4 5 6 7; the third decoded 3…6, so 5 and 6 are past token 5.
    for await (const token of nativeEvaluate(sequence, options())([7], {})) {
      got.push(token);
      if (token === 5) break;
    }
    expect(seen.calls.map((c) => c.max)).toEqual([1, 2, 4]);
    // One call a token would hold the prompt and tokens 1…4 (5, the last read, is not decoded).
    expect(sequence._contextTokens.slice(10)).toEqual([7, 1, 2, 3, 4]);
    expect(seen.erased).toEqual([[15, 17]]);
  });

  it('ends a call at an end-of-generation or stop token, and returns at one it is not to yield', async () => {
    const { sequence, seen } = fakeSequence([1, 2, 3, 42, 5]);
    const got: number[] = [];
    for await (const token of nativeEvaluate(sequence, options({ stopTokens: [42] }))([7], { yieldEogToken: true })) {
      got.push(token);
      if (token === 5) break;
    }
    expect(seen.calls[0]!.stops).toEqual([42]);
    expect(seen.calls.map((c) => c.max)).toEqual([1, 2, 4, 8]);
    expect(got).toEqual([1, 2, 3, 42, 5]);

    const eog = fakeSequence([1, EOG]);
    const read: number[] = [];
    for await (const token of nativeEvaluate(eog.sequence, options())([7], {})) read.push(token);
    expect(read).toEqual([1]);
  });

  it('takes a reply after a call’s last token as the next input (jump-forward), and refuses one inside a call', async () => {
    const { sequence, seen } = fakeSequence(tokensOf(10));
    const generator = nativeEvaluate(sequence, options({ chunked: false }))([7], {});
    expect((await generator.next()).value).toBe(1);
    expect((await generator.next([1, 50, 51])).value).toBe(2);
    await generator.return(undefined);
    expect(seen.calls.map((c) => [c.max, c.input])).toEqual([
      [1, [7]],
      [1, [1, 50, 51]],
    ]);

    const chunked = fakeSequence(tokensOf(10));
    const inside = nativeEvaluate(chunked.sequence, options())([7], {});
    await inside.next(); // call of 1
    await inside.next(); // token 2, first of a call of 2
    await expect(inside.next([2, 60])).rejects.toThrow(/only after its last/);
    expect(chunked.seen.erased).toEqual([[12, 13]]);
  });

  it('while other sequences generate, a step joins node-llama-cpp’s batch with the same sampler', async () => {
    let busy = false;
    const { sequence, seen } = fakeSequence(tokensOf(10));
    const generator = nativeEvaluate(sequence, options({ othersBusy: () => busy }))([7], {});
    expect((await generator.next()).value).toBe(1);
    busy = true;
    expect((await generator.next()).value).toBe(2);
    expect((await generator.next()).value).toBe(3);
    busy = false;
    expect((await generator.next()).value).toBe(4);
    await generator.return(undefined);
    expect(seen.batched).toEqual([[1], [2]]);
    expect(seen.calls.map((c) => c.input)).toEqual([[7], [3]]);
    expect(seen.samplers).toBe(1);
  });

  it('a failed call removes what it may have decoded from the cache and says why', async () => {
    const { sequence, seen } = fakeSequence(tokensOf(10), { failOnCall: 1 });
    const generator = nativeEvaluate(sequence, options())([7], {});
    await generator.next();
    await expect(generator.next()).rejects.toThrow('Eval has failed');
    expect(seen.removed).toEqual([[3, 11, -1]]);
    expect(sequence._nextTokenIndex).toBe(11);
    expect(seen.disposed).toBe(1);
  });
});
