import { describe, expect, it } from 'vitest';
import { Lockstep } from '../../../backend/llm/lockstep';

/** The parts of a node-llama-cpp context Lockstep reaches into; sampleToken answers when told. */
function fakeContext() {
  const answers: ((token: number) => void)[] = [];
  const context = {
    _queuedDecodeSequenceIds: new Set<number>(),
    _scheduleDecode() {},
    _ctx: {
      initBatch: (size: number) => size,
      addToBatch: (...args: [sequenceId: number, first: number, tokens: Uint32Array, logits: Uint32Array]) => args[3],
      decodeBatch: () => Promise.resolve(),
      sampleToken: () => new Promise<number>((resolve) => answers.push(resolve)),
    },
  };
  return { context, answers };
}

/** One decode of a token (with its logit) for each of `sequences`. */
async function decode(ctx: ReturnType<typeof fakeContext>['context']['_ctx'], sequences: number) {
  ctx.initBatch(sequences);
  for (let id = 0; id < sequences; id++) ctx.addToBatch(id, 0, Uint32Array.of(1), Uint32Array.of(0));
  await ctx.decodeBatch();
}

describe('Lockstep (sequences of one context decoded together)', () => {
  it("hands a lone sequence's sampled token back in the same turn of the event loop", async () => {
    const { context, answers } = fakeContext();
    new Lockstep(() => 1).attach(context);
    await decode(context._ctx, 1);
    let turnEnded = false;
    setImmediate(() => (turnEnded = true));
    const sampled = context._ctx.sampleToken();
    answers[0]!(42);
    expect(await sampled).toBe(42);
    expect(turnEnded, 'the token waited for the next turn').toBe(false);
  });

  it('holds the samplings of one batch until all of them are in, then hands them back together', async () => {
    const { context, answers } = fakeContext();
    new Lockstep(() => 2).attach(context);
    await decode(context._ctx, 2);
    const back: number[] = [];
    const first = context._ctx.sampleToken().then((t) => back.push(t));
    const second = context._ctx.sampleToken().then((t) => back.push(t));
    answers[0]!(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(back, 'the first came back before the second was sampled').toEqual([]);
    answers[1]!(2);
    await Promise.all([first, second]);
    expect(back).toEqual([1, 2]);
  });
});
