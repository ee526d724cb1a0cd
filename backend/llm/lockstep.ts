/**
 * Keeps the generating sequences of one node-llama-cpp context in step, so each decode carries a
 * token of every one of them, as llama-server's slots do.
 *
 * node-llama-cpp decodes again as soon as a decode's sampling is done, taking whatever is queued
 * then; the sequence sampled last is still on its way back and misses it. Left alone, the
 * sequences split into two groups that take turns (4 sequences: 171 decodes of 3 tokens on
 * average for 128 tokens each, where 128 decodes of 4 suffice). So: the results of one batch's
 * sampling are handed back together, and a new decode waits until every busy sequence has
 * queued its token, or a decode's time at most. This reaches into node-llama-cpp's internals
 * (`_ctx`, `_queuedDecodeSequenceIds`; the version is pinned); where they are missing it
 * changes nothing.
 */

interface NativeContext {
  initBatch(size: number): void;
  addToBatch(sequenceId: number, firstTokenIndex: number, tokens: Uint32Array, logitIndexes: Uint32Array): unknown;
  decodeBatch(): Promise<void>;
  sampleToken(...args: unknown[]): Promise<unknown>;
}

interface ContextInternals {
  _ctx?: NativeContext;
  _queuedDecodeSequenceIds?: Set<number>;
  /** Called by node-llama-cpp after each token run it queues. */
  _scheduleDecode?: () => void;
}

/** A sampling result held back until its batch's others are ready. */
type Held = () => void;

export class Lockstep {
  private context: ContextInternals | null = null;
  /** Samplings the batch being decoded will make: one per token that asked for logits. */
  private expected = 0;
  private held: Held[] = [];
  private releaseTimer: NodeJS.Timeout | undefined;
  private lastDecodeMs = 5;
  /** The decode waiting for the busy sequences' tokens, and when it goes anyway. */
  private pending: { dispatch: () => void; timer: NodeJS.Timeout } | null = null;

  /** @param busy how many sequences are generating now (they will queue a token each step). */
  constructor(private readonly busy: () => number) {}

  /**
   * For `createContext({batching: {dispatchSchedule}})`: decode once every busy sequence has
   * queued (told by each queueing, no polling), or after a decode's time at most: waiting
   * longer would cost more than a sequence that misses a step.
   */
  readonly dispatchSchedule = (dispatch: () => void): void => {
    if (this.allQueued()) return dispatch();
    this.flush();
    this.pending = { dispatch, timer: setTimeout(() => this.flush(), Math.max(1, this.lastDecodeMs)) };
  };

  private allQueued(): boolean {
    const queued = this.context?._queuedDecodeSequenceIds?.size;
    return queued === undefined || queued >= this.busy();
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    clearTimeout(pending.timer);
    pending.dispatch();
  }

  /** Wraps the created context's native calls; call once, right after createContext. */
  attach(context: object): void {
    const internals = context as ContextInternals;
    const native = internals._ctx;
    const schedule = internals._scheduleDecode;
    if (
      !native ||
      typeof native.sampleToken !== 'function' ||
      !(internals._queuedDecodeSequenceIds instanceof Set) ||
      typeof schedule !== 'function'
    )
      return;
    this.context = internals;
    internals._scheduleDecode = () => {
      schedule.call(internals);
      if (this.pending && this.allQueued()) this.flush();
    };
    // node-llama-cpp reads several of these per token: each is made once, not bound on every read.
    const methods = new Map<PropertyKey, unknown>();
    internals._ctx = new Proxy(native, {
      get: (target, property, receiver) => {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function') return value;
        let method = methods.get(property);
        if (!method)
          methods.set(property, (method = this.wrap(target, property, value as (...args: unknown[]) => unknown)));
        return method;
      },
    });
  }

  private wrap(target: NativeContext, property: PropertyKey, call: (...args: unknown[]) => unknown): unknown {
    switch (property) {
      case 'initBatch':
        return (size: number) => {
          this.expected = 0;
          return call.call(target, size);
        };
      case 'addToBatch':
        return (...args: unknown[]) => {
          this.expected += (args[3] as Uint32Array).length;
          return call.apply(target, args);
        };
      case 'decodeBatch':
        return async () => {
          const started = performance.now();
          await (call.call(target) as Promise<void>);
          this.lastDecodeMs = performance.now() - started;
        };
      case 'sampleToken':
        return (...args: unknown[]) =>
          (call.apply(target, args) as Promise<unknown>).then(
            (token) => new Promise((resolve) => this.hold(() => resolve(token))),
          );
      default:
        return call.bind(target);
    }
  }

  private hold(resume: Held): void {
    this.held.push(resume);
    clearTimeout(this.releaseTimer);
    // All in: handed back now. A turn of the event loop here (setImmediate) cost a lone sequence
    // that much per token, between its sampling and its next decode.
    if (this.held.length >= this.expected) this.release();
    // A logit no sampling reads must not stall the others.
    else this.releaseTimer = setTimeout(() => this.release(), Math.max(2, this.lastDecodeMs));
  }

  private release(): void {
    clearTimeout(this.releaseTimer);
    const held = this.held;
    this.held = [];
    for (const resume of held) resume();
  }
}
