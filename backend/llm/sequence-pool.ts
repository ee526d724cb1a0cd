/**
 * The sequences of one llama context, handed to requests one each: at most as many generate at
 * once as the context has, the rest wait in order, and those that do are decoded in one batch
 * per step (batch-order.ts, lockstep.ts). Runs inside the llama helper process.
 */
import type * as LlamaLibrary from 'node-llama-cpp' with { 'resolution-mode': 'import' };
import { inSequenceOrder } from './batch-order';
import { Lockstep } from './lockstep';
import { Slots } from './slots';

type LlamaContext = LlamaLibrary.LlamaContext;
type Sequence = LlamaLibrary.LlamaContextSequence;
type Batching = NonNullable<LlamaLibrary.LlamaContextOptions['batching']>;

export interface HeldSequence {
  sequence: Sequence;
  /** Gives the sequence back, keeping what it holds for the next request. */
  release(): void;
}

export class SequencePool {
  private readonly slots: Slots;
  private readonly lockstep: Lockstep;
  private context: LlamaContext | null = null;
  /** Made so far and free now, by id (the order they were made in: none is disposed). */
  private idle: Sequence[] = [];
  private readonly ids = new WeakMap<Sequence, number>();
  private made = 0;

  constructor(readonly size: number) {
    this.slots = new Slots(size);
    this.lockstep = new Lockstep(() => this.slots.load.held);
  }

  /** How many sequences are held by requests now (generating, or about to). */
  get held(): number {
    return this.slots.load.held;
  }

  /** For `createContext({batching})`: tokens in sequence order, decoded when every busy sequence has queued. */
  get batching(): Batching {
    return {
      itemPrioritizationStrategy: ({ items, size }) => inSequenceOrder(items, size, this.sequenceIdOf()),
      dispatchSchedule: this.lockstep.dispatchSchedule,
    };
  }

  /** Call once the context exists. */
  attach(context: LlamaContext): void {
    this.context = context;
    this.lockstep.attach(context);
  }

  /** The context is going away: requests still waiting get nothing. */
  close(): void {
    this.context = null;
    this.idle = [];
  }

  /**
   * A sequence, waiting for one to free up when all are generating; rejects with the signal's
   * reason when aborted first, and null when the context was closed meanwhile. The lowest free
   * id: sequences busy together then have consecutive ids, one pass over the weights per batch.
   */
  async acquire(signal?: AbortSignal): Promise<HeldSequence | null> {
    const release = await this.slots.acquire(signal);
    const context = this.context;
    if (!context) {
      release();
      return null;
    }
    let sequence: Sequence;
    try {
      sequence = this.idle.shift() ?? this.track(context.getSequence());
    } catch (error) {
      release();
      throw error;
    }
    return {
      sequence,
      release: () => {
        if (this.context === context && !sequence.disposed) this.putBack(sequence);
        release();
      },
    };
  }

  private track(sequence: Sequence): Sequence {
    this.ids.set(sequence, this.made++);
    return sequence;
  }

  private putBack(sequence: Sequence): void {
    const id = this.ids.get(sequence)!;
    const at = this.idle.findIndex((other) => this.ids.get(other)! > id);
    this.idle.splice(at < 0 ? this.idle.length : at, 0, sequence);
  }

  /**
   * The sequence id of each token run queued in the context now, by its token array (the one a
   * batch item carries). node-llama-cpp keeps these internal (it is pinned); without them the
   * batch keeps node-llama-cpp's own order.
   */
  private sequenceIdOf(): (item: { tokens: readonly unknown[] }) => number | undefined {
    const queued = (this.context as unknown as { _queuedDecodes?: { tokens: unknown; sequenceId: number }[] } | null)
      ?._queuedDecodes;
    const byTokens = new Map(Array.isArray(queued) ? queued.map((q) => [q.tokens, q.sequenceId]) : []);
    return (item) => byTokens.get(item.tokens);
  }
}
